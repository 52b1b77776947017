// The single-page client's shell: hash routes for the lobby, waiting, play, spectate, replay and
// lists. It knows no game: the games, their seat counts and options come from the gateway's
// catalogue, and each game's screens from its plug-in (shell/games.js).

import { ApiError, Socket, call, forget, get, session, signIn } from "./api.js";
import { loadAll } from "./games.js";
import { replayScreen } from "./replay.js";
import { liveScreen } from "./screen.js";
import { esc, toast } from "./widgets.js";

const root = document.getElementById("app");
const ctx = { socket: null, onFrame: null, toast };
let leave = null, generation = 0;

function connect() {
  if (ctx.socket || !session()) return;
  const dot = document.getElementById("conn");
  ctx.socket = new Socket((frame) => {
    if (frame.type === "match_found") return matchFound(frame);
    ctx.onFrame?.(frame);
  }, (up) => { dot.className = `conn ${up ? "up" : "down"}`; dot.title = up ? "connected" : "reconnecting…"; });
}

function matchFound(frame) {
  localStorage.removeItem("daimyo.ticket");
  if (location.hash.startsWith("#/wait")) location.hash = `#/game/${frame.game_id}`;
  else toast("A game was found for you", "info");
}

function showWho() {
  const me = session();
  document.getElementById("who").innerHTML = me ? `${esc(me.name)} · <a href="#/signout" style="color:#f6efe1">sign out</a>` : "";
}

function leaveScreen() {
  if (leave) { try { leave(); } catch (_) { /* screen already gone */ } leave = null; }
}

// A screen that finishes loading after the route has changed again is left at once.
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
  showWho();
  const [, page, id] = location.hash.split("/");
  if (page === "signout") { forget(); ctx.socket?.close(); ctx.socket = null; location.hash = "#/"; return; }
  if (!session() && !["live", "finished", "leaders", "replay"].includes(page)) return signInScreen();
  connect();
  try {
    if (page === "wait") leave = waitScreen(id);
    else if (page === "game") await open(liveScreen(root, ctx, id, "play"));
    else if (page === "watch") await open(liveScreen(root, ctx, id, "watch"));
    else if (page === "replay") await open(replayScreen(root, ctx, id));
    else if (page === "live") await gameList("live", "Live games", "watch", "Watch");
    else if (page === "finished") await gameList("finished", "Finished games", "replay", "Replay");
    else if (page === "leaders") await leaders(id);
    else await lobby();
  } catch (error) {
    root.innerHTML = `<div class="card center"><h2>Something went wrong</h2><p>${esc(error.message)}</p><a href="#/">Back to the lobby</a></div>`;
  }
  root.focus({ preventScroll: true });
}

async function signInScreen() {
  const blurbs = await loadAll().then((list) => list.map((g) => `${esc(g.title)}, ${esc(g.blurb)}`).join("; "), () => "");
  root.innerHTML = `<form class="card center" id="signin"><h1>Daimyo</h1>` +
    `<p class="muted">${blurbs ? `${blurbs}. ` : ""}Play people or bots in your browser.</p>` +
    `<label for="name">Your name</label><input type="text" id="name" maxlength="24" autocomplete="nickname" required autofocus>` +
    `<div class="actions"><button class="primary" type="submit">Play as guest</button></div></form>`;
  root.querySelector("#signin").addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await signIn(root.querySelector("#name").value); route(); } catch (error) { toast(error.message); }
  });
}

async function lobby() {
  const catalog = await loadAll();
  const counts = Object.fromEntries(catalog.map((g) => [g.name, g.player_counts]));
  const radio = (name, value, text, checked) => `<label><input type="radio" name="${name}" value="${esc(value)}" ${checked ? "checked" : ""}> ${esc(text)}</label>`;
  root.innerHTML = `<div class="row" style="align-items:flex-start">` +
    `<form class="card center" id="queue" style="margin:1rem auto;flex:1;min-width:280px"><h2>New game</h2>` +
    `<fieldset><legend>Game</legend><div class="choices">${catalog.map((g, n) => radio("game", g.name, g.title, n === 0)).join("")}</div></fieldset>` +
    `<fieldset><legend>Players</legend><div class="choices" id="counts"></div></fieldset>` +
    `<fieldset><legend>Opponents</legend><div class="choices">${radio("mode", "people", "Play people", false)}${radio("mode", "bots", "Play bots", true)}</div></fieldset>` +
    `<fieldset><legend>Clock</legend><div class="choices">${radio("clock", "live", "Live 10+10", true)}${radio("clock", "blitz", "Blitz 3+5")}${radio("clock", "correspondence", "3 days a move")}</div></fieldset>` +
    `<fieldset id="levels"><legend>Bot level</legend><div class="choices">${radio("level", "random", "Easy (random)")}${radio("level", "greedy", "Medium", true)}${radio("level", "mcts", "Hard")}</div></fieldset>` +
    `<div class="actions"><button class="primary" type="submit">Find a game</button></div></form>` +
    `<section class="card" style="margin:1rem auto;flex:1;min-width:280px"><h2>Your games</h2><div id="mine" class="muted">Loading…</div></section></div>`;
  const form = root.querySelector("#queue");
  const levels = root.querySelector("#levels");
  const players = root.querySelector("#counts");
  const sync = () => {
    levels.hidden = form.mode.value !== "bots";
    if (players.dataset.game !== form.game.value) {
      players.dataset.game = form.game.value;
      players.innerHTML = counts[form.game.value].map((n, i) => radio("players", String(n), String(n), i === 0)).join("");
    }
  };
  form.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const ticket = await call("POST", "/api/queue", {
        game: form.game.value, player_counts: [Number(form.players.value)], mode: form.mode.value,
        bot_level: form.mode.value === "bots" ? form.level.value : "", time_control: form.clock.value,
      });
      if (ticket.state === "matched" && ticket.game_id) location.hash = `#/game/${ticket.game_id}`;
      else location.hash = `#/wait/${ticket.ticket_id}`;
    } catch (error) { toast(error.message); }
  });
  try {
    const { games: mine } = await get("/api/games?mine=1&live=1&limit=10");
    root.querySelector("#mine").innerHTML = mine.length ? gamesTable(mine, "game", "Resume")
      : "No game in progress.";
  } catch (error) { root.querySelector("#mine").textContent = error.message; }
}

