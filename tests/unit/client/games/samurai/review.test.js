// Samurai's words for the game review's better move: each move type has its sentence in this
// game's catalogue, tiles, figures and hexes named as the rest of the Samurai screen names them.

import assert from "node:assert/strict";
import { after, beforeEach, describe, test } from "node:test";

import { speak } from "../../english.js";

import { useBoard } from "../../../../../services/daimyo_gateway/static/games/samurai/board.js";
import { describeMove } from "../../../../../services/daimyo_gateway/static/games/samurai/review.js";

const GEOMETRY = {
  hexes: [
    { id: "h0", col: 4, row: 2, kind: "land" }, { id: "h1", col: 4, row: 3, kind: "land" },
    { id: "h2", col: 5, row: 2, kind: "city" }, { id: "h3", col: 5, row: 3, kind: "land" },
    { id: "h5", col: 6, row: 3, kind: "village" },
  ],
  settlements: [{ id: "h2", kind: "city" }, { id: "h5", kind: "village" }],
};

beforeEach(() => useBoard(GEOMETRY));
after(() => speak("en"));

describe("describeMove", () => {
  test("names the tile and the hex of a placement", () => {
    assert.equal(describeMove({ type: "place", tile: "buddha3", hex: "h2" }), "place Buddha 3 on the city at B1");
  });

  test("names both figures and both settlements of a figure swap", () => {
    const move = { type: "figure_swap", a: { settlement: "h2", figure: "rice" }, b: { settlement: "h5", figure: "castle" } };
    assert.equal(describeMove(move), "swap the Rice in the city at B1 with the Castle in the village at C2");
  });

  test("says the moves without a place in a few words", () => {
    assert.equal(describeMove({ type: "end_turn" }), "end the turn");
    assert.equal(describeMove({ type: "pass" }), "pass");
  });

  test("falls back to the move's type for a move it has no sentence for", () => {
    assert.equal(describeMove({ type: "toString" }), "another move (toString)");
  });

  test("speaks the player's language, game words included", () => {
    speak("pt-BR");
    const said = describeMove({ type: "tile_swap", from: "h0", to: "h3" });
    assert.match(said, /^mover a ficha de .*A1.* para .*B2/);
    assert.doesNotMatch(describeMove({ type: "place", tile: "buddha3", hex: "h2" }), /place|city/);
  });
});
