// @ts-check
// A rating history as an SVG line: one point per rated game, oldest on the left, the scale fitted
// to the values (a flat history sits in the middle). Pure, so tests/unit/client/accounts/ runs it.

/**
 * The chart's geometry: the path (`d`), each point's position, and the scale's ends.
 * @param {number[]} values ratings after each game, oldest first
 * @param {number} width @param {number} height @param {number} [pad]
 * @returns {{ d: string, points: { x: number, y: number, value: number }[], low: number, high: number }}
 */
export function ratingPath(values, width, height, pad = 8) {
  if (!values.length) return { d: "", points: [], low: 0, high: 0 };
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const points = values.map((value, n) => ({
    x: round(values.length > 1 ? pad + n * step : width / 2),
    y: round(high === low ? height / 2 : pad + (high - value) / span * (height - 2 * pad)),
    value,
  }));
  const d = points.map((p, n) => `${n ? "L" : "M"}${p.x} ${p.y}`).join(" ");
  return { d, points, low, high };
}

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;
