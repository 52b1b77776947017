// A live Samurai game, as the seat's owner (play) or as a spectator, inside the shell's live-screen
// driver (shell/screen.js), which brings the frames, clocks and the log's history. Everything
// offered comes from the view's `legal` moves, so the server never has to refuse a click; if it
// does, the driver shows its reason and the screen draws again.

import { esc, find, findAll, keepFocus, seatName, targetOf } from "../../shell/widgets.js";
import { formatList, t } from "../../shell/i18n.js";
import { PanZoom } from "../../shell/panzoom.js";
import { boardSvg, boardZoom, bindBoard, figureShape, hexLabel, influenceText, useBoard } from "./board.js";
import { finalPanel, logItems, logPanel, playersPanel } from "./panels.js";
import { figurePicks, lastHexes, same, swapPairs } from "./picks.js";
import { FIGURES, SEAT_COLORS, tileInfo, tileName, figureName } from "./tiles.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Legal} Legal */
/** @typedef {import("./wire.js").FigureSpot} FigureSpot */

/**
 * What the player has picked so far: a tile to place, a tile swap (and the tile to move), a
 * figure swap (and its first figure), or a figure to put on a settlement in the setup.
 * @typedef {{ kind: "place" | "tswap" | "fswap" | "setup", tile?: string, from?: string, a?: FigureSpot | null, figure?: string }} Selection
 */

/** @typedef {import("../../shell/games.js").GameScreen} GameScreen */

/** A board narrower than this (CSS px) zooms to the hexes a chosen tile may go to. */
const SMALL_BOARD_PX = 600;
/** How wide (CSS px) a hex is at least, zoomed for a finger. */
const TOUCH_PX = 34;

/** @implements {GameScreen} */
export class SamuraiScreen {
  /** @param {import("../../shell/games.js").ScreenHost} host */
  constructor(host) {
    this.host = host; this.root = host.root; this.info = host.info; this.seat = host.seat;
    this.geometry = /** @type {import("./wire.js").Geometry} */ (host.board);
    useBoard(this.geometry);
    /** @type {View | null} */
    this.view = null;
    /** @type {import("./wire.js").LogLine[]} */
    this.lines = [];
    /** @type {Selection | null} */
    this.sel = null;
    /** @type {Set<string>} */
    this.chosen = new Set();
    /** @type {Set<string>} */
    this.lastHexes = new Set();
    /** @type {string} the choice the board was last zoomed to */
    this.zoomedFor = "";
    /** @type {number | undefined} the seat whose turn is outlined */
    this.mover = undefined;
    // set by mount()
    this.boardEl = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    this.handEl = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    this.pz = /** @type {PanZoom} */ (/** @type {unknown} */ (null));
  }

  /** The view drawn (render and what it calls run only once there is one). */
  shown() { return /** @type {View} */ (this.view); }

  mount() {
    this.root.innerHTML = `<div class="game"><div><div class="status" id="status" aria-live="polite">${esc(t("samurai-connecting"))}</div><div id="live"></div>` +
      `<div class="just-now" id="just-now" aria-live="polite"></div><div id="board-frame" tabindex="0" role="group" aria-label="${esc(t("samurai-board-frame-label"))}"><div class="board-wrap" id="board"></div></div><div class="hint site-hint" id="site-hint" aria-live="polite"></div></div><aside class="side"><div class="hand-bar" id="hand"></div><div class="side" id="side"></div></aside></div>`;
    this.boardEl = find(this.root, "#board");
    this.handEl = find(this.root, "#hand");
    const showSite = (/** @type {Event} */ event) => {
      const site = targetOf(event).closest?.("[data-site], [data-settlement]");
      const id = site?.getAttribute("data-site") || site?.getAttribute("data-settlement");
      const hint = find(this.root, "#site-hint");
      if (!this.view) return;
      if (!id) {
        const hex = targetOf(event).closest?.("[data-hex]")?.getAttribute("data-hex");
        if (hex) hint.innerHTML = `<strong>${esc(hexLabel(hex))}</strong>`;
        return;
      }
      const name = (/** @type {string} */ s) => esc(seatName(this.info.seats, +s));
      hint.innerHTML = `<strong>${esc(hexLabel(id))}</strong> — ${esc(t("samurai-influence-label"))} ${influenceText(this.view, id, this.view.figures?.[id] || [], name)}`;
    };
    this.boardEl.addEventListener("mouseover", showSite);
    this.boardEl.addEventListener("focusin", showSite);
    this.pz = new PanZoom(find(this.root, "#board-frame"), this.boardEl, { signal: this.host.signal, initialZoom: boardZoom });
    bindBoard(this.boardEl, {
      onHex: (hex) => this.clickHex(hex),
      onFigure: (s, f) => this.clickFigure(s, f),
      onDrop: (hex, tile) => { if (tile) { this.sel = { kind: "place", tile }; this.clickHex(hex); } },
    });
  }

