// The Shogun side panels' words: cards and bids named, event texts followed, the log's lines.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import {
  Chronicle, bidLabel, cardLabel, eventText, logLines, towerDrop,
} from "../../../../../services/daimyo_gateway/static/games/shogun/panels.js";

const BOARD = {
  provinces: [], borders: [], actions: [], specials: [],
  events: [{ card: 1, text: "Rice harvest: +2 rice" }, { card: 7, text: "same as card 1" }],
};
const SEATS = [{ display_name: "Ayame" }, { display_name: "Ken" }];

describe("cardLabel and bidLabel", () => {
  test("name a province, a province card and a blank card", () => {
    assert.equal(cardLabel("Owari"), "Owari");
    assert.equal(cardLabel("province:Owari"), "Owari (card)");
    assert.equal(cardLabel("chest:2"), "blank card (bluff)");
    assert.equal(cardLabel(null), "—");
  });

  test("name a bid in war chests, one chest singular, or a province card worth nothing", () => {
    assert.equal(bidLabel("chest:1"), "1 war chest");
    assert.equal(bidLabel("chest:3"), "3 war chests");
    assert.equal(bidLabel("province:Mino"), "province card Mino (bids 0)");
    assert.equal(bidLabel(undefined), "no bid");
  });
});

describe("eventText", () => {
  test("says a card's effect from the game's catalogue, a twin card as the card it copies", () => {
    assert.equal(eventText(BOARD, 7), "Collect taxes yields at most 5 chests");
    assert.equal(eventText(BOARD, 9), eventText(BOARD, 6));
    assert.equal(eventText(BOARD, 99), "shogun-event-text-99");
  });
});

describe("logLines", () => {
  test("tells a move by who sent how many armies where", () => {
    const [line] = logLines([{ type: "moved", seat: 1, origin: "Owari", move: { type: "move", to: "Mino", armies: 3 } }], SEATS, BOARD);
    assert.match(line.text, /Ken<\/span>? ?sent 3 from Owari to Mino$|Ken sent 3 from Owari to Mino$/);
    assert.equal(line.strong, undefined);
  });

  test("marks the strong lines: a revealed action card, the end of a round", () => {
    assert.deepEqual(logLines({ public: [{ type: "action_revealed", position: 2, action: "taxes" }, { type: "round_over", season: "spring", year: 1 }] }, SEATS, BOARD),
      [{ strong: true, text: "Action card 2: Taxes" }, { strong: true, text: "End of spring, year 1" }]);
  });

  test("tells a drawn event by its card's text", () => {
    assert.deepEqual(logLines([{ type: "chance", chance: { type: "event", card: 7 } }], SEATS, BOARD),
      [{ strong: true, text: "Event 7 (Poor taxes (max. 5)): Collect taxes yields at most 5 chests" }]);
  });

  test("leaves out what it does not tell", () => {
    assert.deepEqual(logLines([{ type: "action", result: "nothing", seat: 0, action: "rice" }, { type: "unknown" }], SEATS, BOARD), []);
  });
});

describe("Chronicle", () => {
  test("keeps the battles, each with the action it came in, and the winter once scored", () => {
    const chronicle = new Chronicle();
    chronicle.add([{ type: "action", action: "attack_a", result: "done" }, { type: "battle", kind: "pvp", province: "Mino", out: {}, result: "won" }]);
    chronicle.add([{ type: "round_over" }, { type: "winter_rice", seat: 0, rice: 2, needed: 3 }, { type: "scoring", year: 1, points: {}, vp: {} }]);
    assert.deepEqual(chronicle.battles.map((b) => [b.province, b.when]), [["Mino", "Attack A"]]);
    assert.equal(chronicle.winter?.rice.length, 1);
    assert.deepEqual(chronicle.pendingWinter, { rice: [], revolts: [] });
  });
});

describe("towerDrop", () => {
  test("drops the thrown cubes into the tower and shows those that came out, hidden from screen readers", () => {
    const html = towerDrop({ type: "battle", thrown: { 0: 2, peasant: 1 }, out: { 0: 1 } });
    assert.match(html, /^<div class="sg-drop" aria-hidden="true">/);
    const [inside, outside] = html.split('<span class="sg-drop-tower"></span>');
    assert.equal(inside.match(/class="sg-cube"/g)?.length, 3);
    assert.equal(outside.match(/class="sg-cube"/g)?.length, 1);
  });
});
