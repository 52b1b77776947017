// Private tables: the form that creates one (game, seats, clock, rated, spectators, and whatever
// options the game's rules declare in the catalogue — drawn from that schema, never named here),
// and the table's room: who sits, the empty seats, the invitation link with its copy button, the
// host's bots of chosen levels, joining (a visitor signs in as a guest first) and leaving. The
// game starts when every seat is taken; the room then opens it. Refusals show the server's words.

import { ApiError, call, get, session, signIn } from "./api.js";
import { dispatch } from "./protocol.js";
import { loadAll } from "./games.js";
import { botLevelName, esc, find, findAll, messageOf, targetOf, toast } from "./widgets.js";
import { has, t } from "./i18n.js";
import { chooseCorrespondence, correspondenceWords } from "../notices/clock-choice.js";

/** @typedef {import("./games.js").CatalogEntry & import("./games.js").Game} CatalogGame */
/** @typedef {import("./games.js").TableOption} TableOption */

/**
 * A time control as a table stores it: a named one (the form's choice) or its settings.
 * @typedef {{ type: "live", initial_seconds: number, increment_seconds: number }} LiveClock
 * @typedef {{ type: "correspondence", days_per_move: number }} CorrespondenceClock
 * @typedef {string | { type: string } | null | undefined} TimeControl
 */

/**
 * A private table as /api/tables/<code> shows it to the one asking.
 * @typedef {{ seat: number, empty?: boolean, mine?: boolean, host?: boolean, bot_level?: string | null,
 *   display_name?: string | null }} TableSeat
 * @typedef {object} Table
 * @property {string} code
 * @property {string} game
 * @property {TableSeat[]} seats
 * @property {string} state          "open", "started" or "closed"
 * @property {string | null} [game_id]
 * @property {string} invite_path
 * @property {Record<string, unknown>} [options]
 * @property {TimeControl} time_control
 * @property {boolean} rated
 * @property {boolean} spectators
 * @property {boolean} you_host
 * @property {number} [expires_in_seconds]
 */

/** @typedef {import("./api.js").ShellContext} ShellContext what the shell shares with a screen */

/** @type {Record<string, string>} the named clocks, as message ids */
export const CLOCK_NAMES = { live: "shell-clock-live", blitz: "shell-clock-blitz", correspondence: "shell-clock-correspondence" };
/** The bot levels a host may seat (their names: shell-bot-level-<code>). */
export const BOT_LEVELS = ["random", "greedy", "mcts", "expert"];

/**
 * A game's table option (or one of its choices) in the player's language: the game's catalogue
 * has `<game>-option-<name>` and `<game>-option-<name>-<value>`; else the rules' English label.
 * @param {string} game @param {string} name @param {unknown} value @param {string | undefined} fallback
 */
export function optionWords(game, name, value, fallback) {
  const kebab = (/** @type {string} */ s) => s.replaceAll("_", "-").toLowerCase();
  const id = `${game}-option-${kebab(name)}${value === undefined ? "" : `-${kebab(String(value))}`}`;
  return has(id) ? t(id) : fallback ?? (value === undefined ? name : JSON.stringify(value));
}
const POLL_MS = 3000;

/** A time control as the table stores it ({type, initial_seconds, increment_seconds} or days_per_move).
 *  @param {TimeControl} tc */
export function clockText(tc) {
  if (!tc || typeof tc !== "object") return t(CLOCK_NAMES[String(tc)] || "shell-no-clock");
  if (tc.type === "correspondence") {
    const { days_per_move: days } = /** @type {CorrespondenceClock} */ (tc);
    return t("shell-clock-days", { days });
  }
  if (tc.type === "live") {
    const { initial_seconds: initial, increment_seconds: increment } = /** @type {LiveClock} */ (tc);
    return t(initial <= 300 ? "shell-clock-blitz-custom" : "shell-clock-live-custom", { minutes: Math.round(initial / 60), increment });
  }
  return t("shell-no-clock");
}

/** @param {string} name @param {string} value @param {string} text @param {boolean} checked */
const radio = (name, value, text, checked) => `<label><input type="radio" name="${esc(name)}" value="${esc(value)}" ${checked ? "checked" : ""}> ${esc(text)}</label>`;

// -- the form --------------------------------------------------------------------------------

