// Building a Shogun plan: a province card (or a blank chest card) on each action the menu
// offers, each card used once, the bid, the cost, and the move sent.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { PlanDraft, gain, listsHtml } from "../../../../../services/daimyo_gateway/static/games/shogun/plan.js";

const BOARD = {
  provinces: [
    { name: "Owari", tax: 3, rice: 2, sites: 2, regions: {} },
    { name: "Mino", tax: 2, rice: 4, sites: 1, regions: {} },
  ],
  borders: [], specials: [], events: [],
  actions: [
    { key: "castle", cost: 3 }, { key: "temple", cost: 2 }, { key: "rice", cost: 0 }, { key: "taxes", cost: 0 },
  ],
};

/** The menu of a seat holding Owari and Mino: no temple offered; rice nowhere possible. */
const menu = () => ({
  type: "plan",
  actions: { castle: ["Owari", "Mino"], rice: [], taxes: ["Owari", "Mino"] },
  chest_cards: ["chest:1", "chest:2"],
  bids: [null, "chest:1", "chest:2", "province:Owari"],
});

describe("a new PlanDraft", () => {
  test("keeps the menu's actions in the board's card order, each empty", () => {
    const draft = new PlanDraft(BOARD, menu());
    assert.deepEqual(draft.keys, ["castle", "rice", "taxes"]);
    assert.deepEqual(draft.actions, { castle: null, rice: null, taxes: null });
    assert.equal(draft.bid, null);
  });

  test("starts on the first action some province may take", () => {
    const m = menu();
    m.actions.castle = [];
    assert.equal(new PlanDraft(BOARD, m).current, "taxes");
    assert.equal(new PlanDraft(BOARD, menu()).current, "castle");
  });
});

describe("placing a province", () => {
  test("puts it on the current action and moves on to the next action that can take one", () => {
    const draft = new PlanDraft(BOARD, menu());
    assert.equal(draft.place("Owari"), true);
    assert.equal(draft.actions.castle, "Owari");
    assert.equal(draft.current, "taxes"); // rice is skipped: nothing can take it
  });

  test("takes a province off when it is placed again", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.place("Owari");
    draft.choose("castle");
    assert.equal(draft.place("Owari"), true);
    assert.equal(draft.actions.castle, null);
  });

  test("refuses a province already on another action, or one the action may not take", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.place("Owari");
    assert.deepEqual(draft.free("taxes"), ["Mino"]);
    assert.equal(draft.place("Owari"), false);
    assert.equal(draft.place("Kai"), false);
    assert.equal(draft.actions.taxes, null);
  });

  test("refuses the province card that is the bid", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.bid = "province:Owari";
    assert.deepEqual(draft.free("castle"), ["Mino"]);
    assert.equal(draft.bidAllowed("province:Owari"), true);
  });
});

describe("blank cards and the bid", () => {
  test("a blank card goes on the current action, each chest card once", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.blank();
    assert.equal(draft.actions.castle, "chest:1");
    draft.blank();
    assert.equal(draft.actions.taxes, "chest:2");
    assert.equal(draft.freeBlank("rice"), null); // both are on actions now
  });

  test("a chest card on an action cannot also be bid", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.blank();
    assert.equal(draft.bidAllowed("chest:1"), false);
    assert.equal(draft.bidAllowed("chest:2"), true);
    assert.equal(draft.bidAllowed(null), true);
  });

  test("the cost adds the actions planned with a province and the chests bid, not the bluffs", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.place("Owari"); // castle: 3
    draft.blank(); // taxes: a bluff, free
    draft.bid = "chest:2";
    assert.equal(draft.spend(), 5);
  });
});

describe("what a plan shows and sends", () => {
  test("tags each province on the map with its actions and the bid", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.place("Owari");
    draft.place("Mino");
    draft.bid = "province:Owari";
    assert.deepEqual(draft.onMap(), new Map([["Owari", ["Castle", "Bid"]], ["Mino", ["Tax"]]]));
  });

  test("sends every action's card and the bid, as a copy the draft no longer changes", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.place("Mino");
    const move = draft.move();
    draft.place("Owari");
    assert.deepEqual(move, { type: "plan", actions: { castle: "Mino", rice: null, taxes: null }, bid: null });
  });

  test("says what an action gives or costs in a province", () => {
    const draft = new PlanDraft(BOARD, menu());
    assert.equal(gain(draft, "taxes", "Owari"), "+3 chests");
    assert.equal(gain(draft, "rice", "Mino"), "+4 rice");
    assert.equal(gain(draft, "castle", "Mino"), "costs 3");
    assert.equal(gain(draft, "taxes", "Kai"), "");
  });

  test("offers in the lists only the cards not used elsewhere", () => {
    const draft = new PlanDraft(BOARD, menu());
    draft.place("Owari");
    const html = listsHtml(draft, false);
    assert.match(html, /<select id="plan-taxes" data-action="taxes"><option value="">— nothing<\/option><option value="Owari" disabled >Owari<\/option>/);
    assert.match(html, /<option value="Owari" disabled >Owari<\/option>/);
    assert.doesNotMatch(html, /<details class="sg-lists" open>/);
  });
});
