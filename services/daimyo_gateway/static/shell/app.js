// @ts-check
// The single-page client's shell: hash routes for the lobby, waiting, play, spectate, replay,
// private tables, "My games" and lists. It knows no game: the games, their seat counts and options
// come from the gateway's catalogue, and each game's screens from its plug-in (shell/games.js).
// Watching, the lists, replays and a table's invitation need no sign-in (the socket is then a
// visitor's); the socket's player notices (match found, your turn, rematch, table) arrive here.

import { ApiError, Socket, call, forget, get, renamed, session, signIn } from "./api.js";
import { dispatch, noticeArgs } from "./protocol.js";
import { loadAll } from "./games.js";
import { myGamesInto, myGamesPage } from "./mine.js";
import { followFriendsOnline } from "./friends.js";
import { refresh, yourTurn } from "./notices.js";
import { chooseCorrespondence, correspondenceWords } from "../notices/clock-choice.js";
import { replayScreen } from "./replay.js";
import { leaderboardOf, needsSignIn, parseRoute, ticketHash } from "./routes.js";
import { liveScreen } from "./screen.js";
import { tableForm, tableRoom } from "./tables.js";
import { accountLanguage, saveLanguage } from "./account-language.js";
import { LANGUAGES, PSEUDO, currentLocale, formatDate, formatNumber, localize, onLocaleChange, setLocale, startI18n, t } from "./i18n.js";
import { botLevelName, esc, find, messageOf, toast } from "./widgets.js";
import { wantCoach } from "./coach.js";

/** @typedef {import("./api.js").ShellContext} ShellContext */
/** @typedef {(() => void) | null | undefined} Close  what a screen gives back to take itself down */
/**
 * The lobby's queue form, its fields by name.
 * @typedef {HTMLFormElement & { game: RadioNodeList, players: RadioNodeList, mode: RadioNodeList, level: RadioNodeList,
 *   clock: RadioNodeList, welcome: HTMLInputElement }} QueueForm
 */
/**
 * A queue ticket as /api/queue answers (the waiting screen advances its counts between polls).
 * @typedef {{ ticket_id: string, state: string, game_id?: string | null, waited_seconds?: number,
 *   estimated_wait_seconds?: number | null, bots_in_seconds?: number | null, fill_now?: boolean }} Ticket
 */
/**
 * A game as /api/games lists it, and a game's leaderboard.
 * @typedef {{ game_id: string, game: string, version: number, winners: number[], created_at?: string,
 *   seats: { display_name?: string | null, bot_level?: string | null, deleted?: boolean }[] }} ListedGame
 * @typedef {{ display_name: string, ordinal: number, games: number, provisional?: boolean, deleted?: boolean }} Rating
 * @typedef {{ ratings: Rating[], rated?: string, unrated?: string | string[], abandoned?: string }} Leaderboard
 */

// Feature folders beside shell/ that bring their own catalogues (`<feature>/locales/*.ftl`); each
// game's plug-in brings its own when it loads (games.js).
const FEATURES = ["analysis", "notices"];

const root = find(document, "#app", HTMLElement);
// ctx.onMatch: set by a screen that expects a game to start (waiting, a table, a rematch offer);
// it gets the match_found notice's args {game_id, seat, game, ticket_id}.
/** @type {ShellContext} */
const ctx = { socket: /** @type {Socket} */ (/** @type {unknown} */ (null)), onFrame: null, onMatch: null, toast }; // connect() opens it before any screen
/** @type {Close} */
let leave = null;
let generation = 0;

// One socket, a visitor's until sign-in; a new session (sign-in, sign-out) opens a new one.
function connect() {
  const player = session()?.player_id ?? null;
  if (ctx.socket && ctx.socket.player === player) return;
  ctx.socket?.close();
  const dot = find(document, "#conn", HTMLElement);
  ctx.socket = new Socket((frame) => {
    const found = noticeArgs(frame, "match_found");
    if (found) return matchFound(found);
    dispatch(frame, { hello: () => refresh(), names: () => { nameAgain().catch(() => null); }, notice: {
      your_turn: (args) => yourTurn(args),
      // a friend challenged this player: the toast links to the table it opened
      challenge: (args) => toast(t("notice-challenge", { host: String(args.host), game: String(args.game) }), "info",
        `#/table/${encodeURIComponent(String(args.code))}`),
    } });
    ctx.onFrame?.(frame);
  }, (up) => { dot.className = `conn ${up ? "up" : "down"}`; dot.title = t(up ? "shell-conn-up" : "shell-conn-down"); });
}

