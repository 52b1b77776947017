// What the game review (static/analysis/) needs of Shogun: the better move drawn on the map (the
// province a march goes to, or the provinces a better plan acts in, outlined) and said in
// Shogun's own words (shogun-review-move-*), provinces and cards named through this game's
// catalogue.

import { formatList, t } from "../../shell/i18n.js";
import { provinceName } from "./map.js";
import { ACTION_SHORT, SPECIAL_NAMES, bidLabel } from "./panels.js";

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

/** @typedef {(move: Record<string, any>) => import("../../shell/i18n.js").Args} MoveArgs */

/** A plan's actions that act in a province ("Castle: Hoki, Rice: Suruga"); its blank cards
 *  (war-chest cards face down) and empty actions do nothing worth saying.
 *  @param {Record<string, unknown>} actions */
function planActions(actions) {
  /** @type {[string, string][]} */
  const acting = [];
  for (const [key, card] of Object.entries(actions || {})) if (typeof card === "string" && !card.startsWith("chest:")) acting.push([key, card]);
  const said = acting.map(([key, card]) => t("shogun-review-plan-action", { action: ACTION_SHORT[key] ?? key, province: provinceName(card) }));
  return said.length ? formatList(said, { type: "unit" }) : t("shogun-review-plan-all-blank");
}

/** The placeables of each move type's `shogun-review-move-<type>` message. @type {Record<string, MoveArgs>} */
const MOVE_ARGS = {
  plan: (m) => ({ actions: planActions(m.actions), bid: bidLabel(m.bid) }),
  move: (m) => ({ count: Number(m.armies), to: provinceName(m.to) }),
  // `take` is "deck" or "face_up_<i>"; the review has no view to name a face-up card's province.
  draft: (m) => ({ take: m.take === "deck" ? "deck" : "face_up", n: Number(String(m.take).slice(-1)) + 1, count: Number(m.armies) }),
  pick_special: (m) => ({ card: SPECIAL_NAMES[m.card] ?? String(m.card) }),
  skip: () => ({}),
};

/** A move in words ("send 3 armies to Mutsu"). @param {Record<string, any>} move */
export function describeMove(move) {
  const args = Object.hasOwn(MOVE_ARGS, move.type) ? MOVE_ARGS[move.type] : null;
  return args ? t(`shogun-review-move-${move.type}`, args(move)) : t("shogun-review-move-other", { type: String(move.type) });
}
