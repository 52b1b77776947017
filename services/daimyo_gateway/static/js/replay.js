// The replay viewer: any version of a finished game (or a live one as a spectator), stepped or
// scrubbed, through one seat's eyes or — once the game is over — with every hand revealed.

import { board, get } from "./api.js";
import { boardSvg } from "./board.js";
import { tileButton } from "./game.js";
import { esc, finalPanel, logItems, logPanel, playersPanel, seatName } from "./panels.js";

export async function replayScreen(root, ctx, gameId) {
  const info = await get(`/api/games/${gameId}`);
  if (info.game === "shogun") return (await import("../shogun/replay.js")).shogunReplayScreen(root, ctx, info);
  const geometry = await board(info.game, info.players);
  const { events } = await get(`/api/games/${gameId}/events`);
  const cache = new Map();
  let at = info.version, perspective = info.finished ? "all" : "spectator", timer = null;

  const options = [`<option value="spectator">Spectator</option>`]
    .concat(info.seats.map((s, n) => `<option value="${n}" ${info.finished || s.mine ? "" : "disabled"}>${esc(seatName(info.seats, n))}</option>`))
    .concat(info.finished ? [`<option value="all">Reveal all</option>`] : []);
  root.innerHTML = `<div class="card replay-controls" role="toolbar" aria-label="Replay controls">` +
    `<button data-step="first" aria-label="First">|◀</button><button data-step="-1" aria-label="Previous">◀</button>` +
    `<button data-step="play" aria-label="Play">▶ Play</button><button data-step="1" aria-label="Next">▶</button><button data-step="last" aria-label="Last">▶|</button>` +
    `<input type="range" min="1" max="${info.version}" value="${at}" aria-label="Version">` +
    `<span id="at" class="muted"></span><label class="muted" style="margin:0">View as <select id="persp">${options.join("")}</select></label></div>` +
    `<div class="game" style="margin-top:.8rem"><div><div class="status" id="status"></div><div class="board-wrap" id="board"></div><div id="hands"></div></div><aside class="side" id="side"></aside></div>`;
  const slider = root.querySelector("input[type=range]");
  const select = root.querySelector("#persp");
  select.value = perspective;

  async function fetchAt(version) {
    const key = `${version}/${perspective}`;
    if (!cache.has(key)) cache.set(key, get(`/api/games/${gameId}/replay?at=${version}&seat=${perspective}`));
    return cache.get(key);
  }

  async function show() {
    const data = await fetchAt(at);
    const view = data.view;
    const viewer = perspective === "all" || perspective === "spectator" ? null : +perspective;
    const event = events.find((e) => e.version === at);
    const lines = events.filter((e) => e.version <= at).flatMap((e) => logItems(e.effects, info.seats, viewer));
    root.querySelector("#at").textContent = `version ${at} of ${info.version}`;
    root.querySelector("#status").innerHTML = event?.seat !== undefined && event?.seat !== null
      ? `Move ${at - 1}: ${esc(seatName(info.seats, event.seat))}` : at === 1 ? "The start" : "";
    const hexes = new Set([event?.move?.hex, event?.move?.to].filter(Boolean));
    root.querySelector("#board").innerHTML = boardSvg(geometry, view, { lastHexes: hexes });
    root.querySelector("#hands").innerHTML = handsHtml(view, info.seats, viewer);
    root.querySelector("#side").innerHTML = finalPanel(view, info.seats) + playersPanel(view, info.seats, viewer) + logPanel(lines);
    slider.value = at;
  }

  function go(version) { at = Math.max(1, Math.min(info.version, version)); show(); }

  root.querySelectorAll("[data-step]").forEach((b) => b.addEventListener("click", () => {
    const step = b.dataset.step;
    if (step === "play") {
      if (timer) { clearInterval(timer); timer = null; b.textContent = "▶ Play"; return; }
      b.textContent = "⏸ Pause";
      timer = setInterval(() => (at >= info.version ? b.click() : go(at + 1)), 700);
      return;
    }
    go(step === "first" ? 1 : step === "last" ? info.version : at + Number(step));
  }));
  slider.addEventListener("input", () => go(+slider.value));
  select.addEventListener("change", () => { perspective = select.value; show(); });
  root.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT") return;
    if (event.key === "ArrowLeft") go(at - 1);
    if (event.key === "ArrowRight") go(at + 1);
  });
  await show();
  return () => timer && clearInterval(timer);
}

function handsHtml(view, seats, viewer) {
  const hands = view.hands || (viewer !== null && view.hand ? Object.assign([], { [viewer]: view.hand }) : null);
  if (!hands) return "";
  const rows = hands.map((hand, s) => hand ? `<div class="row" style="margin:.4rem 0"><strong style="min-width:7rem">${esc(seatName(seats, s))}</strong>` +
    `<div class="hand">${hand.map((t) => tileButton(t, s, { disabled: false })).join("")}</div></div>` : "").join("");
  return `<div class="card hand-bar"><h3>Hands</h3>${rows}</div>`;
}
