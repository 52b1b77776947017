// Private tables: the form that creates one (game, seats, clock, rated, spectators, and whatever
// options the game's rules declare in the catalogue — drawn from that schema, never named here),
// and the table's room: who sits, the empty seats, the invitation link with its copy button, the
// host's bots of chosen levels, joining (a visitor signs in as a guest first) and leaving. The
// game starts when every seat is taken; the room then opens it. Refusals show the server's words.

import { ApiError, call, get, session, signIn } from "./api.js";
import { dispatch } from "./protocol.js";
import { loadAll } from "./games.js";
import { esc, find, findAll, messageOf, targetOf, toast } from "./widgets.js";

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

/** @type {Record<string, string>} */
export const CLOCK_NAMES = { live: "Live 10+10", blitz: "Blitz 3+5", correspondence: "3 days a move" };
/** @type {[string, string][]} */
export const BOT_LEVELS = [["random", "Easy (random)"], ["greedy", "Medium"], ["mcts", "Hard"], ["expert", "Expert"]];
const POLL_MS = 3000;

/** A time control as the table stores it ({type, initial_seconds, increment_seconds} or days_per_move).
 *  @param {TimeControl} tc */
export function clockText(tc) {
  if (!tc || typeof tc !== "object") return CLOCK_NAMES[String(tc)] || "no clock";
  if (tc.type === "correspondence") {
    const { days_per_move: days } = /** @type {CorrespondenceClock} */ (tc);
    return `${days} day${days === 1 ? "" : "s"} a move`;
  }
  if (tc.type === "live") {
    const { initial_seconds: initial, increment_seconds: increment } = /** @type {LiveClock} */ (tc);
    return `${initial <= 300 ? "Blitz" : "Live"} ${Math.round(initial / 60)}+${increment}`;
  }
  return "no clock";
}

/** @param {string} name @param {string} value @param {string} text @param {boolean} checked */
const radio = (name, value, text, checked) => `<label><input type="radio" name="${esc(name)}" value="${esc(value)}" ${checked ? "checked" : ""}> ${esc(text)}</label>`;

// -- the form --------------------------------------------------------------------------------