  /** @param {KeyboardEvent} event */
  keydown(event) { if (event.key === "Escape") { this.sel = null; this.render(); } }

  /** @param {import("./wire.js").Effects} effects */
  effects(effects) { this.lines.push(...logItems(effects, this.info.seats, this.seat)); }

  refused() { this.render(); }

  /** A seat changed hands (shell/live.js): a line in the log. @param {string} text */
  note(text) { this.lines.push({ text: esc(text), capture: false }); if (this.view) this.render(); }

  /** @param {import("../../shell/games.js").ViewFrame<View> & { missed?: unknown[] }} frame */
  update(frame) {
    if (frame.last_move === null && !frame.missed?.length && frame.effects === null && frame.view.finished && this.view && !this.view.finished) {
      this.lines.push({ text: esc(t("samurai-log-game-ended")), capture: true });
    }
    const news = logItems(/** @type {import("./wire.js").Effects} */ (frame.effects), this.info.seats, this.seat).slice(-2);
    if (news.length) find(this.root, "#just-now").innerHTML = `<span class="muted">${esc(t("samurai-just-now"))}</span> ${news.map((l) => l.text).join(" · ")}`;
    // the whole turn of whoever moved last stays outlined, tile by tile as it is played back
    const mover = frame.last_move?.seat;
    if (mover !== undefined && mover !== this.mover) { this.mover = mover; this.lastHexes = new Set(); }
    for (const hex of lastHexes(frame)) this.lastHexes.add(hex);
    this.view = frame.view; this.sel = null;
    if (!this.legal().choose_hand) this.chosen.clear();
    const playing = this.root.contains(document.activeElement) && document.activeElement !== this.root;
    keepFocus(this.root, () => this.render());
    // keyboard play: after a move, focus goes back to the hand (first playable tile, or End turn)
    if (playing && !this.root.contains(document.activeElement)) {
      /** @type {HTMLElement | null} */ (this.handEl.querySelector("button.tile:not([disabled]), [data-act]"))?.focus({ preventScroll: true });
    }
  }

  /** @returns {Legal} */
  legal() { return (this.seat !== null && !this.info.away && this.view?.legal) || {}; }

  /** @param {Record<string, unknown>} move */
  send(move) {
    this.host.send(move);
    this.sel = null;
    this.render();
  }

  // -- clicks ------------------------------------------------------------------------------

  // A tile chosen with the keyboard sends focus to the board's first highlighted hex (the arrow
  // keys then move between them); chosen with the mouse, focus stays on the tile.
  /** @param {string} tile */
  selectTile(tile, byKeyboard = false) {
    keepFocus(this.root, () => this.pickTile(tile));
    if (byKeyboard && this.sel) /** @type {SVGElement | null} */ (this.boardEl.querySelector('[tabindex="0"]'))?.focus({ preventScroll: true });
  }

  /** @param {string} tile */
  pickTile(tile) {
    const legal = this.legal();
    if (this.sel?.tile === tile) this.sel = null;
    else if (tile === "figure_swap" && legal.figure_swap) this.sel = { kind: "fswap", tile };
    else if (tile === "tile_swap" && legal.tile_swap) this.sel = { kind: "tswap", tile };
    else if (legal.place?.[tile]) this.sel = { kind: "place", tile };
    this.render();
  }

  /** @param {string} hex */
  clickHex(hex) {
    const legal = this.legal(), sel = this.sel;
    if (!sel) return;
    if (sel.kind === "place" && legal.place?.[/** @type {string} */ (sel.tile)]?.includes(hex)) return this.send({ type: "place", tile: sel.tile, hex });
    if (sel.kind === "tswap" && !sel.from && legal.tile_swap?.[hex]) { sel.from = hex; return this.render(); }
    if (sel.kind === "tswap" && sel.from && /** @type {Record<string, string[]>} */ (legal.tile_swap)[sel.from].includes(hex)) return this.send({ type: "tile_swap", from: sel.from, to: hex });
    if (sel.kind === "setup" && legal.place_figure?.[hex]?.includes(/** @type {string} */ (sel.figure))) return this.send({ type: "place_figure", settlement: hex, figure: sel.figure });
  }

