// What the game review (static/analysis/) needs of Samurai: the better move drawn on the board
// (a dashed ring on each hex it uses) and said in Samurai's own words (samurai-review-move-*),
// its tiles, figures and hexes named through this game's catalogue.

import { t } from "../../shell/i18n.js";
import { hexLabel } from "./board.js";
import { figureName, tileName } from "./tiles.js";

/** @param {Record<string, any>} move @returns {string[]} */
function hexesOf(move) {
  if (move.type === "place") return [move.hex];
  if (move.type === "tile_swap") return [move.from, move.to];
  if (move.type === "figure_swap") return [move.a?.settlement, move.b?.settlement];
  return [];
}

/** Ring the hexes of `move` on the board's SVG; false when it uses none (end the turn, pass).
 *  @param {Element} board @param {Record<string, any>} move */
export function markBetterMove(board, move) {
  const svg = board.querySelector("svg");
  let drawn = false;
  for (const id of hexesOf(move).filter(Boolean)) {
    const hex = svg?.querySelector(`polygon[data-hex="${CSS.escape(String(id))}"]`);
    if (!svg || !hex) continue;
    const ring = /** @type {Element} */ (hex.cloneNode(false));
    ring.setAttribute("class", "analysis-better");
    ring.removeAttribute("data-hex");
    svg.append(ring);
    drawn = true;
  }
  return drawn;
}

/** @typedef {(move: Record<string, any>) => import("../../shell/i18n.js").Args} MoveArgs */

/** The placeables of each move type's `samurai-review-move-<type>` message. @type {Record<string, MoveArgs>} */
const MOVE_ARGS = {
  place: (m) => ({ tile: tileName(m.tile), hex: hexLabel(m.hex) }),
  tile_swap: (m) => ({ from: hexLabel(m.from), to: hexLabel(m.to) }),
  figure_swap: (m) => ({ a: figureName(m.a?.figure), from: hexLabel(m.a?.settlement),
    b: figureName(m.b?.figure), to: hexLabel(m.b?.settlement) }),
  place_figure: (m) => ({ figure: figureName(m.figure), hex: hexLabel(m.settlement) }),
  choose_hand: () => ({}),
  end_turn: () => ({}),
  pass: () => ({}),
};

/** A move in words ("place Buddha 3 on the city at B1"). @param {Record<string, any>} move */
export function describeMove(move) {
  const args = Object.hasOwn(MOVE_ARGS, move.type) ? MOVE_ARGS[move.type] : null;
  return args ? t(`samurai-review-move-${move.type}`, args(move)) : t("samurai-review-move-other", { type: String(move.type) });
}
