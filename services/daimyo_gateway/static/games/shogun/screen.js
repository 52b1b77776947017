// A live Shogun game, as a seat's owner (play) or as a spectator, inside the shell's live-screen
// driver (shell/screen.js), which brings the frames, clocks and the history. Every choice offered
// comes from the view's `legal` menu, so the server never has to refuse a click; if it does, the
// driver shows its reason and the form comes back.

import { PanZoom } from "../../shell/panzoom.js";
import { esc, find, findAll, keepFocus, seatName } from "../../shell/widgets.js";
// `tr` where a screen names its move targets `t`
import { t, t as tr } from "../../shell/i18n.js";
import { bindMap, mapSvg, mapZoom, provinceName, regionLegend } from "./map.js";
import { CENTRES } from "./layout.js";
import { PlanDraft, listsHtml, planHtml } from "./plan.js";
import { recapHtml, recapOf } from "./recap.js";
import {
  ACTION_SHORT, Chronicle, SPECIAL_NAMES, battlesHtml, bidLabel, cardLabel, finalHtml, logHtml, logLines, seatsHtml,
  specialText, statusText, stripHtml, towerHtml, winterHtml,
} from "./panels.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Menu} Menu */
/** @typedef {import("../../shell/games.js").GameScreen} GameScreen */
/** @typedef {import("../../shell/games.js").ReplyFrame} ReplyFrame */

/** @implements {GameScreen} */
export class ShogunScreen {
  /** @param {import("../../shell/games.js").ScreenHost} host */
  constructor(host) {
    this.host = host; this.root = host.root; this.info = host.info; this.seat = host.seat;
    this.board = /** @type {import("./wire.js").Board} */ (host.board);
    /** @type {View | null} */
    this.view = null;
    /** @type {import("./wire.js").LogLine[]} */
    this.lines = [];
    this.chronicle = new Chronicle();
    /** @type {string | undefined} the round ("year:season") the recap's next comparison starts from */
    this.roundKey = undefined;
    /** @type {View | null} that round's first view */
    this.roundStart = null;
    /** @type {string} the last round's recap panel */
    this.recap = "";
    /** @type {string | null} the province a move goes to */
    this.target = null;
    /** @type {number | null} how many armies go */
    this.armies = null;
    /** @type {{ take?: string, armies?: number }} */
    this.draft = {};
    /** @type {PlanDraft | null} */
    this.plan = null;
    /** @type {Set<string>} */
    this.flash = new Set();
    /** @type {{ id: string, version: number | null } | null} the move in flight */
    this.sent = null;
    /** @type {string | undefined} */
    this.battlesShown = undefined;
    this.centred = false;
    // set by mount()
    this.el = (/** @type {string} */ id) => find(this.root, `#${id}`);
    this.pz = /** @type {PanZoom} */ (/** @type {unknown} */ (null));
  }

  /** The view drawn (render and what it calls run only once there is one). */
  shown() { return /** @type {View} */ (this.view); }

  mount() {
    const root = this.root;
    root.innerHTML = `<div class="sg-game"><div><div class="status" id="status" aria-live="polite">${esc(t("shogun-connecting"))}</div><div id="live"></div>` +
      `<div id="strip"></div><div class="just-now" id="just-now" aria-live="polite"></div><div id="board-frame" tabindex="0" role="group" aria-label="${esc(t("shogun-map-frame-label"))}"><div class="sg-map-wrap" id="board"></div></div><div id="legend"></div></div>` +
      `<aside class="side"><div id="decide"></div><div id="recap"></div><div id="final"></div><div id="seats"></div><div id="battle"></div><div id="winter"></div><div id="log"></div></aside></div>`;
    this.el = (/** @type {string} */ id) => find(root, `#${id}`);
    bindMap(this.el("board"), (province) => this.clickProvince(province));
    this.pz = new PanZoom(this.el("board-frame"), this.el("board"), { signal: this.host.signal, initialZoom: mapZoom });
  }

  /** @param {KeyboardEvent} event */
  keydown(event) { if (event.key === "Escape" && this.target) { this.target = null; this.render(); } }

