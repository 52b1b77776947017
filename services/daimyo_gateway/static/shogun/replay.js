// The Shogun replay viewer: any version of a finished game (or a live one as a spectator), stepped
// or scrubbed, through one seat's eyes or — once the game is over — with every plan revealed.

import { board as fetchBoard, get } from "../js/api.js";
import { esc, seatName } from "../js/panels.js";
import { mapSvg, regionLegend } from "./map.js";
import {
  ACTION_SHORT, Chronicle, battleHtml, cardLabel, finalHtml, logHtml, logLines, seatsHtml, stripHtml, towerHtml, who, winterHtml,
} from "./panels.js";

export async function shogunReplayScreen(root, ctx, info) {
  const gameId = info.game_id;
  const [board, { events }] = await Promise.all([fetchBoard("shogun", info.players), get(`/api/games/${gameId}/events`)]);
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
    `<div class="sg-game" style="margin-top:.8rem"><div><div class="status" id="status"></div><div id="strip"></div><div class="sg-map-wrap" id="board"></div><div id="legend"></div></div>` +
    `<aside class="side" id="side"></aside></div>`;
  const slider = root.querySelector("input[type=range]");
  const select = root.querySelector("#persp");
  select.value = perspective;

  function fetchAt(version) {
    const key = `${version}/${perspective}`;
    if (!cache.has(key)) cache.set(key, get(`/api/games/${gameId}/replay?at=${version}&seat=${perspective}`));
    return cache.get(key);
  }

  async function show() {
    const { view } = await fetchAt(at);
    const viewer = perspective === "all" || perspective === "spectator" ? null : +perspective;
    const upto = events.filter((e) => e.version <= at);
    const chronicle = new Chronicle();
    upto.forEach((e) => chronicle.add(e.effects));
    const lines = upto.flatMap((e) => logLines(e.effects, info.seats, board));
    const event = events.find((e) => e.version === at);
    root.querySelector("#at").textContent = `version ${at} of ${info.version}`;
    root.querySelector("#status").innerHTML = `${event?.seat !== undefined && event?.seat !== null ? `Move ${at - 1}: ${who(info.seats, event.seat)}` : at === 1 ? "The start" : ""}` +
      ` <span class="muted">· year ${view.year} · ${view.season}</span>`;
    root.querySelector("#strip").innerHTML = stripHtml(board, view);
    root.querySelector("#board").innerHTML = mapSvg(board, view, { origin: view.decision?.from });
    root.querySelector("#legend").innerHTML = regionLegend(view.side);
    root.querySelector("#side").innerHTML = finalHtml(view, info.seats) + plansHtml(view, info.seats, viewer) +
      seatsHtml(view, info.seats, viewer).replace("</section>", `${towerHtml(view)}</section>`) +
      battleHtml(chronicle.battle, info.seats) + winterHtml(chronicle.winter, info.seats) + logHtml(lines);
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

// The secret plans this replay may show: every seat's ("all"), or the chosen seat's own.
function plansHtml(view, seats, viewer) {
  const plans = view.plans || (viewer !== null && view.your_plan ? { [viewer]: view.your_plan } : null);
  if (!plans || !Object.values(plans).some(Boolean)) return "";
  const keys = Object.keys(ACTION_SHORT);
  const seatsShown = Object.keys(plans).filter((s) => plans[s]);
  const head = `<tr><th></th>${seatsShown.map((s) => `<th>${who(seats, +s)}</th>`).join("")}</tr>`;
  const rows = keys.map((k) => `<tr><td>${ACTION_SHORT[k]}</td>${seatsShown.map((s) => `<td>${esc(cardLabel(plans[s].actions[k]))}</td>`).join("")}</tr>`).join("") +
    `<tr><td>Bid</td>${seatsShown.map((s) => `<td>${esc(cardLabel(plans[s].bid))}</td>`).join("")}</tr>`;
  return `<section class="card sg-winter" aria-label="Plans"><h3>Plans this round</h3><table><thead>${head}</thead><tbody>${rows}</tbody></table></section>`;
}