/** @param {HTMLElement} root */
export async function tableForm(root) {
  const catalog = await loadAll();
  root.innerHTML = `<form class="card center" id="table-form"><h2>A private table</h2>` +
    `<p class="muted">Play friends: you get an invitation link to send them; you may seat bots in the seats left empty.</p>` +
    `<fieldset><legend>Game</legend><div class="choices">${catalog.map((g, n) => radio("game", g.name, g.title, n === 0)).join("")}</div></fieldset>` +
    `<fieldset><legend>Seats</legend><div class="choices" id="seats"></div></fieldset>` +
    `<div id="options"></div>` +
    `<fieldset><legend>Clock</legend><div class="choices">${Object.entries(CLOCK_NAMES).map(([v, t], n) => radio("clock", v, t, n === 0)).join("")}</div></fieldset>` +
    `<fieldset><legend>Table</legend><label class="check"><input type="checkbox" name="rated" checked> Rated (counts for the leaderboard)</label>` +
    `<label class="check"><input type="checkbox" name="spectators" checked> Spectators allowed (listed under Live)</label></fieldset>` +
    `<p class="refusal" id="refusal" role="alert" hidden></p>` +
    `<div class="actions"><button class="primary" type="submit">Create the table</button><a class="button" href="#/">Back to the lobby</a></div></form>`;
  const form = find(root, "#table-form", HTMLFormElement);
  const field = (/** @type {string} */ name) => /** @type {RadioNodeList & HTMLInputElement} */ (form.elements.namedItem(name));
  const refusal = find(root, "#refusal");
  const sync = () => {
    const game = /** @type {CatalogGame} */ (catalog.find((g) => g.name === field("game").value));
    const seats = find(root, "#seats");
    if (seats.dataset.game === game.name) return;
    seats.dataset.game = game.name;
    seats.innerHTML = game.player_counts.map((n, i) => radio("seats", String(n), String(n), i === 0)).join("");
    find(root, "#options").innerHTML = optionsHtml(game.options || {});
  };
  form.addEventListener("change", (event) => { if (/** @type {HTMLInputElement} */ (event.target).name === "game") sync(); refusal.hidden = true; });
  sync();
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
 *  @param {Record<string, TableOption>} options */
export function optionsHtml(options) {
  return Object.entries(options).map(([name, option]) => `<fieldset class="table-option" data-option="${esc(name)}"><legend>${esc(option.label || name)}</legend>` +
    `<div class="choices">${(option.choices || []).map((c) => radio(`option:${name}`, JSON.stringify(c.value), c.label ?? String(c.value),
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

const GUEST_FORM = `<form id="guest" class="row"><label for="name" style="margin:0">Your name</label><input type="text" id="name" maxlength="24" autocomplete="nickname" required style="width:auto">` +
  `<button class="primary" type="submit">Join as guest</button></form>`;

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
    clearInterval(this.poll);
    this.root.removeEventListener("click", this.clicked);
    this.root.removeEventListener("submit", this.submitted);
  }

  async load() {
    if (!session()) return this.showVisitor(); // the server shows a table to signed-in players only
    try { this.show(await get(`/api/tables/${encodeURIComponent(this.code)}`)); } catch (error) {
      clearInterval(this.poll);
      this.root.innerHTML = `<section class="card center" id="table-room"><h2>Private table</h2><p class="refusal" role="alert">${esc(messageOf(error))}</p><a href="#/">Back to the lobby</a></section>`;
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
    this.root.innerHTML = `<section class="card center" id="table-room" data-state="visitor"><h2>Private table</h2>` +
      `<p class="refusal" id="refusal" role="alert" hidden></p><div class="actions">${GUEST_FORM}<a class="button" href="#/">Back to the lobby</a></div></section>`;
  }

  nameInput() { return /** @type {HTMLInputElement | null} */ (this.root.querySelector("#name")); }

  levelSelects() { return findAll(this.root, "select[data-seat]", HTMLSelectElement); }

  /** @param {Table} t */
  html(t) {
    const game = this.catalog.find((g) => g.name === t.game);
    const seated = t.seats.some((s) => s.mine);
    const empty = t.seats.filter((s) => s.empty).length;
    const seats = t.seats.map((s) => `<li class="seat${s.empty ? " empty" : ""}" data-seat="${s.seat}">${this.seatHtml(s, t)}</li>`).join("");
    const invite = new URL(t.invite_path, location.href).href;
    const options = Object.entries(t.options || {}).map(([name, value]) => {
      const option = game?.options?.[name];
      const choice = option?.choices?.find((c) => JSON.stringify(c.value) === JSON.stringify(value));
      return `${esc(option?.label || name)}: ${esc(choice?.label ?? JSON.stringify(value))}`;
    });
    const facts = [`${t.seats.length} seats`, clockText(t.time_control), t.rated ? "rated" : "not rated",
      t.spectators ? "spectators allowed" : "no spectators", ...options].map((f) => esc(f)).join(" · ");
    let state;
    if (t.state === "open") state = empty ? `Waiting for ${empty} more player${empty > 1 ? "s" : ""}: the game starts when every seat is taken.` : "Starting…";
    else if (t.state === "started") state = `This table's game has started. <a href="#/watch/${esc(t.game_id)}">Watch it</a>`;
    else state = "This table was closed by its host.";
    const actions = [];
    if (t.state === "open" && !seated) actions.push(session() ? `<button class="primary" data-table="join">Join this table</button>`
      : GUEST_FORM);
    if (t.state === "open" && t.you_host && empty) actions.push(`<button data-table="bots">Seat bots in the empty seats</button>`);
    if (t.state === "open" && seated) actions.push(`<button data-table="leave">${t.you_host ? "Close the table" : "Leave the table"}</button>`);
    actions.push(`<a class="button" href="#/">Back to the lobby</a>`);
    return `<section class="card center" id="table-room" data-state="${esc(t.state)}"><h2>Private table · ${esc(game?.title || t.game)}</h2>` +
      `<p class="muted">${facts}</p>` +
      (t.state === "open" ? `<label for="invite">Invitation link (valid ${Math.max(1, Math.round((t.expires_in_seconds || 0) / 3600))} h)</label>` +
        `<div class="row invite"><input type="text" id="invite" readonly value="${esc(invite)}" style="flex:1;width:auto"><button data-table="copy" id="copy">Copy link</button></div>` : "") +
      `<ol class="table-seats">${seats}</ol><p class="table-state" role="status">${state}</p>` +
      `<p class="refusal" id="refusal" role="alert" hidden></p><div class="actions">${actions.join("")}</div></section>`;
  }

  /** @param {TableSeat} s @param {Table} t */
  seatHtml(s, t) {
    if (!s.empty) {
      const name = s.bot_level ? `Bot (${BOT_LEVELS.find(([v]) => v === s.bot_level)?.[1] || s.bot_level})` : s.display_name || `Seat ${s.seat + 1}`;
      const tags = [s.host ? "host" : "", s.mine ? "you" : ""].filter(Boolean).map((x) => ` <span class="tag">${x}</span>`).join("");
      return `${esc(name)}${tags}`;
    }
    const pick = t.you_host && t.state === "open"
      ? ` <select title="bots sit in the first empty seats, in seat order" data-seat="${s.seat}" aria-label="Bot level for seat ${s.seat + 1}"><option value="">keep for a friend</option>${BOT_LEVELS.map(([v, label]) => `<option value="${v}">bot: ${esc(label)}</option>`).join("")}</select>` : "";
    return `<span class="muted">Empty seat</span>${pick}`;
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
        if (!levels.length) return this.refused("Choose a bot level for at least one empty seat.");
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
    if (button) button.textContent = "Copied ✓";
  }

  /** @param {string} message */
  refused(message) {
    const el = find(this.root, "#refusal");
    el.textContent = message;
    el.hidden = false;
  }
}