/** @param {HTMLElement} root */
export async function tableForm(root) {
  const [catalog] = await Promise.all([loadAll(), correspondenceWords()]);
  const say = (/** @type {string} */ id) => esc(t(id));
  root.innerHTML = `<form class="card center" id="table-form"><h1>${say("shell-table-form-title")}</h1>` +
    `<p class="muted">${say("shell-table-form-intro")}</p>` +
    `<fieldset><legend>${say("shell-field-game")}</legend><div class="choices">${catalog.map((g, n) => radio("game", g.name, g.title, n === 0)).join("")}</div></fieldset>` +
    `<fieldset><legend>${say("shell-field-seats")}</legend><div class="choices" id="seats"></div></fieldset>` +
    `<div id="options"></div>` +
    `<fieldset><legend>${say("shell-field-clock")}</legend><div class="choices">${Object.entries(CLOCK_NAMES).map(([v, id], n) => radio("clock", v, t(id), n === 0)).join("")}</div></fieldset>` +
    `<fieldset><legend>${say("shell-field-table")}</legend><label class="check"><input type="checkbox" name="rated" checked> ${say("shell-table-rated")}</label>` +
    `<label class="check"><input type="checkbox" name="spectators" checked> ${say("shell-table-spectators")}</label></fieldset>` +
    `<p class="refusal" id="refusal" role="alert" hidden></p>` +
    `<div class="actions"><button class="primary" type="submit">${say("shell-table-create")}</button><a class="button" href="#/">${say("shell-back-to-lobby")}</a></div></form>`;
  const form = find(root, "#table-form", HTMLFormElement);
  const field = (/** @type {string} */ name) => /** @type {RadioNodeList & HTMLInputElement} */ (form.elements.namedItem(name));
  const refusal = find(root, "#refusal");
  const sync = () => {
    const game = /** @type {CatalogGame} */ (catalog.find((g) => g.name === field("game").value));
    const seats = find(root, "#seats");
    if (seats.dataset.game === game.name) return;
    seats.dataset.game = game.name;
    seats.innerHTML = game.player_counts.map((n, i) => radio("seats", String(n), String(n), i === 0)).join("");
    find(root, "#options").innerHTML = optionsHtml(game.options || {}, game.name);
  };
  form.addEventListener("change", (event) => { if (/** @type {HTMLInputElement} */ (event.target).name === "game") sync(); refusal.hidden = true; });
  sync();
  chooseCorrespondence(form).catch(() => null);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const table = await call("POST", "/api/tables", {
        game: field("game").value, seats: Number(field("seats").value), options: chosenOptions(form),
        time_control: field("clock").value, rated: field("rated").checked, spectators: field("spectators").checked,
      });
      location.hash = `#/table/${table.code}`;
    } catch (error) {
      refusal.textContent = messageOf(error);
      refusal.hidden = false;
    }
  });
  return null;
}

/** One fieldset per declared option, its choices as radios; values travel as JSON (any type).
 *  @param {Record<string, TableOption>} options @param {string} [game] */
export function optionsHtml(options, game = "") {
  return Object.entries(options).map(([name, option]) => `<fieldset class="table-option" data-option="${esc(name)}"><legend>${esc(optionWords(game, name, undefined, option.label))}</legend>` +
    `<div class="choices">${(option.choices || []).map((c) => radio(`option:${name}`, JSON.stringify(c.value), optionWords(game, name, c.value, c.label ?? String(c.value)),
      JSON.stringify(c.value) === JSON.stringify(option.default))).join("")}</div></fieldset>`).join("");
}

/** @param {HTMLFormElement} form */
function chosenOptions(form) {
  /** @type {Record<string, unknown>} */
  const chosen = {};
  for (const input of findAll(form, "input[type=radio][name^='option:']:checked", HTMLInputElement)) {
    chosen[input.name.slice("option:".length)] = JSON.parse(input.value);
  }
  return chosen;
}

// -- the room --------------------------------------------------------------------------------

/** The name form a visitor fills to sit down as a guest. */
function guestForm() {
  return `<form id="guest" class="row"><label for="name" style="margin:0">${esc(t("shell-your-name"))}</label><input type="text" id="name" maxlength="24" autocomplete="nickname" required style="width:auto;max-width:100%">` +
    `<button class="primary" type="submit">${esc(t("shell-table-join-guest"))}</button></form>`;
}

/** @param {HTMLElement} root @param {ShellContext} ctx @param {string} code @param {() => void} reroute */
export async function tableRoom(root, ctx, code, reroute) {
  const catalog = await loadAll();
  const room = new TableRoom(root, ctx, code, catalog, reroute);
  await room.load();
  return () => room.stop();
}

