// What the game review (static/analysis/) needs of Shogun: the better move drawn on the map (the
// province a march goes to, or the provinces a better plan acts in, outlined) and the names its
// sentence is filled with.

import { bidLabel } from "./panels.js";

/** The provinces a move acts in: where a march goes, the province cards of a plan's actions.
 *  @param {Record<string, any>} move @returns {string[]} */
function provincesOf(move) {
  if (move.type === "move" && move.to) return [String(move.to)];
  if (move.type !== "plan") return [];
  return Object.values(move.actions || {}).filter((card) => typeof card === "string" && !card.startsWith("chest:"));
}

/** Outline the provinces of a better move; false for decisions with no place (picks, skips).
 *  @param {Element} board @param {Record<string, any>} move */
export function markBetterMove(board, move) {
  let drawn = false;
  for (const name of provincesOf(move)) {
    const province = board.querySelector(`[data-province="${CSS.escape(name)}"]`);
    const disc = province?.querySelector("circle.sg-disc");
    if (!province || !disc) continue;
    const ring = /** @type {Element} */ (disc.cloneNode(false));
    ring.setAttribute("class", "analysis-better");
    ring.setAttribute("r", String(Number(disc.getAttribute("r")) + 9));
    ring.removeAttribute("fill");
    province.prepend(ring);  // behind the province's disc: a dashed halo around it
    drawn = true;
  }
  return drawn;
}

/** The arguments of the move's `analysis-move-<type>` message. @param {Record<string, any>} move */
export function moveArgs(move) {
  return { to: move.to ?? "", armies: move.armies ?? "", take: move.take ?? "", card: move.card ?? "",
    bid: move.type === "plan" ? bidLabel(move.bid) : "", type: move.type };
}