  /** @param {import("./wire.js").Effects} effects */
  effects(effects) {
    this.lines.push(...logLines(effects, this.info.seats, this.board));
    this.chronicle.add(effects);
  }

  // A sent move stays "in flight" (its form disabled) until the view that includes it arrives,
  // even if other players' views come first; an error gives the form back with the reason.
  /** @param {ReplyFrame} frame */
  acked(frame) { if (this.sent && frame.command_id === this.sent.id) this.sent.version = frame.version ?? null; }

  /** @param {ReplyFrame} frame */
  refused(frame) {
    if (!frame.ref || frame.ref === this.sent?.id) this.sent = null;
    this.render();
  }

  /** @param {import("../../shell/games.js").ViewFrame<View>} frame */
  update(frame) {
    if (this.sent?.version && frame.version >= this.sent.version) this.sent = null;
    const effects = /** @type {import("./wire.js").Effects} */ (frame.effects);
    this.flash = flashed(effects);
    const news = logLines(effects, this.info.seats, this.board).slice(-2);
    if (news.length) this.el("just-now").innerHTML = `<span class="muted">${esc(t("shogun-just-now"))}</span> ${news.map((l) => l.text).join(" · ")}`;
    const menuBefore = JSON.stringify(this.menu());
    this.roundOver(frame.view);
    this.view = frame.view;
    this.root.dataset.stage = frame.view.stage;
    if (JSON.stringify(this.menu()) !== menuBefore) { this.target = null; this.armies = null; this.plan = null; this.draft = {}; this.sent = null; }
    this.render();
  }

  // A new season's first view closes the round before it: its recap (what changed, who has
  // what) shows until the next round closes, and the round's first view is kept to compare.
  /** @param {View} view */
  roundOver(view) {
    const key = `${view.year}:${view.season}`;
    if (this.roundKey === key) return;
    if (this.roundStart && this.roundKey) {
      const [year, season] = this.roundKey.split(":");
      this.recap = recapHtml(recapOf(this.roundStart, view), this.info.seats, t("shogun-year-season", { year: Number(year), season: t(`shogun-season-${season}`) }));
    }
    this.roundKey = key;
    this.roundStart = view;
  }

  /** @returns {Menu | null} */
  menu() { return (this.seat !== null && !this.info.away && (this.view?.legal)) || null; }

  /** Winter is a step of its own (issue 33): the playback pauses on the view that scores it, so
   *  the player reads who fed what and what revolted before playing on.
   *  @param {import("../../shell/games.js").ViewFrame<View>} frame */
  holdAt(frame) {
    const effects = /** @type {import("./wire.js").Effects} */ (frame.effects);
    const list = Array.isArray(effects) ? effects : effects?.public || [];
    return list.some((e) => e.type === "scoring");
  }

  /** A seat changed hands (shell/live.js): a line in the log. @param {string} text */
  note(text) { this.lines.push({ text: esc(text) }); if (this.view) this.render(); }

  // Plans are made simultaneously: another seat's plan moves the version on without changing
  // this one's choices, so a plan is sent without an expected version (the engine still checks it).
  /** @param {Record<string, unknown>} move */
  send(move) {
    this.sent = { id: this.host.send(move, { expected: move.type !== "plan" }), version: null };
    findAll(this.el("decide"), "button, select, input", HTMLButtonElement).forEach((b) => { b.disabled = true; });
  }

  /** @param {string} province */
  clickProvince(province) {
    const menu = this.menu();
    if (menu?.type === "plan" && this.plan && !this.sent) {
      if (this.plan.place(province)) keepFocus(this.root, () => this.render(), "#board .sg-prov.selectable");
      return;
    }
    if (menu?.type !== "move" || !menu.targets.some((t) => t.to === province)) return;
    this.target = province;
    if (this.armies === null) this.armies = menu.max_armies;
    keepFocus(this.root, () => this.render(), "#decide [data-act=go]");
  }

  // -- drawing ----------------------------------------------------------------------------

  // A zoomed-in map (a phone) opens over the player's own provinces, once.
  /** @param {View} v */
  centreOnMine(v) {
    const mine = Object.entries(v.provinces || {}).filter(([, p]) => p.owner === this.seat && this.seat !== null).map(([name]) => CENTRES[name]).filter(Boolean);
    if (!mine.length) return;
    this.centred = true;
    this.pz.centreOn(mine.reduce((s, c) => s + c[0], 0) / mine.length, mine.reduce((s, c) => s + c[1], 0) / mine.length);
  }