class TableRoom {
  /**
   * @param {HTMLElement} root @param {ShellContext} ctx @param {string} code
   * @param {CatalogGame[]} catalog @param {() => void} reroute
   */
  constructor(root, ctx, code, catalog, reroute) {
    this.root = root; this.ctx = ctx; this.code = code; this.catalog = catalog; this.reroute = reroute;
    /** @type {Table | null} */
    this.table = null;
    this.stopped = false;
    /** @type {string | undefined} the HTML last drawn */
    this.drawn = undefined;
    this.poll = setInterval(() => this.load(), POLL_MS);
    ctx.onMatch = (frame) => this.started(/** @type {string} */ (frame.game_id));
    /** @param {{ code?: string }} args */
    const changed = (args) => { if (args.code === code) this.load(); };
    ctx.onFrame = (frame) => dispatch(frame, { notice: { table_changed: changed, table_started: changed } });
    root.addEventListener("click", this.clicked = (/** @type {MouseEvent} */ event) => this.click(event));
    root.addEventListener("submit", this.submitted = (/** @type {SubmitEvent} */ event) => { event.preventDefault(); this.join(); });
  }

  stop() {
    this.stopped = true; // a read still on its way when the player left draws nothing
    clearInterval(this.poll);
    this.root.removeEventListener("click", this.clicked);
    this.root.removeEventListener("submit", this.submitted);
  }

  async load() {
    if (!session()) return this.showVisitor(); // the server shows a table to signed-in players only
    try {
      const table = await get(`/api/tables/${encodeURIComponent(this.code)}`);
      if (!this.stopped) this.show(table);
    } catch (error) {
      if (this.stopped) return;
      clearInterval(this.poll);
      this.root.innerHTML = `<section class="card center" id="table-room"><h1>${esc(t("shell-table-title"))}</h1><p class="refusal" role="alert">${esc(messageOf(error))}</p><a href="#/">${esc(t("shell-back-to-lobby"))}</a></section>`;
    }
  }

  /** @param {string} gameId */
  started(gameId) {
    if (this.table && this.table.seats.some((s) => s.mine)) location.hash = `#/game/${gameId}`;
  }

  /** @param {Table} table */
  show(table) {
    this.table = table;
    if (table.state === "started" && table.game_id) {
      if (table.seats.some((s) => s.mine)) { location.hash = `#/game/${table.game_id}`; return; }
    }
    if (table.state !== "open") clearInterval(this.poll);
    const html = this.html(table);
    if (html === this.drawn) return; // nothing changed: keep what is being typed or chosen
    this.drawn = html;
    const focus = document.activeElement?.id;
    const name = this.nameInput()?.value;
    const levels = [...this.levelSelects()].map((s) => [s.dataset.seat, s.value]);
    this.root.innerHTML = html;
    for (const [seat, value] of levels) {
      const s = /** @type {HTMLSelectElement | null} */ (this.root.querySelector(`select[data-seat="${seat}"]`));
      if (s) s.value = /** @type {string} */ (value);
    }
    const input = this.nameInput();
    if (name && input) input.value = name;
    if (focus) /** @type {HTMLElement | null} */ (this.root.querySelector(`#${focus}`))?.focus();
  }

  // A visitor who opened the link sees only the way in: a name, then the seat (see join()).
  showVisitor() {
    clearInterval(this.poll);
    this.root.innerHTML = `<section class="card center" id="table-room" data-state="visitor"><h1>${esc(t("shell-table-title"))}</h1>` +
      `<p class="refusal" id="refusal" role="alert" hidden></p><div class="actions">${guestForm()}<a class="button" href="#/">${esc(t("shell-back-to-lobby"))}</a></div></section>`;
  }

  nameInput() { return /** @type {HTMLInputElement | null} */ (this.root.querySelector("#name")); }

  levelSelects() { return findAll(this.root, "select[data-seat]", HTMLSelectElement); }

