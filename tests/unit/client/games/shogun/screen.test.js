// What flashes on the Shogun map after a move: where a battle was, where armies went, where an
// action was done.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { flashed } from "../../../../../services/daimyo_gateway/static/games/shogun/screen.js";

describe("flashed", () => {
  test("gathers the provinces of battles, moves and actions done", () => {
    assert.deepEqual(flashed([
      { type: "battle", province: "Mino" },
      { type: "moved", move: { to: "Owari" } },
      { type: "action", result: "done", card: "Kai" },
      { type: "action", result: "nothing", card: "Ise" },
    ]), new Set(["Mino", "Owari", "Kai"]));
  });

  test("reads a seat's effects by their public part, and nothing from none", () => {
    assert.deepEqual(flashed({ public: [{ type: "battle", province: "Mino" }] }), new Set(["Mino"]));
    assert.deepEqual(flashed(null), new Set());
  });
});
