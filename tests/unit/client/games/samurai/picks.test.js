// What a Samurai turn's legal moves mean for the clicks: figure swaps as pairs, the figures a
// swap may pick next, and the hexes the last move touched.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { figurePicks, lastHexes, same, swapPairs } from "../../../../../services/daimyo_gateway/static/games/samurai/picks.js";

const LEGAL = { figure_swap: [["h2", "rice", "h5", "castle"], ["h2", "rice", "h7", "buddha"]] };

describe("swapPairs", () => {
  test("reads each legal figure swap as two spots", () => {
    assert.deepEqual(swapPairs(LEGAL), [
      [{ settlement: "h2", figure: "rice" }, { settlement: "h5", figure: "castle" }],
      [{ settlement: "h2", figure: "rice" }, { settlement: "h7", figure: "buddha" }],
    ]);
  });

  test("finds none when no swap is legal", () => {
    assert.deepEqual(swapPairs({}), []);
  });
});

describe("figurePicks", () => {
  const pairs = swapPairs(LEGAL);

  test("offers every figure of any swap before the first pick", () => {
    assert.deepEqual(figurePicks(pairs, null), new Map([["h2", new Set(["rice"])], ["h5", new Set(["castle"])], ["h7", new Set(["buddha"])]]));
  });

  test("offers, after the first pick, only its partners and itself (to take it back)", () => {
    assert.deepEqual(figurePicks(pairs, { settlement: "h5", figure: "castle" }),
      new Map([["h2", new Set(["rice"])], ["h5", new Set(["castle"])]]));
  });
});

describe("same", () => {
  test("is one figure on one settlement", () => {
    assert.equal(same({ settlement: "h2", figure: "rice" }, { settlement: "h2", figure: "rice" }), true);
    assert.equal(same({ settlement: "h2", figure: "rice" }, { settlement: "h2", figure: "castle" }), false);
  });
});

describe("lastHexes", () => {
  test("are where a tile was placed or moved to", () => {
    assert.deepEqual(lastHexes({ last_move: { move: { type: "place", tile: "rice3", hex: "h4" } } }), new Set(["h4"]));
    assert.deepEqual(lastHexes({ last_move: { move: { type: "tile_swap", from: "h1", to: "h9" } } }), new Set(["h9"]));
  });

  test("are none without a last move", () => {
    assert.deepEqual(lastHexes({ last_move: null }), new Set());
    assert.deepEqual(lastHexes({}), new Set());
  });
});
