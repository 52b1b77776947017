// A rating history drawn as a line: oldest on the left, the best rating highest.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { ratingPath } from "../../../../services/daimyo_gateway/static/accounts/chart.js";

describe("ratingPath", () => {
  test("spreads the games across the width and puts the highest rating at the top", () => {
    const { d, points, low, high } = ratingPath([10, 20, 15], 216, 116, 8);
    assert.deepEqual(points.map((p) => p.x), [8, 108, 208]);
    assert.deepEqual(points.map((p) => p.y), [108, 8, 58]);
    assert.equal(d, "M8 108 L108 8 L208 58");
    assert.deepEqual([low, high], [10, 20]);
  });

  test("a flat history or a single game sits in the middle", () => {
    assert.deepEqual(ratingPath([5, 5], 100, 60).points.map((p) => p.y), [30, 30]);
    assert.deepEqual(ratingPath([7], 100, 60).points, [{ x: 50, y: 30, value: 7 }]);
  });

  test("no games, no line", () => {
    assert.equal(ratingPath([], 100, 60).d, "");
  });
});
