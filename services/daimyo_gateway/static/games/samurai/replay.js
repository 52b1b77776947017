// The Samurai replay: any version of a finished game (or a live one as a spectator), drawn under
// the shell's replay toolbar (shell/replay.js), through one seat's eyes or — once the game is
// over — with every hand revealed.

import { esc, find, seatName } from "../../shell/widgets.js";
import { t } from "../../shell/i18n.js";
import { PanZoom } from "../../shell/panzoom.js";
import { boardSvg, boardZoom, useBoard } from "./board.js";
import { finalPanel, logItems, logPanel, playersPanel } from "./panels.js";
import { tileButton } from "./screen.js";

const layout = () => `<div class="game" style="margin-top:.8rem"><div><div class="status" id="status"></div><div id="board-frame" tabindex="0" role="group" aria-label="${esc(t("samurai-board-frame-label"))}"><div class="board-wrap" id="board"></div></div><div id="hands"></div></div><aside class="side" id="side"></aside></div>`;

/** @typedef {import("./wire.js").View} View */

/** @param {import("../../shell/games.js").ReplayHost} host @returns {import("../../shell/games.js").Replay} */
export function samuraiReplay({ root, info, board, events }) {
  const geometry = /** @type {import("./wire.js").Geometry} */ (board);
  useBoard(geometry);
  /** @type {PanZoom | null} */
  let pz = null;
  const draw = (/** @type {{ at: number, view: View, viewer: number | null }} */ { at, view, viewer }) => {
    pz ??= new PanZoom(find(root, "#board-frame"), find(root, "#board"), { initialZoom: boardZoom });
    const event = events.find((e) => e.version === at);
    const lines = events.filter((e) => e.version <= at).flatMap((e) => logItems(e.effects, info.seats, viewer));
    find(root, "#status").innerHTML = esc(event?.seat !== undefined && event?.seat !== null
      ? t("samurai-replay-move", { move: at - 1, name: seatName(info.seats, event.seat) }) : at === 1 ? t("samurai-replay-start") : "");
    const hexes = new Set([event?.move?.hex, event?.move?.to].filter(Boolean));
    find(root, "#board").innerHTML = boardSvg(geometry, view, { lastHexes: hexes });
    pz.apply();
    find(root, "#hands").innerHTML = handsHtml(view, info.seats, viewer);
    find(root, "#side").innerHTML = finalPanel(view, info.seats, info.finished && info.winners) + playersPanel(view, info.seats, viewer) + logPanel(lines);
  };
  return { layout: layout(), draw };
}

/** @param {View} view @param {import("../../shell/widgets.js").Seat[]} seats @param {number | null} viewer */
function handsHtml(view, seats, viewer) {
  /** @type {(string[] | null)[] | null} */
  const hands = view.hands || (viewer !== null && view.hand ? Object.assign([], { [viewer]: view.hand }) : null);
  if (!hands) return "";
  const rows = hands.map((hand, s) => hand ? `<div class="row" style="margin:.4rem 0"><strong style="min-width:7rem">${esc(seatName(seats, s))}</strong>` +
    `<div class="hand">${hand.map((t) => tileButton(t, s, { disabled: false })).join("")}</div></div>` : "").join("");
  return `<div class="card hand-bar"><h3>${esc(t("samurai-hands"))}</h3>${rows}</div>`;
}
