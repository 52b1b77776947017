// Shogun's words for the game review's better move: each move type has its sentence in this
// game's catalogue, provinces, bids and special cards named as the rest of the Shogun screen
// names them.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";

import { speak } from "../../english.js";

import { describeMove } from "../../../../../services/daimyo_gateway/static/games/shogun/review.js";

after(() => speak("en"));

describe("describeMove", () => {
  test("counts the armies of a march and names its province", () => {
    assert.equal(describeMove({ type: "move", to: "Mutsu", armies: 3 }), "send 3 armies to Mutsu");
    assert.equal(describeMove({ type: "move", to: "Mutsu", armies: 1 }), "send 1 army to Mutsu");
  });

  test("says which card a draft takes and with how many armies", () => {
    assert.equal(describeMove({ type: "draft", take: "deck", armies: 2 }), "take the top card of the deck with 2 armies");
    assert.equal(describeMove({ type: "draft", take: "face_up_1", armies: 1 }), "take face-up province card 2 with 1 army");
  });

  test("names a special card and a plan's bid by their catalogue names", () => {
    assert.equal(describeMove({ type: "pick_special", card: "war_chest" }), "take the special card War chest +1");
    assert.match(describeMove({ type: "plan", bid: "province:Mutsu", actions: {} }), /^another plan: .* \(bid: .*Mutsu.*\)$/);
  });

  test("says what a plan does where, leaving its blank cards out", () => {
    const actions = { castle: "Hoki", temple: "chest:0", rice: "Suruga", taxes: null };
    assert.equal(describeMove({ type: "plan", bid: "chest:3", actions }), "another plan: Castle: Hoki, Rice: Suruga (bid: 3 war chests)");
    assert.equal(describeMove({ type: "plan", bid: "chest:3", actions: { castle: "chest:1" } }), "another plan: blank cards only (bid: 3 war chests)");
  });

  test("falls back to the move's type for a move it has no sentence for", () => {
    assert.equal(describeMove({ type: "constructor" }), "another move (constructor)");
  });

  test("speaks the player's language, province names included", () => {
    speak("zh-Hans");
    assert.equal(describeMove({ type: "move", to: "Mutsu", armies: 3 }), "派 3 支军队前往 陆奥");
  });
});
