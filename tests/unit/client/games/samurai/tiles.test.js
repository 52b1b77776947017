// The Samurai tiles as the client reads their ids: kind, value, speed, sea, and their names.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { figureName, tileInfo, tileName } from "../../../../../services/daimyo_gateway/static/games/samurai/tiles.js";

describe("tileInfo", () => {
  test("reads a figure tile's kind and value from its id", () => {
    assert.deepEqual(tileInfo("rice3"), { id: "rice3", kind: "rice", value: 3, fast: false, sea: false });
  });

  test("knows the fast tiles: the ronin, the ships (at sea) and the figure swap", () => {
    assert.deepEqual(tileInfo("ronin1"), { id: "ronin1", kind: "ronin", value: 1, fast: true, sea: false });
    assert.deepEqual(tileInfo("ship2"), { id: "ship2", kind: "ship", value: 2, fast: true, sea: true });
    assert.deepEqual(tileInfo("figure_swap"), { id: "figure_swap", kind: "figure_swap", value: null, fast: true, sea: false });
  });

  test("reads a samurai's value and takes anything else for the tile swap", () => {
    assert.equal(tileInfo("samurai2").value, 2);
    assert.equal(tileInfo("samurai2").kind, "samurai");
    assert.equal(tileInfo("tile_swap").kind, "tile_swap");
  });
});

describe("names", () => {
  test("name a tile by its kind and value, a swap by its kind alone", () => {
    assert.equal(tileName("buddha4"), "Buddha 4");
    assert.equal(tileName("ship1"), "Ship 1");
    assert.equal(tileName("figure_swap"), "Figure swap");
    assert.equal(tileName("tile_swap"), "Tile swap 0");
  });

  test("name a figure, or leave an unknown one as it came", () => {
    assert.equal(figureName("castle"), "Castle");
    assert.equal(figureName("dragon"), "dragon");
  });
});