function gamesTable(list, route, verb) {
  const rows = list.map((g) => {
    const names = g.seats.map((s, n) => `${esc(s.display_name || (s.bot_level ? `bot ${s.bot_level}` : `seat ${n + 1}`))}${g.winners.includes(n) ? " 🏆" : ""}`).join(", ");
    return `<tr><td>${esc(g.game)}</td><td>${names}</td><td class="muted">v${g.version}</td><td><a href="#/${route}/${g.game_id}">${verb}</a></td></tr>`;
  }).join("");
  return `<table class="list"><thead><tr><th>Game</th><th>Players</th><th>Moves</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

async function gameList(kind, title, route, verb) {
  const { games: list } = await get(`/api/games?${kind}=1&limit=50`);
  root.innerHTML = `<section class="card"><h2>${title}</h2>${list.length ? gamesTable(list, route, verb) : "<p class=muted>None right now.</p>"}</section>`;
}

async function leaders(name) {
  const catalog = await loadAll();
  const game = catalog.find((g) => g.name === name) || catalog[0];
  const { ratings } = await get(`/api/leaderboard/${encodeURIComponent(game.name)}?limit=50`);
  const rows = ratings.map((r, n) => `<tr><td>${n + 1}</td><td>${esc(r.display_name)}</td><td>${r.ordinal.toFixed(1)}</td><td>${r.games}</td></tr>`).join("");
  const others = catalog.filter((g) => g !== game)
    .map((g) => ` <a href="#/leaders/${esc(g.name)}" style="font-size:.85rem;font-weight:400">${esc(g.title)} →</a>`).join("");
  root.innerHTML = `<section class="card"><h2>${esc(game.title)} leaderboard${others}</h2>${ratings.length
    ? `<table class="list"><thead><tr><th>#</th><th>Player</th><th>Rating</th><th>Games</th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p class=muted>No rated games yet.</p>"}</section>`;
}

function waitScreen(ticketId) {
  let waited = 0, since = Date.now(); // the server's count, advanced locally between polls
  root.innerHTML = `<div class="card center" style="text-align:center"><h2>Looking for a table…</h2><div class="spinner" aria-hidden="true"></div>` +
    `<div class="big-clock" id="clock" aria-label="time waited">0:00</div><p class="muted" id="estimate"></p>` +
    `<button id="cancel">Cancel</button></div>`;
  const clock = root.querySelector("#clock");
  const tick = setInterval(() => {
    const seconds = Math.floor(waited + (Date.now() - since) / 1000);
    clock.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }, 250);
  const poll = setInterval(checkTicket, 2000);
  async function checkTicket() {
    try {
      const ticket = await get(`/api/queue/${ticketId}`);
      if (ticket.state === "matched" && ticket.game_id) location.hash = `#/game/${ticket.game_id}`;
      else if (ticket.state === "cancelled") location.hash = "#/";
      waited = ticket.waited_seconds || 0;
      since = Date.now();
      const estimate = ticket.estimated_wait_seconds;
      root.querySelector("#estimate").textContent = estimate ? `Estimated wait: about ${Math.ceil(estimate)} s` : "";
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) location.hash = "#/";
    }
  }
  root.querySelector("#cancel").addEventListener("click", async () => {
    try { await call("DELETE", `/api/queue/${ticketId}`); } catch (error) { toast(error.message); }
    location.hash = "#/";
  });
  checkTicket();
  return () => { clearInterval(tick); clearInterval(poll); };
}

window.addEventListener("hashchange", route);
route();
