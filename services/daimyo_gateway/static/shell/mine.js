// "My games": every game of the signed-in player with whose turn it is and the time left on the
// clock of the seat to act (counted down here from the server's now_ms), the clock's kind and a
// link to play on; the lobby shows the same table for the games in progress. The sound switch
// for your-turn notices lives here too.

import { get } from "./api.js";
import { loadAll } from "./games.js";
import { formatMs } from "./live.js";
import { refresh, setSound, soundOn } from "./notices.js";
import { rowHtml } from "./rows.js";
import { esc, find, findAll } from "./widgets.js";
import { t } from "./i18n.js";
import { mountNoticesPanel } from "../notices/panel.js";

/** @typedef {import("./rows.js").MyGame} MyGame */

/** How often "My games" reads the list again while it shows (ms). */
const LIVE_MS = 5000;

/** @param {HTMLElement} root */
export async function myGamesPage(root) {
  root.innerHTML = `<section class="card" id="my-games"><div class="row" style="justify-content:space-between"><h1>${esc(t("shell-nav-mine"))}</h1>` +
    `<div class="row"><label class="check"><input type="checkbox" id="finished"> ${esc(t("shell-mine-finished-too"))}</label>` +
    `<label class="check"><input type="checkbox" id="sound" ${soundOn() ? "checked" : ""}> ${esc(t("shell-mine-sound"))}</label></div></div>` +
    `<div id="list" class="muted">${esc(t("shell-loading"))}</div></section><section class="card" id="push-settings"></section>`;
  mountNoticesPanel(find(root, "#push-settings")).catch(() => null);
  const list = find(root, "#list");
  const finished = find(root, "#finished", HTMLInputElement);
  const sound = find(root, "#sound", HTMLInputElement);
  sound.addEventListener("change", () => setSound(sound.checked));
  let stop = () => {};
  const load = async () => {
    stop();
    stop = await myGamesInto(list, { finished: finished.checked, empty: t("shell-mine-none-yet") });
  };
  finished.addEventListener("change", load);
  await load();
  // the page follows the games as they go (issue 33): read again every few seconds while it shows
  const poll = setInterval(() => { load().catch(() => {}); }, LIVE_MS);
  return () => { clearInterval(poll); stop(); };
}

/** Fill `el` with the player's games (in progress unless `finished`); returns the ticker's stop.
 * @param {HTMLElement} el @param {{ finished?: boolean, empty?: string, limit?: number }} [options] */
export async function myGamesInto(el, { finished = false, empty = t("shell-mine-none-in-progress"), limit = 50 } = {}) {
  /** @type {[{ games: MyGame[] }, { name: string, title: string }[]]} */
  const [{ games }, catalog] = await Promise.all([get(`/api/my-games?limit=${limit}${finished ? "&finished=1" : ""}`), loadAll()]);
  refresh(games.filter((g) => g.status !== "finished" || finished)); // the notices agree with the page
  const titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  const shown = finished ? games : games.filter((g) => g.status !== "finished");
  if (!shown.length) { el.textContent = empty; return () => {}; }
  el.classList.remove("muted");
  const th = ["game", "players", "turn", "time-left", "clock"].map((c) => `<th>${esc(t(`shell-col-${c}`))}</th>`).join("");
  el.innerHTML = `<div class="table-scroll"><table class="list my-games"><thead><tr>${th}<th></th></tr></thead>` +
    `<tbody>${shown.map((g) => rowHtml(g, titles)).join("")}</tbody></table></div>`;
  const offset = shown.length ? shown[0].now_ms - Date.now() : 0;
  const tick = () => findAll(el, "[data-left]").forEach((cell) => {
    const left = Number(cell.dataset.left) - (Date.now() + offset - Number(cell.dataset.at));
    cell.textContent = formatMs(Math.max(0, left));
  });
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}
