// What every game's replay viewer shares: the toolbar (step, play, scrub, perspective), a cached
// fetch of each version's view, and the arrow keys. A game supplies its layout and how to draw
// one version (`draw({ at, view, viewer, data })`); the viewer calls it whenever either changes.

import { get } from "./api.js";
import { esc, seatName } from "./panels.js";

export async function replayViewer(root, info, layoutHtml, draw) {
  const cache = new Map();
  let at = info.version, perspective = info.finished ? "all" : "spectator", timer = null;
  root.innerHTML = toolbarHtml(info, at) + layoutHtml;
  const slider = root.querySelector("input[type=range]");
  const select = root.querySelector("#persp");
  select.value = perspective;

  function fetchAt(version) {
    const key = `${version}/${perspective}`;
    if (!cache.has(key)) cache.set(key, get(`/api/games/${info.game_id}/replay?at=${version}&seat=${perspective}`));
    return cache.get(key);
  }

  async function show() {
    const data = await fetchAt(at);
    const viewer = perspective === "all" || perspective === "spectator" ? null : +perspective;
    root.querySelector("#at").textContent = `version ${at} of ${info.version}`;
    await draw({ at, view: data.view, viewer, data });
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

// Seats may be chosen once the game is over, or one's own seat while it runs.
function toolbarHtml(info, at) {
  const options = [`<option value="spectator">Spectator</option>`]
    .concat(info.seats.map((s, n) => `<option value="${n}" ${info.finished || s.mine ? "" : "disabled"}>${esc(seatName(info.seats, n))}</option>`))
    .concat(info.finished ? [`<option value="all">Reveal all</option>`] : []);
  return `<div class="card replay-controls" role="toolbar" aria-label="Replay controls">` +
    `<button data-step="first" aria-label="First">|◀</button><button data-step="-1" aria-label="Previous">◀</button>` +
    `<button data-step="play" aria-label="Play">▶ Play</button><button data-step="1" aria-label="Next">▶</button><button data-step="last" aria-label="Last">▶|</button>` +
    `<input type="range" min="1" max="${info.version}" value="${at}" aria-label="Version">` +
    `<span id="at" class="muted"></span><label class="muted" style="margin:0">View as <select id="persp">${options.join("")}</select></label></div>`;
}
