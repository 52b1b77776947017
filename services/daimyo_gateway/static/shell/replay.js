// The replay screen every game shares: the toolbar (step, play, scrub, perspective), a cached
// fetch of each version's view, and the arrow keys. A game's `createReplay(host)` gets
// host.root, host.info, host.board and host.events (the game's public log) and returns its
// `layout` (HTML under the toolbar) and `draw({ at, view, viewer, data })`, called whenever the
// version or the perspective changes (viewer: a seat number, or null for spectator / reveal all).
// A finished game's chat (both channels) follows the layout.

import { mountReview } from "../analysis/review.js";
import { board, get } from "./api.js";
import { chatTranscript } from "./chat.js";
import { loadGame } from "./games.js";
import { pace, paceSelect, setPace } from "./playback.js";
import { esc, find, findAll, seatName, targetOf } from "./widgets.js";
import { t } from "./i18n.js";

/** @typedef {import("./games.js").GameInfo} GameInfo */

/** @param {HTMLElement} root @param {unknown} _ctx @param {string} gameId */
export async function replayScreen(root, _ctx, gameId) {
  /** @type {GameInfo} */
  const info = await get(`/api/games/${gameId}`);
  const game = await loadGame(info.game);
  const [geometry, { events }] = await Promise.all([board(info.game, info.players), get(`/api/games/${gameId}/events`)]);
  const { layout, draw } = game.createReplay({ root, info, board: geometry, events });
  /** @type {ReturnType<typeof mountReview> | null} */
  let review = null;
  const viewer = await replayViewer(root, info, layout, async (frame) => { await draw(frame); review?.shown(frame.at); });
  root.insertAdjacentHTML("afterbegin", `<h1 class="sr-only">${esc(t("shell-heading-replay", { title: game.title }))}</h1>`);
  let gone = false;
  if (info.finished) {
    review = mountReview({ root, info, events, go: viewer.go });  // the game's review (static/analysis/)
    chatTranscript(info).then((/** @type {HTMLElement} */ section) => { if (!gone) root.append(section); });
  }
  return () => { gone = true; review?.close(); viewer.close(); };
}

/**
 * @param {HTMLElement} root @param {GameInfo} info @param {string} layoutHtml
 * @param {import("./games.js").Replay["draw"]} draw
 */
async function replayViewer(root, info, layoutHtml, draw) {
  /** @type {Map<string, Promise<{ view: unknown }>>} */
  const cache = new Map();
  const aborter = new AbortController();
  let at = info.version, perspective = info.finished ? "all" : "spectator";
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  root.innerHTML = toolbarHtml(info, at) + layoutHtml;
  const slider = find(root, "input[type=range]", HTMLInputElement);
  const select = find(root, "#persp", HTMLSelectElement);
  select.value = perspective;

  /** @param {number} version */
  function fetchAt(version) {
    const key = `${version}/${perspective}`;
    if (!cache.has(key)) cache.set(key, get(`/api/games/${info.game_id}/replay?at=${version}&seat=${perspective}`));
    return /** @type {Promise<{ view: unknown }>} */ (cache.get(key));
  }

  async function show() {
    const data = await fetchAt(at);
    if (aborter.signal.aborted) return;
    const viewer = perspective === "all" || perspective === "spectator" ? null : +perspective;
    find(root, "#at").textContent = at === 1 ? t("shell-replay-start", { moves: info.version - 1 }) : t("shell-replay-move-of", { move: at - 1, moves: info.version - 1 });
    await draw({ at, view: data.view, viewer, data });
    slider.value = String(at);
  }

  /** @param {number} version */
  function go(version) { at = Math.max(1, Math.min(info.version, version)); show(); }

  findAll(root, "[data-step]").forEach((b) => b.addEventListener("click", () => {
    const step = b.dataset.step;
    if (step === "play") {
      if (timer) { clearInterval(timer); timer = null; b.textContent = t("shell-replay-play"); return; }
      b.textContent = t("shell-replay-pause");
      timer = setInterval(() => (at >= info.version ? b.click() : go(at + 1)), Math.max(150, pace()));
      return;
    }
    go(step === "first" ? 1 : step === "last" ? info.version : at + Number(step));
  }));
  slider.addEventListener("input", () => go(+slider.value));
  select.addEventListener("change", () => { perspective = select.value; show(); });
  find(root, "[data-pace]").addEventListener("change", (event) => {
    setPace(/** @type {HTMLSelectElement} */ (event.target).value);
    if (timer) { find(root, "[data-step=play]").click(); find(root, "[data-step=play]").click(); }
  });
  root.addEventListener("keydown", (event) => {
    const target = targetOf(event);
    if (target.tagName === "SELECT" || target.closest?.(".pz-frame")) return;
    if (event.key === "ArrowLeft") go(at - 1);
    if (event.key === "ArrowRight") go(at + 1);
  }, { signal: aborter.signal });
  await show();
  return { go, close: () => { aborter.abort(); if (timer) clearInterval(timer); } };
}

/** Seats may be chosen once the game is over, or one's own seat while it runs.
 *  @param {GameInfo} info @param {number} at */
function toolbarHtml(info, at) {
  const options = [`<option value="spectator">${esc(t("shell-replay-spectator"))}</option>`]
    .concat(info.seats.map((s, n) => `<option value="${n}" ${info.finished || s.mine ? "" : "disabled"}>${esc(seatName(info.seats, n))}</option>`))
    .concat(info.finished ? [`<option value="all">${esc(t("shell-replay-reveal-all"))}</option>`] : []);
  const label = (/** @type {string} */ id) => `aria-label="${esc(t(id))}"`;
  return `<div class="card replay-controls" role="toolbar" ${label("shell-replay-controls")}>` +
    `<button data-step="first" ${label("shell-replay-first")}>|◀</button><button data-step="-1" ${label("shell-replay-previous")}>◀</button>` +
    `<button data-step="play" ${label("shell-replay-play-label")}>${esc(t("shell-replay-play"))}</button><button data-step="1" ${label("shell-replay-next")}>▶</button><button data-step="last" ${label("shell-replay-last")}>▶|</button>` +
    `<input type="range" min="1" max="${info.version}" value="${at}" ${label("shell-replay-version")}>` +
    `<span id="at" class="muted"></span>${paceSelect("replay-pace")}<label class="muted" style="margin:0">${esc(t("shell-replay-view-as"))} <select id="persp">${options.join("")}</select></label></div>`;
}
