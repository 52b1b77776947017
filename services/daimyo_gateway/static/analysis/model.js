// What the review shows, computed without the DOM (tests/unit/client/analysis/): which replay
// version each analysed position is, the chart's points, how a score reads (a 2-player chance to
// win in per cent, else an expected rank) and the per-seat summary.

/**
 * The analysis service's result (services/daimyo_analysis/evaluate.py documents it).
 * @typedef {{ index: number, seat: number, move: Record<string, any>, cost: number | null,
 *   mark: string | null, better: Record<string, any> | null, luck: number[] | null }} MoveReview
 * @typedef {{ seat: number, skill_lost: number, luck: number, decisions: number,
 *   marks: Record<string, number> }} SeatReview
 * @typedef {{ game: string, players: number, ahead: number[][], moves: MoveReview[],
 *   seats: SeatReview[], thresholds: Record<string, number> }} Analysis
 * @typedef {{ version: number, type?: string, seat?: number | null, move?: unknown }} LogEvent
 */

export const MARKS = ["inaccuracy", "mistake", "blunder"];

/** The replay version at each analysed position: position 0 is the start (version 1), position
 *  k + 1 the version right after the k-th move (seat changes and the end are not moves).
 *  @param {LogEvent[]} events @returns {number[]} */
export function positionVersions(events) {
  const moves = events.filter((e) => (e.type ? e.type === "MoveMade" : e.move !== null && e.move !== undefined)).map((e) => e.version);
  return [1, ...moves];
}

/** The analysed position shown at replay version `at` (the last one at or before it).
 *  @param {number[]} versions @param {number} at */
export function positionAt(versions, at) {
  let found = 0;
  versions.forEach((v, k) => { if (v <= at) found = k; });
  return found;
}

/** How a score reads: per cent to win with two players, an expected rank with more.
 *  @param {number} score @param {number} players */
export function scoreValue(score, players) {
  if (players <= 2) return Math.round(score * 100);
  return Math.round((1 + (players - 1) * (1 - score)) * 10) / 10;
}

/** A cost or a luck swing in points (hundredths of a score), one decimal.
 *  @param {number} score */
export const points = (score) => Math.round(score * 1000) / 10;

/**
 * The chart's polylines: one per seat, x by position, y by score (up is better), in a
 * `width` × `height` box with `pad` around it.
 * @param {number[][]} ahead @param {number} width @param {number} height @param {number} [pad]
 * @returns {{ seat: number, points: [number, number][] }[]}
 */
export function chartLines(ahead, width, height, pad = 8) {
  const players = ahead[0]?.length ?? 0;
  const step = ahead.length > 1 ? (width - 2 * pad) / (ahead.length - 1) : 0;
  const y = (/** @type {number} */ score) => pad + (1 - score) * (height - 2 * pad);
  return Array.from({ length: players }, (_, seat) => ({
    seat, points: ahead.map((point, k) => /** @type {[number, number]} */ ([pad + k * step, y(point[seat])])),
  }));
}

/** Each seat's row of the summary: skill lost and luck in points, its marks in MARKS order.
 *  @param {SeatReview[]} seats */
export function summaryRows(seats) {
  return seats.map((s) => ({ seat: s.seat, skill: points(s.skill_lost), luck: points(s.luck),
    marks: MARKS.map((m) => s.marks[m] ?? 0) }));
}

/** The judged decisions, marked ones first by cost, then the rest in game order.
 *  @param {MoveReview[]} moves */
export function judged(moves) {
  return moves.filter((m) => m.cost !== null);
}

/** The progress a running review shows, in whole per cent. @param {number} share */
export const percent = (share) => Math.max(0, Math.min(100, Math.floor(share * 100)));