/** A match_found notice's args: {game_id, seat, game, ticket_id}. @param {Object<string, any>} found */
function matchFound(found) {
  localStorage.removeItem("daimyo.ticket");
  if (ctx.onMatch) ctx.onMatch(found);
  else toast(t("shell-match-found-elsewhere"), "info");
}

// A player this page shows was renamed or erased (a `names` frame): the header's own name is read
// again (the screen showing redraws the names it shows: its `onFrame`).
async function nameAgain() {
  if (!session()) return;
  renamed((await get("/api/account")).display_name);
  showWho();
}

function showWho() {
  const me = session();
  find(document, "#who", HTMLElement).innerHTML = me ? `${esc(me.name)} · <a href="/account" id="account-link" style="color:#f6efe1">${esc(t("shell-account"))}</a>` +
    ` · <a href="#/signout" style="color:#f6efe1">${esc(t("shell-sign-out"))}</a>`
    : `<a href="#/signin" style="color:#f6efe1">${esc(t("shell-sign-in"))}</a>`;
}

function leaveScreen() {
  if (leave) { try { leave(); } catch (_) { /* screen already gone */ } leave = null; }
}

// A screen that finishes loading after the route has changed again is left at once.
/** @param {Promise<Close>} screen */
async function open(screen) {
  const mine = generation;
  const close = await screen;
  if (mine === generation) leave = close;
  else close?.();
}

async function route() {
  generation += 1;
  leaveScreen();
  ctx.onFrame = null;
  ctx.onMatch = null;
  showWho();
  const { page, id: given } = parseRoute(location.hash);
  const id = String(given); // a missing id reads "undefined", as the URLs built from it always had it
  if (page === "signout") { // the session ends on the server too (every device's token for it stops)
    call("POST", "/api/account/sign-out", {}).catch(() => {}).finally(() => { forget(); connect(); refresh(); location.hash = "#/"; });
    return;
  }
  connect();
  if (needsSignIn(page, !!session())) return signInScreen();
  try {
    if (page === "wait") leave = waitScreen(id);
    else if (page === "table") await open(tableRoom(root, ctx, id, route));
    else if (page === "private") await open(tableForm(root));
    else if (page === "mine") await open(myGamesPage(root));
    else if (page === "game") await open(liveScreen(root, ctx, id, "play"));
    else if (page === "watch") await open(liveScreen(root, ctx, id, "watch"));
    else if (page === "replay") await open(replayScreen(root, ctx, id));
    else if (page === "live") await gameList("live", t("shell-live-title"), "watch", t("shell-watch"));
    else if (page === "finished") await gameList("finished", t("shell-finished-title"), "replay", t("shell-replay"));
    else if (page === "leaders") await leaders(id);
    else if (page === "learn") await learn(id);
    else await open(lobby());
  } catch (error) {
    root.innerHTML = `<div class="card center"><h1>${esc(t("shell-error-title"))}</h1><p>${esc(messageOf(error))}</p><a href="#/">${esc(t("shell-back-to-lobby"))}</a></div>`;
  }
  root.focus({ preventScroll: true });
}

async function signInScreen() {
  const blurbs = await loadAll().then((list) => list.map((g) => esc(t("shell-game-blurb", { title: g.title, blurb: g.blurb }))), () => []);
  root.innerHTML = `<form class="card center" id="signin"><h1>Daimyo</h1>` +
    `${blurbs.map((b) => `<p class="muted">${b}</p>`).join("")}<p class="muted">${esc(t("shell-signin-intro"))}</p>` +
    `<label for="name">${esc(t("shell-your-name"))}</label><input type="text" id="name" maxlength="24" autocomplete="nickname" required autofocus>` +
    `<div class="actions"><button class="primary" type="submit">${esc(t("shell-play-as-guest"))}</button></div></form>`;
  find(root, "#signin", HTMLFormElement).addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await signIn(find(root, "#name", HTMLInputElement).value); route(); } catch (error) { toast(messageOf(error)); }
  });
}

