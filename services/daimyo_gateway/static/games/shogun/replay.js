// The Shogun replay: any version of a finished game (or a live one as a spectator), drawn under
// the shell's replay toolbar (shell/replay.js), through one seat's eyes or — once the game is
// over — with every plan revealed.

import { esc, find, seatName } from "../../shell/widgets.js";
import { t, tHtml } from "../../shell/i18n.js";
import { PanZoom } from "../../shell/panzoom.js";
import { mapSvg, mapZoom, regionLegend } from "./map.js";
import {
  ACTION_SHORT, Chronicle, battlesHtml, bidLabel, cardLabel, finalHtml, logHtml, logLines, seatsHtml, stripHtml, towerHtml, who, winterHtml,
} from "./panels.js";

/** @typedef {import("./wire.js").View} View */

/** @param {import("../../shell/games.js").ReplayHost} host @returns {import("../../shell/games.js").Replay} */
export function shogunReplay({ root, info, board: facts, events }) {
  const board = /** @type {import("./wire.js").Board} */ (facts);
  const layout = `<div class="sg-game" style="margin-top:.8rem"><div><div class="status" id="status"></div><div id="strip"></div><div id="board-frame" tabindex="0" role="group" aria-label="${esc(t("shogun-map-frame-label"))}"><div class="sg-map-wrap" id="board"></div></div><div id="legend"></div></div>` +
    `<aside class="side" id="side"></aside></div>`;

  /** @type {PanZoom | null} */
  let pz = null;
  const draw = (/** @type {{ at: number, view: View, viewer: number | null }} */ { at, view, viewer }) => {
    pz ??= new PanZoom(find(root, "#board-frame"), find(root, "#board"), { initialZoom: mapZoom });
    const upto = events.filter((e) => e.version <= at);
    const chronicle = new Chronicle();
    upto.forEach((e) => chronicle.add(e.effects));
    const lines = upto.flatMap((e) => logLines(e.effects, info.seats, board));
    const event = events.find((e) => e.version === at);
    find(root, "#status").innerHTML = `${event?.seat !== undefined && event?.seat !== null ? tHtml("shogun-replay-move", { move: at - 1, who: who(info.seats, event.seat) }) : at === 1 ? esc(t("shogun-replay-start")) : ""}` +
      ` <span class="muted">· ${esc(t("shogun-year-season", { year: view.year, season: t(`shogun-season-${view.season}`) }))}</span>`;
    find(root, "#strip").innerHTML = stripHtml(board, view);
    find(root, "#board").innerHTML = mapSvg(board, view, { origin: view.decision?.from, name: (s) => seatName(info.seats, s) });
    pz.apply();
    find(root, "#legend").innerHTML = regionLegend(view.side);
    find(root, "#side").innerHTML = finalHtml(view, info.seats, info.finished && info.winners) + plansHtml(view, info.seats, viewer) +
      seatsHtml(view, info.seats, viewer).replace("</section>", `${towerHtml(view)}</section>`) +
      battlesHtml(chronicle.battles, info.seats) + winterHtml(chronicle.winter, info.seats) + logHtml(lines);
  };
  return { layout, draw };
}

/** The secret plans this replay may show: every seat's ("all"), or the chosen seat's own.
 *  @param {View} view @param {import("../../shell/widgets.js").Seat[]} seats @param {number | null} viewer */
function plansHtml(view, seats, viewer) {
  /** @type {Record<string, import("./wire.js").Plan | null> | null} */
  const plans = view.plans || (viewer !== null && view.your_plan ? { [viewer]: view.your_plan } : null);
  if (!plans || !Object.values(plans).some(Boolean)) return "";
  const keys = Object.keys(ACTION_SHORT);
  const shown = /** @type {Record<string, import("./wire.js").Plan>} */ (plans);
  const seatsShown = Object.keys(plans).filter((s) => plans[s]);
  const head = `<tr><th></th>${seatsShown.map((s) => `<th>${who(seats, +s)}</th>`).join("")}</tr>`;
  const rows = keys.map((k) => `<tr><td>${esc(ACTION_SHORT[k])}</td>${seatsShown.map((s) => `<td>${esc(cardLabel(shown[s].actions[k]))}</td>`).join("")}</tr>`).join("") +
    `<tr><td>${esc(t("shogun-bid"))}</td>${seatsShown.map((s) => `<td>${esc(bidLabel(shown[s].bid))}</td>`).join("")}</tr>`;
  return `<section class="card sg-winter" aria-label="${esc(t("shogun-plans-label"))}"><h3>${esc(t("shogun-plans-title"))}</h3><div class="table-scroll"><table><thead>${head}</thead><tbody>${rows}</tbody></table></div></section>`;
}
