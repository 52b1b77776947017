// What the game review (static/analysis/) needs of Shogun: the better move drawn on the map (the
// province a march goes to, outlined) and the names its sentence is filled with.

import { bidLabel } from "./panels.js";

/** Outline the province a better march goes to; false for decisions with no place (plans, picks).
 *  @param {Element} board @param {Record<string, any>} move */
export function markBetterMove(board, move) {
  if (move.type !== "move" || !move.to) return false;
  const province = board.querySelector(`[data-province="${CSS.escape(String(move.to))}"]`);
  province?.classList.add("analysis-better");
  return Boolean(province);
}

/** The arguments of the move's `analysis-move-<type>` message. @param {Record<string, any>} move */
export function moveArgs(move) {
  return { to: move.to ?? "", armies: move.armies ?? "", take: move.take ?? "", card: move.card ?? "",
    bid: move.type === "plan" ? bidLabel(move.bid) : "", type: move.type };
}