async function lobby() {
  const drawing = generation;
  const [catalog] = await Promise.all([loadAll(), correspondenceWords()]);
  if (drawing !== generation) return null; // the route changed while the catalogue loaded: draw nothing
  const counts = Object.fromEntries(catalog.map((g) => [g.name, g.player_counts]));
  /** @param {string} name @param {string} value @param {string} text @param {boolean} [checked] */
  const radio = (name, value, text, checked) => `<label><input type="radio" name="${name}" value="${esc(value)}" ${checked ? "checked" : ""}> ${esc(text)}</label>`;
  root.innerHTML = `<div class="row" style="align-items:flex-start">` +
    `<form class="card center" id="queue" style="margin:1rem auto;flex:1;min-width:min(280px,100%)"><h1>${esc(t("shell-new-game"))} <a class="aside-link" href="#/private">${esc(t("shell-or-private-table"))}</a></h1>` +
    `<fieldset><legend>${esc(t("shell-field-game"))}</legend><div class="choices">${catalog.map((g, n) => radio("game", g.name, g.title, n === 0)).join("")}</div></fieldset>` +
    `<fieldset><legend>${esc(t("shell-field-players"))}</legend><div class="choices" id="counts"></div></fieldset>` +
    `<fieldset><legend>${esc(t("shell-field-opponents"))}</legend><div class="choices">${radio("mode", "people", t("shell-play-people"), false)}${radio("mode", "bots", t("shell-play-bots"), true)}</div>` +
    `<label class="check" id="welcome"><input type="checkbox" name="welcome" checked> ${esc(t("shell-allow-bots-after", { seconds: 15 }))}</label></fieldset>` +
    `<p class="refusal" id="refusal" role="alert" hidden></p>` +
    `<fieldset><legend>${esc(t("shell-field-clock"))}</legend><div class="choices">${radio("clock", "live", t("shell-clock-live"), true)}${radio("clock", "blitz", t("shell-clock-blitz"))}${radio("clock", "correspondence", t("shell-clock-correspondence"))}</div></fieldset>` +
    `<fieldset id="levels"><legend>${esc(t("shell-field-bot-level"))}</legend><div class="choices">${["random", "greedy", "mcts"].map((l) => radio("level", l, botLevelName(l), l === "greedy")).join("")}</div></fieldset>` +
    `<div class="actions"><button class="primary" type="submit">${esc(t("shell-find-game"))}</button></div>` +
    `<p class="howto-links">${esc(t("shell-new-to-game"))} ${catalog.filter((g) => g.howTo).map((g) => `<a href="${esc(g.howTo)}" target="_blank" rel="noopener">${esc(t("shell-how-to-play", { title: g.title }))}</a>`).join(" · ")}</p>` +
    `<p class="learn-links">${catalog.filter((g) => g.coach).map((g) => `<a class="button" href="#/learn/${esc(g.name)}">${esc(t("shell-learn-by-playing", { title: g.title }))}</a>`).join(" ")}</p></form>` +
    `<section class="card" style="margin:1rem auto;flex:1;min-width:min(280px,100%)"><h2>${esc(t("shell-your-games"))}</h2><div id="mine" class="muted">${esc(t("shell-loading"))}</div><div id="friends" hidden></div></section></div>`;
  const form = /** @type {QueueForm} */ (find(root, "#queue", HTMLFormElement));
  const levels = find(root, "#levels", HTMLElement);
  const players = find(root, "#counts", HTMLElement);
  const refusal = find(root, "#refusal", HTMLElement);
  const sync = () => {
    levels.hidden = form.mode.value !== "bots";
    find(root, "#welcome", HTMLElement).hidden = form.mode.value !== "people";
    refusal.hidden = true;
    if (players.dataset.game !== form.game.value) {
      players.dataset.game = form.game.value;
      players.innerHTML = counts[form.game.value].map((n, i) => radio("players", String(n), String(n), i === 0)).join("");
    }
  };
  form.addEventListener("change", sync);
  sync();
  chooseCorrespondence(form).catch(() => null);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const ticket = await call("POST", "/api/queue", {
        game: form.game.value, player_counts: [Number(form.players.value)], mode: form.mode.value,
        bot_level: form.mode.value === "bots" ? form.level.value : "", time_control: form.clock.value,
        bots_welcome: form.mode.value === "bots" || form.welcome.checked,
      });
      location.hash = ticketHash(ticket);
    } catch (error) { // e.g. a second live game: the server says why, in words meant for the player
      refusal.textContent = messageOf(error);
      refusal.hidden = false;
    }
  });
  const mine = find(root, "#mine", HTMLElement);
  const friends = session() ? followFriendsOnline(find(root, "#friends", HTMLElement)) : null;
  if (friends) ctx.onFrame = (frame) => dispatch(frame, { names: friends.reload });
  try {
    const stop = await myGamesInto(mine, { limit: 10 });
    mine.insertAdjacentHTML("afterend", `<p><a href="#/mine">${esc(t("shell-all-my-games"))}</a></p>`);
    return () => { friends?.stop(); stop(); };
  } catch (error) { mine.textContent = messageOf(error); return () => friends?.stop(); }
}