  /** @param {string} settlement @param {string} figure */
  clickFigure(settlement, figure) {
    const sel = this.sel;
    if (sel?.kind !== "fswap") return;
    const first = sel.a;
    if (!first) { sel.a = { settlement, figure }; return this.render(); }
    if (first.settlement === settlement && first.figure === figure) { sel.a = null; return this.render(); }
    const pair = swapPairs(this.legal()).find(([a, b]) => same(a, first) && same(b, { settlement, figure }) || same(b, first) && same(a, { settlement, figure }));
    if (pair) this.send({ type: "figure_swap", a: pair[0], b: pair[1] });
  }

  // -- drawing ----------------------------------------------------------------------------

  /** @returns {import("./board.js").BoardOptions} */
  boardOptions() {
    const legal = this.legal(), sel = this.sel;
    /** @type {import("./board.js").BoardOptions} */
    const opts = { lastHexes: this.lastHexes };
    // a selection exists only when its move is legal, so its part of `legal` is there
    const place = /** @type {Record<string, string[]>} */ (legal.place), swaps = /** @type {Record<string, string[]>} */ (legal.tile_swap);
    if (sel?.kind === "place") opts.targets = new Set(place[/** @type {string} */ (sel.tile)] || []);
    if (sel?.kind === "tswap") {
      if (sel.from) opts.targets = new Set(swaps[sel.from]);
      else opts.sources = new Set(Object.keys(swaps));
    }
    if (sel?.kind === "setup") {
      opts.targets = new Set(Object.entries(legal.place_figure || {}).filter(([, f]) => f.includes(/** @type {string} */ (sel.figure))).map(([s]) => s));
    }
    if (sel?.kind === "fswap") {
      opts.figurePicks = figurePicks(swapPairs(legal), sel.a);
      opts.picked = sel.a;
    }
    return opts;
  }

  // a seat's player was renamed (shell/screen.js updated info.seats): the same view, new names
  renamed() { keepFocus(this.root, () => this.render()); }

  render() {
    if (!this.view) return;
    this.boardEl.innerHTML = boardSvg(this.geometry, this.view, this.boardOptions());
    this.pz.apply();
    this.zoomToChoices();
    find(this.root, "#status").innerHTML = this.statusHtml();
    find(this.root, "#side").innerHTML = finalPanel(this.view, this.info.seats, this.info.finished && this.info.winners) +
      playersPanel(this.view, this.info.seats, this.seat) + logPanel(this.lines) + legendHtml(this.seat !== null);
    this.renderHand();
  }

  // On a phone a 3- or 4-player board is small: a choice zooms the board to the hexes it may
  // go to (once per choice, so a pinch or "Fit" afterwards is the player's own).
  zoomToChoices() {
    const sel = this.sel, key = sel ? `${sel.kind}:${sel.tile}:${sel.from || ""}:${sel.a?.settlement || ""}` : "";
    if (key === this.zoomedFor) return;
    this.zoomedFor = key;
    if (!key || this.boardEl.clientWidth >= SMALL_BOARD_PX || this.info.players < 3) return;
    this.pz.fitTo([...this.boardEl.querySelectorAll('[tabindex="0"]')], { minPx: TOUCH_PX });
  }

  statusHtml() {
    const v = this.shown(), seats = this.info.seats;
    const dot = (/** @type {number} */ s) => `<span class="turn-dot" style="background:${SEAT_COLORS[s]}"></span>`;
    const watching = this.seat === null ? ` <span class="muted">${esc(t("samurai-spectating"))}</span>` : "";
    if (v.finished) return `${esc(t("samurai-game-over"))}${watching}`;
    if (v.phase === "choose") {
      return `${esc(t("samurai-opening-waiting", { names: formatList(v.to_act.map((s) => seatName(seats, s))) }))}${watching}`;
    }
    const actor = v.to_act[0];
    if (this.info.away) return `${dot(actor)} ${esc(t("samurai-to-play", { name: actor === this.seat ? t("samurai-bot-for-you") : seatName(seats, actor) }))}`;
    const mine = actor === this.seat;
    const phase = v.phase === "setup" ? ` ${esc(t("samurai-phase-setup"))}` : "";
    return `${dot(actor)} ${mine ? `<strong>${esc(t("samurai-your-turn"))}</strong>` : esc(t("samurai-to-play", { name: seatName(seats, actor) }))}${phase}${watching}`;
  }