  // a seat's player was renamed (shell/screen.js updated info.seats): the same view, new names
  renamed() { keepFocus(this.root, () => this.render()); }

  render() {
    if (!this.view) return;
    const v = this.view, seats = this.info.seats, menu = this.menu();
    /** @type {import("./map.js").MapOptions} */
    const opts = { flash: this.flash, name: (/** @type {number} */ s) => seatName(seats, s) };
    if (menu?.type === "plan" && !this.plan) this.plan = new PlanDraft(this.board, menu);
    if (menu?.type === "move") {
      opts.origin = menu.from;
      opts.targets = new Set(menu.targets.map((t) => t.to));
    } else if (menu?.type === "plan" && this.plan && !this.sent) {
      opts.selectable = new Set(this.plan.free());
      opts.plan = this.plan.onMap();
      opts.current = this.plan.actions[this.plan.current];
    } else if (v.decision) opts.origin = v.decision.from;
    this.el("status").innerHTML = statusText(v, seats, this.seat, !!this.info.away);
    this.el("strip").innerHTML = stripHtml(this.board, v);
    this.el("board").innerHTML = mapSvg(this.board, v, opts);
    this.pz.apply();
    if (!this.centred) this.centreOnMine(v);
    this.el("legend").innerHTML = regionLegend(v.side);
    this.el("final").innerHTML = finalHtml(v, seats, this.info.finished && this.info.winners);
    this.el("seats").innerHTML = seatsHtml(v, seats, this.seat) + "";
    find(this.el("seats"), "section").insertAdjacentHTML("beforeend", towerHtml(v));
    const battles = battlesHtml(this.chronicle.battles, seats);
    if (battles !== this.battlesShown) { this.el("battle").innerHTML = battles; this.battlesShown = battles; }
    this.el("winter").innerHTML = winterHtml(this.chronicle.winter, seats);
    if (this.el("recap").innerHTML !== this.recap) this.el("recap").innerHTML = this.recap;
    this.el("log").innerHTML = logHtml(this.lines);
    this.renderDecision(menu);
  }

  /** @param {Menu | null} menu */
  renderDecision(menu) {
    const box = this.el("decide");
    if (!menu || this.shown().finished) {
      box.innerHTML = this.seat !== null && !this.shown().finished ? this.waitingHtml() : "";
      return;
    }
    if (this.sent) {
      box.innerHTML = `<section class="card" aria-label="${esc(t("shogun-sent-label"))}"><p class="hint muted">${esc(t("shogun-sent"))}</p></section>`;
      return;
    }
    if (menu.type === "plan") return this.renderPlan(box, menu);
    if (menu.type === "pick_special") return this.renderPick(box, menu);
    if (menu.type === "move") return this.renderMove(box, menu);
    if (menu.type === "draft") return this.renderDraft(box, menu);
    box.innerHTML = ""; // a menu this client does not know
  }

  waitingHtml() {
    const plan = this.shown().your_plan;
    if (!plan) return `<section class="card"><p class="hint muted">${esc(t("shogun-waiting-others"))}</p></section>`;
    const rows = Object.entries(plan.actions).filter(([, c]) => c).map(([k, c]) => `<li>${esc(ACTION_SHORT[k])}: ${esc(cardLabel(c))}</li>`).join("");
    return `<section class="card" aria-label="${esc(t("shogun-your-plan-label"))}"><h3>${esc(t("shogun-your-plan"))}</h3><ul class="explain" style="margin:0;padding-left:1.1rem">${rows || `<li>${esc(t("shogun-no-actions"))}</li>`}</ul>` +
      `<p class="explain">${esc(t("shogun-bid-is-label", { bid: bidLabel(plan.bid) }))}</p></section>`;
  }

