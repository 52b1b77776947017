// The Samurai move log: one line per effect, captures marked, the viewer's own draws named.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";

import "../../english.js";

import { useBoard } from "../../../../../services/daimyo_gateway/static/games/samurai/board.js";
import { effectsList, logItems } from "../../../../../services/daimyo_gateway/static/games/samurai/panels.js";

const SEATS = [{ display_name: "Ayame" }, { display_name: "Ken" }];

before(() => useBoard({
  hexes: [{ id: "h0", col: 0, row: 0, kind: "land" }, { id: "h1", col: 1, row: 0, kind: "city" }],
  settlements: [{ id: "h1", kind: "city" }],
}));

describe("effectsList", () => {
  test("takes a list as it is and the public part of a seat's effects", () => {
    assert.deepEqual(effectsList([{ type: "passed" }]), [{ type: "passed" }]);
    assert.deepEqual(effectsList({ public: [{ type: "passed" }] }), [{ type: "passed" }]);
    assert.deepEqual(effectsList(null), []);
  });
});

describe("logItems", () => {
  test("tells a placement by the seat's name, the tile's and the hex's", () => {
    assert.deepEqual(logItems([{ type: "placed", seat: 0, tile: "rice3", hex: "h0" }], SEATS, null),
      [{ text: "Ayame placed Rice 3 on A1, by the city at B1" }]);
  });

  test("marks a capture, with the influence that won it", () => {
    assert.deepEqual(logItems([{ type: "captured", seat: 1, figure: "castle", settlement: "h1", influence: [4, 2] }], SEATS, 0),
      [{ capture: true, text: "Ken captured a Castle in the city at B1 (4–2)" }]);
  });

  test("names the tiles drawn only to the seat that drew them", () => {
    const effect = { type: "turn_ended", seat: 0, drew: ["ship1", "buddha2"] };
    assert.deepEqual(logItems([effect], SEATS, 0), [{ text: "Ayame ended the turn — drew Ship 1 and Buddha 2" }]);
    assert.deepEqual(logItems([effect], SEATS, 1), [{ text: "Ayame ended the turn — drew 2" }]);
    assert.deepEqual(logItems([{ type: "turn_ended", seat: 1, drew: 0 }], SEATS, 0), [{ text: "Ken ended the turn" }]);
  });

  test("leaves out automatic turn ends and effects it does not know", () => {
    assert.deepEqual(logItems([{ type: "turn_ended_automatically", seat: 0 }, { type: "comet" }], SEATS, 0), []);
  });

  test("escapes a player's name", () => {
    assert.deepEqual(logItems([{ type: "passed", seat: 0 }], [{ display_name: "<i>" }], null), [{ text: "&#60;i&#62; passed" }]);
  });
});
