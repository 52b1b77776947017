// What the legal moves mean for the clicks of a Samurai turn, with no page involved: the figure
// swaps as pairs, the figures a swap may pick next, the hexes a move touched.

/** @typedef {import("./wire.js").FigureSpot} FigureSpot */

/** The legal figure swaps as pairs of spots.
 *  @param {import("./wire.js").Legal} legal @returns {[FigureSpot, FigureSpot][]} */
export function swapPairs(legal) {
  return (legal.figure_swap || []).map(([as, af, bs, bf]) => [{ settlement: as, figure: af }, { settlement: bs, figure: bf }]);
}

/** @param {FigureSpot} x @param {FigureSpot} y */
export const same = (x, y) => x.settlement === y.settlement && x.figure === y.figure;

/** settlement -> the figures a click may pick: any swappable one, or, once `first` is picked,
 *  the ones it may swap with (and `first` itself, to take it back).
 *  @param {[FigureSpot, FigureSpot][]} pairs @param {FigureSpot | null | undefined} first */
export function figurePicks(pairs, first) {
  /** @type {Map<string, Set<string>>} */
  const picks = new Map();
  const add = (/** @type {FigureSpot} */ p) => {
    if (!picks.has(p.settlement)) picks.set(p.settlement, new Set());
    /** @type {Set<string>} */ (picks.get(p.settlement)).add(p.figure);
  };
  for (const [a, b] of pairs) {
    if (!first) { add(a); add(b); }
    else if (same(a, first)) add(b);
    else if (same(b, first)) add(a);
  }
  if (first) add(first);
  return picks;
}

/** The hexes the frame's last move placed a tile on or moved one to.
 *  @param {{ last_move?: { move: Record<string, any> } | null }} frame */
export function lastHexes(frame) {
  /** @type {Set<string>} */
  const hexes = new Set();
  const move = frame.last_move?.move;
  if (move?.hex) hexes.add(move.hex);
  if (move?.to) hexes.add(move.to);
  return hexes;
}