  // Planning: the card row and the map (plan.js), with the folded dropdown form as the
  // alternative; each edit draws again and gives focus back to what was used.
  /** @param {HTMLElement} box @param {import("./wire.js").PlanMenu} menu */
  renderPlan(box, menu) {
    if (!this.plan) this.plan = new PlanDraft(this.board, menu);
    const draft = this.plan, chests = this.shown().seats[String(this.seat)].chests;
    const open = /** @type {HTMLDetailsElement | null} */ (box.querySelector("details.sg-lists"))?.open || false;
    box.innerHTML = `<section class="card sg-decide" aria-label="${esc(t("shogun-plan-label"))}"><h3>${esc(t("shogun-plan-title"))}</h3>${planHtml(draft, this.shown(), chests)}` +
      `<div class="actions"><button class="primary" data-act="submit-plan">${esc(t("shogun-submit-plan"))}</button><button data-act="clear-plan">${esc(t("shogun-clear"))}</button></div>` +
      `${listsHtml(draft, open)}</section>`;
    const redraw = () => keepFocus(this.root, () => this.render(), "#decide [data-plan-province], #decide [data-plan-action][aria-pressed=true]");
    findAll(box, "[data-plan-action]").forEach((b) => b.addEventListener("click", () => { draft.choose(/** @type {string} */ (b.dataset.planAction)); redraw(); }));
    findAll(box, "[data-plan-province]").forEach((b) => b.addEventListener("click", () => { draft.place(/** @type {string} */ (b.dataset.planProvince)); redraw(); }));
    findAll(box, "[data-plan-bid]").forEach((b) => b.addEventListener("click", () => { draft.bid = b.dataset.planBid || null; redraw(); }));
    find(box, "[data-plan-blank]").addEventListener("click", () => { draft.blank(); redraw(); });
    find(box, "[data-plan-clear]").addEventListener("click", () => { draft.clear(); redraw(); });
    findAll(box, "select[data-action]", HTMLSelectElement).forEach((s) => s.addEventListener("change", () => {
      const action = /** @type {string} */ (s.dataset.action);
      draft.actions[action] = s.value || null; draft.choose(action); redraw();
    }));
    const bid = find(box, "#plan-bid", HTMLSelectElement);
    bid.addEventListener("change", () => { draft.bid = bid.value || null; redraw(); });
    find(box, "[data-act=submit-plan]").addEventListener("click", () => this.send(draft.move()));
    find(box, "[data-act=clear-plan]").addEventListener("click", () => { this.plan = null; redraw(); });
  }

  /** @param {HTMLElement} box @param {import("./wire.js").PickMenu} menu */
  renderPick(box, menu) {
    const order = this.shown().specials;
    const buttons = menu.cards.map((c) => `<button data-special="${c}"><strong>${esc(SPECIAL_NAMES[c] || c)}</strong> · ${esc(t("shogun-turn-n", { n: order.indexOf(c) + 1 }))}<small>${esc(specialText(c))}</small></button>`).join("");
    box.innerHTML = `<section class="card sg-decide" aria-label="${esc(t("shogun-special-label"))}"><h3>${esc(t("shogun-pick-special"))}</h3>` +
      `<p class="hint">${esc(t("shogun-pick-special-hint"))}</p><div class="sg-picks">${buttons}</div></section>`;
    findAll(box, "[data-special]").forEach((b) => b.addEventListener("click", () => this.send({ type: "pick_special", card: b.dataset.special })));
  }