  renderHand() {
    const v = this.shown();
    if (this.seat === null || v.finished) { this.handEl.innerHTML = ""; return; }
    const legal = this.legal();
    if (legal.choose_hand) return this.renderChooseHand(legal.choose_hand);
    if (legal.place_figure) return this.renderSetup(legal.place_figure);
    const hand = v.hand || [];
    const playable = (/** @type {string} */ t) => (t === "figure_swap" ? !!legal.figure_swap : t === "tile_swap" ? !!legal.tile_swap : !!legal.place?.[t]);
    const tiles = hand.map((t) => tileButton(t, this.seat, {
      selected: this.sel?.tile === t, disabled: !playable(t), draggable: !!legal.place?.[t], why: playable(t) ? "" : this.whyNot(t),
    })).join("");
    const actions = [
      legal.end_turn ? `<button class="primary" data-act="end_turn">${esc(t("samurai-end-turn"))}</button>` : "",
      legal.pass ? `<button class="primary" data-act="pass">${esc(t("samurai-pass"))}</button>` : "",
      this.sel ? `<button data-act="cancel">${esc(t("samurai-cancel"))}</button>` : "",
    ].join("");
    this.handEl.innerHTML = `<div class="card"><h3>${esc(t("samurai-your-hand"))}</h3><div class="hand" role="group" aria-label="${esc(t("samurai-your-hand"))}">${tiles || `<span class=muted>${esc(t("samurai-hand-empty"))}</span>`}</div>` +
      `<div class="actions">${actions}</div><div class="hint">${this.hint()}</div></div>`;
    findAll(this.handEl, "[data-tile]").forEach((b) => {
      const tile = /** @type {string} */ (b.dataset.tile);
      b.addEventListener("click", (event) => this.selectTile(tile, event.detail === 0));
      b.addEventListener("dragstart", (event) => {
        /** @type {DataTransfer} */ (event.dataTransfer).setData("text/plain", tile);
        this.sel = { kind: "place", tile };
        this.boardEl.innerHTML = boardSvg(this.geometry, this.view, this.boardOptions());
        this.pz.apply();
      });
    });
    this.bindActions();
  }

  // Why a tile is greyed, in words (issue 33): not this player's turn, one normal tile a turn,
  // nothing to swap, or no hex it may go to.
  /** @param {string} tile */
  whyNot(tile) {
    const v = this.shown(), legal = this.legal();
    if (!Object.keys(legal).length) return t("samurai-why-not-your-turn");
    if (tile === "figure_swap" || tile === "tile_swap") return t("samurai-why-no-swap");
    if (v.turn?.placed_any && !tileInfo(tile).fast) return t("samurai-why-one-normal");
    return t("samurai-why-no-hex", { kind: tileInfo(tile).sea ? "sea" : "land" });
  }

  hint() {
    const sel = this.sel, legal = this.legal(), view = this.shown();
    if (view.finished) return "";
    if (!Object.keys(legal).length) return `<span class="muted">${esc(t("samurai-waiting-others"))}</span>`;
    return esc(this.hintText(sel, legal, view));
  }

  /** @param {Selection | null} sel @param {Legal} legal @param {View} view */
  hintText(sel, legal, view) {
    if (!sel) {
      if (legal.pass) return t("samurai-hint-pass");
      return t(view.turn.placed_any ? "samurai-hint-fast-or-end" : "samurai-hint-start");
    }
    if (sel.kind === "place") {
      const tile = /** @type {string} */ (sel.tile);
      return t("samurai-hint-place", { tile: tileName(tile), kind: tileInfo(tile).sea ? "sea" : "land" });
    }
    if (sel.kind === "tswap") return t(sel.from ? "samurai-hint-tswap-to" : "samurai-hint-tswap-from");
    if (sel.kind === "fswap") return sel.a ? t("samurai-hint-fswap-second", { figure: figureName(sel.a.figure), hex: hexLabel(sel.a.settlement) }) : t("samurai-hint-fswap-first");
    return "";
  }

  /** @param {Record<string, string[]>} placeFigure */
  renderSetup(placeFigure) {
    const allowed = new Set(Object.values(placeFigure).flat());
    const buttons = FIGURES.map((f) => `<button data-figure="${f}" ${allowed.has(f) ? "" : "disabled"} aria-pressed="${this.sel?.figure === f}" class="${this.sel?.figure === f ? "primary" : ""}">` +
      `<svg width="22" height="22" viewBox="-11 -11 22 22" aria-hidden="true">${figureShape(f, 0, 0, 8)}</svg> ${esc(t("samurai-setup-figure-left", { figure: figureName(f), count: this.shown().supply[f] }))}</button>`).join("");
    this.handEl.innerHTML = `<div class="card"><h3>${esc(t("samurai-setup-title"))}</h3><div class="setup-figs">${buttons}</div>` +
      `<div class="hint">${esc(this.sel ? t("samurai-setup-pick-site", { figure: figureName(/** @type {string} */ (this.sel.figure)) }) : t("samurai-setup-choose"))}</div></div>`;
    findAll(this.handEl, "[data-figure]").forEach((b) => b.addEventListener("click", () => {
      this.sel = { kind: "setup", figure: b.dataset.figure };
      this.render();
    }));
  }

