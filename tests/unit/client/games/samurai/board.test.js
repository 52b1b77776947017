// The Samurai board's geometry with no page involved: hex centres, the names people read hexes
// by, neighbours and each seat's influence on a settlement.

import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import "../../english.js";

import {
  boardSvg, centre, hexLabel, influence, influenceText, neighbours, useBoard,
} from "../../../../../services/daimyo_gateway/static/games/samurai/board.js";

// Three columns of two rows (odd-q: column 1 sits half a hex lower), a city at B1, a village at C2.
const GEOMETRY = {
  hexes: [
    { id: "h0", col: 4, row: 2, kind: "land" }, { id: "h1", col: 4, row: 3, kind: "land" },
    { id: "h2", col: 5, row: 2, kind: "city" }, { id: "h3", col: 5, row: 3, kind: "land" },
    { id: "h4", col: 6, row: 2, kind: "sea" }, { id: "h5", col: 6, row: 3, kind: "village" },
  ],
  settlements: [{ id: "h2", kind: "city" }, { id: "h5", kind: "village" }],
};

beforeEach(() => useBoard(GEOMETRY));

describe("centre", () => {
  test("puts flat-topped hexes 1.5 radii apart, odd columns half a hex lower", () => {
    const height = Math.sqrt(3) * 30;
    assert.deepEqual(centre({ col: 0, row: 0 }), [0, 0]);
    assert.deepEqual(centre({ col: 2, row: 1 }), [90, height]);
    assert.deepEqual(centre({ col: 1, row: 1 }), [45, 1.5 * height]);
  });
});

describe("hexLabel", () => {
  test("names a settlement by its kind and the grid's letter and number", () => {
    assert.equal(hexLabel("h2"), "the city at B1");
    assert.equal(hexLabel("h5"), "the village at C2");
  });

  test("names another hex by its coordinate and the settlement beside it", () => {
    assert.equal(hexLabel("h0"), "A1, by the city at B1");
    assert.equal(hexLabel("h4"), "C1, by the city at B1");
  });

  test("calls an unknown id just a hex", () => {
    assert.equal(hexLabel("h99"), "a hex");
  });
});

describe("neighbours", () => {
  test("are the hexes one step away, never the hex itself", () => {
    assert.deepEqual(neighbours("h2").map((h) => h.id).sort(), ["h0", "h1", "h3", "h4", "h5"]);
    assert.deepEqual(neighbours("h0").map((h) => h.id).sort(), ["h1", "h2"]);
    assert.deepEqual(neighbours("nowhere"), []);
  });
});

describe("influence", () => {
  const view = {
    tiles: {
      h0: { tile: "rice3", seat: 0 },
      h1: { tile: "samurai2", seat: 1 },
      h3: { tile: "castle1", seat: 1 },
      h4: { tile: "ship1", seat: 0 },
    },
  };

  test("adds each neighbouring tile's value to its figure type, samurai and ships to every type", () => {
    assert.deepEqual(influence(view, "h2"), {
      0: { buddha: 1, rice: 4, castle: 1 },
      1: { buddha: 2, rice: 2, castle: 3 },
    });
  });

  test("is told per seat for the figures still on the settlement", () => {
    assert.equal(influenceText(view, "h2", ["rice", "castle"]), "Seat 1: Rice 4, Castle 1; Seat 2: Rice 2, Castle 3");
    assert.equal(influenceText(view, "h5", ["buddha"]), "Seat 1: Buddha 1; Seat 2: Buddha 0");
    assert.equal(influenceText({ tiles: {} }, "h5", ["buddha"]), "Buddha — no influence yet");
    assert.equal(influenceText(view, "h2", []), "no figures left");
  });
});

describe("boardSvg", () => {
  test("draws every hex inside a view box of the land and the sea next to it, named for screen readers", () => {
    const svg = boardSvg(GEOMETRY, null);
    assert.equal(svg.match(/<polygon class="hex /g)?.length, 6);
    assert.match(svg, /^<svg viewBox="146 70 158 146" role="group" aria-label="Samurai board"/);
  });

  test("crops the sea beyond the ring around the land", () => {
    const far = { id: "h9", col: 12, row: 2, kind: "sea" };
    const svg = boardSvg({ ...GEOMETRY, hexes: [...GEOMETRY.hexes, far] }, null);
    assert.match(svg, /data-hex="h9"/);
    assert.match(svg, /^<svg viewBox="146 70 158 146"/);
  });

  test("makes the highlighted hexes buttons a keyboard reaches", () => {
    const svg = boardSvg(GEOMETRY, null, { targets: new Set(["h3"]) });
    assert.match(svg, /<polygon class="hex land target" data-hex="h3" points="[^"]+" tabindex="0" role="button" aria-label="B2, by the city at B1">/);
  });
});
