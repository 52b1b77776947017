// What the game review (static/analysis/) needs of Samurai: the better move drawn on the board
// (a dashed ring on each hex it uses) and the names its sentence is filled with.

import { hexLabel } from "./board.js";
import { tileName } from "./tiles.js";

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

/** The arguments of the move's `analysis-move-<type>` message. @param {Record<string, any>} move */
export function moveArgs(move) {
  return { tile: move.tile ? tileName(move.tile) : "", hex: move.hex ? hexLabel(move.hex) : "",
    from: move.from ? hexLabel(move.from) : "", to: move.to ? hexLabel(move.to) : "", type: move.type };
}