  /** @param {{ from: string[], count: number }} choice */
  renderChooseHand(choice) {
    const tiles = choice.from.map((t) => tileButton(t, this.seat, { selected: this.chosen.has(t), pressed: true })).join("");
    const ready = this.chosen.size === choice.count;
    this.handEl.innerHTML = `<div class="card"><h3>${esc(t("samurai-choose-hand", { chosen: this.chosen.size, count: choice.count }))}</h3>` +
      `<div class="hand">${tiles}</div><div class="actions"><button class="primary" data-act="choose" ${ready ? "" : "disabled"}>${esc(t("samurai-confirm-hand"))}</button></div>` +
      `<div class="hint">${esc(t("samurai-choose-hand-hint"))}</div></div>`;
    findAll(this.handEl, "[data-tile]").forEach((b) => b.addEventListener("click", () => {
      const t = /** @type {string} */ (b.dataset.tile);
      if (this.chosen.has(t)) this.chosen.delete(t); else if (this.chosen.size < choice.count) this.chosen.add(t);
      this.renderHand();
    }));
    this.bindActions();
  }

  bindActions() {
    findAll(this.handEl, "[data-act]").forEach((b) => b.addEventListener("click", () => {
      const act = b.dataset.act;
      if (act === "cancel") { this.sel = null; this.render(); }
      else if (act === "choose") this.send({ type: "choose_hand", tiles: [...this.chosen] });
      else this.send({ type: act });
    }));
  }
}

/** @param {string} tile @param {number | null} seat
 *  @param {{ selected?: boolean, disabled?: boolean, draggable?: boolean, pressed?: boolean, why?: string }} [options]
 *  `why`: the reason a disabled tile cannot be played, shown on hover and read with its name */
export function tileButton(tile, seat, { selected = false, disabled = false, draggable = false, pressed = false, why = "" } = {}) {
  const info = tileInfo(tile);
  const mark = `<svg width="22" height="14" viewBox="-11 -7 22 14" aria-hidden="true">${miniMark(info)}</svg>`;
  const value = info.kind.endsWith("_swap") ? "⇆" : info.value;
  const cls = `tile${selected ? (pressed ? " chosen" : " selected") : ""}${disabled ? " unplayable" : ""}`;
  const aria = pressed ? ` aria-pressed="${selected}"` : "";
  return `<button class="${cls}" data-tile="${tile}" style="background:${SEAT_COLORS[seat ?? 0]}" title="${esc(t(info.fast ? "samurai-tile-fast-title" : "samurai-tile-title", { tile: tileName(tile) }))}${why ? ` — ${esc(why)}` : ""}"` +
    `${disabled ? " disabled" : ""}${draggable ? ' draggable="true"' : ""}${aria}>` +
    `<span class="sr-only">${esc(t(info.fast ? "samurai-tile-fast-label" : "samurai-tile-title", { tile: tileName(tile) }))}${why ? ` — ${esc(why)}` : ""}</span>` +
    `${info.fast ? '<span class="fast" aria-hidden="true">»</span>' : ""}<span class="v" aria-hidden="true">${value}</span>${mark}<span class="k" aria-hidden="true">${esc(shortKind(info))}</span></button>`;
}

/** @param {import("./tiles.js").TileInfo} info */
function shortKind(info) {
  return t(`samurai-short-${info.kind.replaceAll("_", "-")}`);
}

/** @param {import("./tiles.js").TileInfo} info */
function miniMark(info) {
  if (FIGURES.includes(info.kind)) return figureShape(info.kind, 0, 0, 5);
  if (info.kind === "ship") return `<path d="M-7 1 h14 l-3 4 h-8 z M0 1 v-7 l5 5 z" fill="#fff"/>`;
  if (info.kind === "samurai" || info.kind === "ronin") return [-6, 0, 6].map((x, i) => `<circle cx="${x}" cy="0" r="2.4" fill="${["#e9d7ff", "#fff3b0", "#e0e0e0"][i]}"/>`).join("");
  return "";
}

/** @param {boolean} playing */
function legendHtml(playing) {
  const figure = (/** @type {string} */ f) => `<span><span class="fig ${f}"><i></i></span> ${esc(figureName(f))}</span>`;
  return `<div class="legend muted"><span>${esc(t("samurai-legend-fast"))}</span>${FIGURES.map(figure).join("")}${playing ? `<span>${esc(t("samurai-legend-esc"))}</span>` : ""}</div>`;
}