  /** @param {Table} tb */
  html(tb) {
    const game = this.catalog.find((g) => g.name === tb.game);
    const seated = tb.seats.some((s) => s.mine);
    const empty = tb.seats.filter((s) => s.empty).length;
    const seats = tb.seats.map((s) => `<li class="seat${s.empty ? " empty" : ""}" data-seat="${s.seat}">${this.seatHtml(s, tb)}</li>`).join("");
    const invite = new URL(tb.invite_path, location.href).href;
    const options = Object.entries(tb.options || {}).map(([name, value]) => {
      const option = game?.options?.[name];
      const choice = option?.choices?.find((c) => JSON.stringify(c.value) === JSON.stringify(value));
      return `${optionWords(tb.game, name, undefined, option?.label)}: ${optionWords(tb.game, name, value, choice?.label)}`;
    });
    const facts = [t("shell-table-seats", { count: tb.seats.length }), clockText(tb.time_control), t(tb.rated ? "shell-table-is-rated" : "shell-table-not-rated"),
      t(tb.spectators ? "shell-table-spectators-allowed" : "shell-table-no-spectators"), ...options].map((f) => esc(f)).join(" · ");
    let state;
    if (tb.state === "open") state = esc(empty ? t("shell-table-waiting-for", { count: empty }) : t("shell-table-starting"));
    else if (tb.state === "started") state = `${esc(t("shell-table-started"))} <a href="#/watch/${esc(tb.game_id)}">${esc(t("shell-table-watch-it"))}</a>`;
    else state = esc(t("shell-table-closed"));
    const actions = [];
    if (tb.state === "open" && !seated) actions.push(session() ? `<button class="primary" data-table="join">${esc(t("shell-table-join"))}</button>`
      : guestForm());
    if (tb.state === "open" && tb.you_host && empty) actions.push(`<button data-table="bots">${esc(t("shell-table-seat-bots"))}</button>`);
    if (tb.state === "open" && seated) actions.push(`<button data-table="leave">${esc(t(tb.you_host ? "shell-table-close" : "shell-table-leave"))}</button>`);
    actions.push(`<a class="button" href="#/">${esc(t("shell-back-to-lobby"))}</a>`);
    return `<section class="card center" id="table-room" data-state="${esc(tb.state)}"><h1>${esc(t("shell-table-title-game", { title: game?.title || tb.game }))}</h1>` +
      `<p class="muted">${facts}</p>` +
      (tb.state === "open" ? `<label for="invite">${esc(t("shell-table-invite", { hours: Math.max(1, Math.round((tb.expires_in_seconds || 0) / 3600)) }))}</label>` +
        `<div class="row invite"><input type="text" id="invite" readonly value="${esc(invite)}" style="flex:1;width:auto;min-width:0"><button data-table="copy" id="copy">${esc(t("shell-table-copy"))}</button></div>` : "") +
      `<ol class="table-seats">${seats}</ol><p class="table-state" role="status">${state}</p>` +
      `<p class="refusal" id="refusal" role="alert" hidden></p><div class="actions">${actions.join("")}</div></section>`;
  }

  /** @param {TableSeat} s @param {Table} tb */
  seatHtml(s, tb) {
    if (!s.empty) {
      const name = s.bot_level ? t("shell-bot-named", { level: botLevelName(s.bot_level) }) : s.display_name || t("shell-seat-number", { seat: s.seat + 1 });
      const tags = [s.host ? t("shell-tag-host") : "", s.mine ? t("shell-tag-you") : ""].filter(Boolean).map((x) => ` <span class="tag">${esc(x)}</span>`).join("");
      return `${esc(name)}${tags}`;
    }
    const pick = tb.you_host && tb.state === "open"
      ? ` <select title="${esc(t("shell-table-bots-order"))}" data-seat="${s.seat}" aria-label="${esc(t("shell-table-bot-level-for", { seat: s.seat + 1 }))}"><option value="">${esc(t("shell-table-keep-for-friend"))}</option>${BOT_LEVELS.map((v) => `<option value="${v}">${esc(t("shell-table-bot-option", { level: botLevelName(v) }))}</option>`).join("")}</select>` : "";
    return `<span class="muted">${esc(t("shell-table-empty-seat"))}</span>${pick}`;
  }

  /** @param {MouseEvent} event */
  async click(event) {
    const act = targetOf(event).closest("[data-table]")?.getAttribute("data-table");
    if (!act) return;
    if (act === "copy") return this.copy();
    const path = `/api/tables/${encodeURIComponent(this.code)}`;
    try {
      if (act === "join") this.show(await call("POST", `${path}/join`));
      if (act === "leave") { await call("POST", `${path}/leave`); location.hash = "#/"; }
      if (act === "bots") {
        const levels = [...this.levelSelects()].map((s) => s.value).filter(Boolean);
        if (!levels.length) return this.refused(t("shell-table-choose-bot"));
        this.show(await call("POST", `${path}/bots`, { bot_levels: levels }));
      }
    } catch (error) { this.refused(messageOf(error)); }
  }

  // A visitor who opened the link: a guest session first, then the seat.
  async join() {
    const name = this.nameInput()?.value;
    if (!name) return;
    try { await signIn(name); } catch (error) { return this.refused(messageOf(error)); }
    try { await call("POST", `/api/tables/${encodeURIComponent(this.code)}/join`); } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error));
    }
    this.reroute(); // the socket becomes the player's; the room is drawn again for them
  }

  async copy() {
    const input = find(this.root, "#invite", HTMLInputElement);
    try { await navigator.clipboard.writeText(input.value); } catch (_) { input.select(); document.execCommand("copy"); }
    const button = this.root.querySelector("#copy");
    if (button) button.textContent = t("shell-table-copied");
  }

  /** @param {string} message */
  refused(message) {
    const el = find(this.root, "#refusal");
    el.textContent = message;
    el.hidden = false;
  }
}