/** @param {ListedGame[]} list @param {string} route @param {string} verb @param {Record<string, string>} titles */
function gamesTable(list, route, verb, titles) {
  const rows = list.map((g) => {
    const names = g.seats.map((s, n) => `${esc(s.bot_level ? t("shell-bot-named", { level: botLevelName(s.bot_level) }) : s.deleted ? t("shell-deleted-player") : s.display_name || t("shell-seat-number", { seat: n + 1 }))}${g.winners.includes(n) ? " 🏆" : ""}`).join(", ");
    // a date and a count of moves, never the store's internal version (issue 33)
    const started = g.created_at ? formatDate(g.created_at, { dateStyle: "medium", timeStyle: "short" }) : "";
    return `<tr><td>${esc(titles[g.game] || g.game)}</td><td translate="no">${names}</td><td class="muted">${g.created_at ? `<time datetime="${esc(g.created_at)}">${esc(started)}</time>` : "—"}</td><td class="muted">${esc(t("shell-moves-count", { count: Math.max(0, g.version - 1) }))}</td><td><a href="#/${route}/${g.game_id}">${esc(verb)}</a></td></tr>`;
  }).join("");
  return `<div class="table-scroll"><table class="list"><thead><tr><th>${esc(t("shell-col-game"))}</th><th>${esc(t("shell-col-players"))}</th><th>${esc(t("shell-col-started"))}</th><th>${esc(t("shell-col-moves"))}</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** @param {string} kind @param {string} title @param {string} route @param {string} verb */
async function gameList(kind, title, route, verb) {
  /** @type {[{ games: ListedGame[] }, { name: string, title: string }[]]} */
  const [{ games: list }, catalog] = await Promise.all([get(`/api/games?${kind}=1&limit=50`), loadAll()]);
  const titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  root.innerHTML = `<section class="card"><h1>${esc(title)}</h1>${list.length ? gamesTable(list, route, verb, titles) : `<p class=muted>${esc(t("shell-none-right-now"))}</p>`}</section>`;
}

// A guided first game: the gateway's tutorial table (the easiest bots, no clock to race, the
// fewest seats, and the same fixed deal for every newcomer) with a coach beside the board
// (shell/coach.js).
/** @param {string} name */
async function learn(name) {
  const game = (await loadAll()).find((g) => g.name === name);
  if (!game) throw new Error(t("shell-unknown-game", { name }));
  wantCoach(game.name);
  /** @type {{ game_id: string }} */
  const started = await call("POST", "/api/learn", { game: game.name });
  location.hash = `#/game/${started.game_id}`;
}