  /** @param {HTMLElement} box @param {import("./wire.js").MoveMenu} menu */
  renderMove(box, menu) {
    const targets = menu.targets.map((t) => `<button data-target="${esc(t.to)}" class="${this.target === t.to ? "primary" : ""}" aria-pressed="${this.target === t.to}">${esc(tr(t.battle ? "shogun-target-attack" : "shogun-target-move", { province: provinceName(t.to) }))}</button>`).join("");
    const target = menu.targets.find((t) => t.to === this.target);
    const count = this.armies ?? menu.max_armies;
    const go = (/** @type {number | string} */ armies) => tr(target?.battle ? "shogun-go-attack" : "shogun-go-move", { province: provinceName(target?.to), armies: Number(armies) });
    const slider = target ? `<div class="sg-count"><label for="armies" style="margin:0">${esc(tr("shogun-armies"))}</label><input type="range" id="armies" min="1" max="${menu.max_armies}" value="${count}">` +
      `<output id="armies-out">${count}</output><span class="muted">${esc(tr("shogun-of-max", { max: menu.max_armies }))}</span></div>` +
      `<div class="actions"><button class="primary" data-act="go">${esc(go(count))}</button></div>` : "";
    const from = this.shown().provinces[menu.from];
    box.innerHTML = `<section class="card sg-decide" aria-label="${esc(tr("shogun-move-label"))}"><h3>${esc(tr("shogun-move-from", { action: ACTION_SHORT[menu.action], province: provinceName(menu.from) }))} <span class="muted">${esc(from ? tr("shogun-armies-n", { count: from.armies }) : "")}</span></h3>` +
      `<p class="hint">${esc(tr(menu.targets.length ? "shogun-move-hint" : "shogun-move-none"))}</p>` +
      `<div class="sg-picks">${targets}</div>${slider}<div class="actions"><button data-act="skip">${esc(tr("shogun-stay"))}</button></div></section>`;
    findAll(box, "[data-target]").forEach((b) => b.addEventListener("click", () => this.clickProvince(/** @type {string} */ (b.dataset.target))));
    const range = /** @type {HTMLInputElement | null} */ (box.querySelector("#armies"));
    range?.addEventListener("input", () => {
      this.armies = +range.value;
      find(box, "#armies-out").textContent = range.value;
      find(box, "[data-act=go]").textContent = go(range.value);
    });
    box.querySelector("[data-act=go]")?.addEventListener("click", () => this.send({ type: "move", to: this.target, armies: this.armies ?? menu.max_armies }));
    find(box, "[data-act=skip]").addEventListener("click", () => this.send({ type: "skip" }));
  }

  /** @param {HTMLElement} box @param {import("./wire.js").DraftMenu} menu */
  renderDraft(box, menu) {
    const faceUp = this.shown().draft?.face_up || [];
    const takeName = (/** @type {string} */ t) => (t === "deck" ? tr("shogun-draft-deck", { count: this.shown().draft?.deck_size ?? 0 }) : provinceName(faceUp[+t.slice(-1)] || t));
    const take = this.draft.take ?? menu.take[0], armies = this.draft.armies ?? menu.armies[menu.armies.length - 1];
    const takes = menu.take.map((t) => `<button data-take="${t}" class="${t === take ? "primary" : ""}" aria-pressed="${t === take}">${esc(takeName(t))}</button>`).join("");
    const groups = menu.armies.map((a) => `<button data-armies="${a}" class="${a === armies ? "primary" : ""}" aria-pressed="${a === armies}">${a}</button>`).join("");
    box.innerHTML = `<section class="card sg-decide" aria-label="${esc(tr("shogun-draft-label"))}"><h3>${esc(tr("shogun-draft-title"))}</h3><p class="hint">${esc(tr("shogun-draft-card"))}</p><div class="sg-picks">${takes}</div>` +
      `<p class="hint">${esc(tr("shogun-draft-group"))}</p><div class="sg-picks">${groups}</div><div class="actions"><button class="primary" data-act="draft">${esc(tr("shogun-draft-take"))}</button></div></section>`;
    findAll(box, "[data-take]").forEach((b) => b.addEventListener("click", () => { this.draft.take = b.dataset.take; this.renderDraft(box, menu); }));
    findAll(box, "[data-armies]").forEach((b) => b.addEventListener("click", () => { this.draft.armies = Number(b.dataset.armies); this.renderDraft(box, menu); }));
    find(box, "[data-act=draft]").addEventListener("click", () => this.send({ type: "draft", take, armies }));
  }
}


/** The provinces the effects of a move touched (battles, moves, actions done), to flash on the map.
 *  @param {import("./wire.js").Effects} effects */
export function flashed(effects) {
  /** @type {Set<string>} */
  const out = new Set();
  const list = Array.isArray(effects) ? effects : effects?.public || [];
  for (const e of list) {
    if (e.type === "battle" && e.province) out.add(e.province);
    if (e.type === "moved" && e.move?.to) out.add(e.move.to);
    if (e.type === "action" && e.result === "done") out.add(e.card);
  }
  return out;
}