/** A game's leaderboard, or a player count's own (`leaderboardOf`). @param {string} id */
async function leaders(id) {
  const catalog = await loadAll();
  const { game: name, players: asked } = leaderboardOf(id);
  const game = catalog.find((g) => g.name === name) || catalog[0];
  const players = asked !== null && game.player_counts.includes(asked) ? asked : null;
  /** @type {Leaderboard} */
  const board = await get(`/api/leaderboard/${encodeURIComponent(game.name)}?limit=50${players ? `&players=${players}` : ""}`);
  const { ratings } = board;
  // fewer than 10 rated games: the rating is provisional, shown as "?" (and listed after the others)
  const rating = (/** @type {Rating} */ r) => (r.provisional ? "?" : formatNumber(r.ordinal, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const rows = ratings.map((r, n) => `<tr><td>${r.provisional ? "?" : n + 1}</td><td>${r.deleted ? esc(t("shell-deleted-player")) : `<a translate="no" href="/players/${encodeURIComponent(r.display_name)}">${esc(r.display_name || t("shell-unnamed-player"))}</a>`}</td><td>${esc(rating(r))}</td><td>${esc(formatNumber(r.games))}</td></tr>`).join("");
  const others = catalog.filter((g) => g !== game)
    .map((g) => ` <a href="#/leaders/${esc(g.name)}" style="font-size:.85rem;font-weight:400">${esc(g.title)} →</a>`).join("");
  // one board over every player count, and one per count (each ranks its own players)
  const tab = (/** @type {number | null} */ n) => (n === players ? `<strong>${esc(countName(n))}</strong>` : `<a href="#/leaders/${esc(game.name)}${n ? `@${n}` : ""}">${esc(countName(n))}</a>`);
  const counts = `<nav class="row" aria-label="${esc(t("shell-leaders-counts"))}">${[null, ...game.player_counts].map(tab).join(" · ")}</nav>`;
  root.innerHTML = `<section class="card"><h1>${esc(t("shell-leaderboard-title", { title: game.title }))}${others}</h1>${counts}${ratings.length
    ? `<table class="list"><thead><tr><th>#</th><th>${esc(t("shell-col-player"))}</th><th>${esc(t("shell-col-rating"))}</th><th>${esc(t("shell-col-games"))}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p class=muted>${esc(t("shell-no-rated-games"))}</p>`}${ratedHtml()}</section>`;
}

/** A board's player count in words ("every player count" for the game's own board). @param {number | null} n */
function countName(n) {
  return n === null ? t("shell-leaders-all-counts") : t("shell-leaders-count", { count: n });
}

// What the board counts and what it leaves out (the server's English fields are left to API users).
function ratedHtml() {
  return `<div class="rated-note" id="rated"><p><strong>${esc(t("shell-rated-label"))}</strong> ${esc(t("shell-rated-what"))}</p>` +
    `<p><strong>${esc(t("shell-not-rated-label"))}</strong> ${esc(t("shell-not-rated-what"))}</p>` +
    `<p class="muted">${esc(t("shell-rated-abandoned"))}</p></div>`;
}

// Waiting for a table: the time waited, the estimate from recent waits, when bots would fill the
// empty seats (or that only people are awaited), "Fill with bots now" and Cancel. The ticket
// lives while this player's socket is open; polling it is a sign of life too.
/** @param {string} ticketId */
function waitScreen(ticketId) {
  /** @type {Ticket | null} */
  let ticket = null;
  let since = Date.now(); // the server's counts, advanced locally between polls
  root.innerHTML = `<div class="card center waiting" style="text-align:center"><h1>${esc(t("shell-wait-title"))}</h1><div class="spinner" aria-hidden="true"></div>` +
    `<div class="big-clock" id="clock" aria-label="${esc(t("shell-wait-time-label"))}">0:00</div><p class="muted" id="estimate"></p>` +
    `<p id="bots" class="bots-note" aria-live="polite"></p>` +
    `<div class="actions" style="justify-content:center"><button id="fill" class="primary">${esc(t("shell-fill-with-bots"))}</button><button id="cancel">${esc(t("shell-cancel"))}</button></div>` +
    `<p class="refusal" id="refusal" role="alert" hidden></p></div>`;
  const el = (/** @type {string} */ id) => find(root, `#${id}`, HTMLElement);
  const mmss = (/** @type {number} */ seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  const go = (/** @type {string} */ gameId) => { location.hash = `#/game/${gameId}`; };
  ctx.onMatch = (found) => go(found.game_id);
  ctx.onFrame = (frame) => dispatch(frame, {
    notice: { ticket_cancelled: (args) => { if (args.ticket_id === ticketId) cancelled(args.reason_code || ""); } },
  });
  function render() {
    const passed = (Date.now() - since) / 1000;
    el("clock").textContent = mmss(Math.floor((ticket?.waited_seconds || 0) + passed));
    if (!ticket) return;
    const estimate = ticket.estimated_wait_seconds;
    el("estimate").textContent = t(estimate ? "shell-wait-estimate" : "shell-wait-no-estimate", { seconds: Math.ceil(estimate || 0) });
    const inSeconds = ticket.bots_in_seconds;
    let note;
    if (ticket.fill_now || inSeconds === 0) note = t("shell-wait-bots-now");
    else if (inSeconds === null || inSeconds === undefined) note = t("shell-wait-people-only");
    else note = t("shell-wait-bots-in", { seconds: Math.max(1, Math.ceil(inSeconds - passed)) });
    el("bots").textContent = note;
    find(root, "#fill", HTMLButtonElement).disabled = !!ticket.fill_now;
  }
  /** @param {Ticket} next */
  function show(next) {
    if (next.state === "matched" && next.game_id) return go(next.game_id);
    if (next.state === "cancelled") return cancelled("");
    ticket = next;
    since = Date.now();
    render();
  }
  /** @param {string} reason */
  function cancelled(reason) {
    toast(reason ? t("shell-ticket-cancelled-because", { reason: reasonText(reason) }) : t("shell-ticket-cancelled"), "info");
    location.hash = "#/";
  }
  /** @param {unknown} error */
  function refused(error) {
    el("refusal").textContent = messageOf(error);
    el("refusal").hidden = false;
  }
  async function checkTicket() {
    try { show(await get(`/api/queue/${ticketId}`)); } catch (error) {
      if (error instanceof ApiError && error.status === 404) location.hash = "#/";
    }
  }
  el("fill").addEventListener("click", async () => {
    try { show(await call("POST", `/api/queue/${ticketId}/bots`)); } catch (error) { refused(error); }
  });
  el("cancel").addEventListener("click", async () => {
    try { await call("DELETE", `/api/queue/${ticketId}`); } catch (error) { toast(messageOf(error)); }
    location.hash = "#/";
  });
  const tick = setInterval(render, 250);
  const poll = setInterval(checkTicket, 2000);
  checkTicket();
  return () => { clearInterval(tick); clearInterval(poll); };
}

/** A ticket's cancel reason (its `reason_code`, such as "absent"), in words.
 *  @param {string} reason */
function reasonText(reason) {
  return t(`shell-ticket-reason-${reason}`);
}

// The header's language switcher: each language named in itself; the screen is drawn again, and a
// signed-in account keeps the choice on every device.
function languageSwitcher() {
  const select = find(document, "#lang", HTMLSelectElement);
  const tags = LANGUAGES.map(([tag, name]) => /** @type {[string, string]} */ ([tag, name]));
  if (currentLocale() === PSEUDO) tags.push([PSEUDO, "[Ƥşḗŭḓǿ]"]);
  select.innerHTML = tags.map(([tag, name]) => `<option value="${tag}" lang="${tag}" ${tag === currentLocale() ? "selected" : ""}>${esc(name)}</option>`).join("");
  select.onchange = () => { setLocale(select.value); void saveLanguage(select.value); };
}

function drawChrome() {
  localize(document.body);
  languageSwitcher();
  refresh();
}

await startI18n([new URL("./", import.meta.url).href, ...FEATURES.map((f) => new URL(`../${f}/`, import.meta.url).href)],
  () => accountLanguage());
drawChrome();
onLocaleChange(() => { drawChrome(); route(); });
window.addEventListener("hashchange", route);
route();
