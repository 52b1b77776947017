// What every screen shares with no page involved: escaping text for HTML and naming a seat.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { esc, seatName } from "../../../../services/daimyo_gateway/static/shell/widgets.js";

describe("esc", () => {
  test("replaces the five characters HTML reads with their numeric references", () => {
    assert.equal(esc(`<a href="x" title='y'>&</a>`), "&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;");
  });

  test("writes nothing for null or undefined and the text of anything else", () => {
    assert.equal(esc(null), "");
    assert.equal(esc(undefined), "");
    assert.equal(esc(0), "0");
  });
});

describe("seatName", () => {
  test("names a seat by its player, or a bot by its level", () => {
    const seats = [{ display_name: "Ayame" }, { bot_level: "mcts" }];
    assert.equal(seatName(seats, 0), "Ayame");
    assert.equal(seatName(seats, 1), "Bot (Hard)");
  });

  test("shows a name exactly as its player typed it", () => {
    const seats = [{ display_name: "deLuca McAllister" }, { display_name: "ÉMILE" }];
    assert.equal(seatName(seats, 0), "deLuca McAllister");
    assert.equal(seatName(seats, 1), "ÉMILE");
  });

  test("numbers seats from one when nothing else names them", () => {
    assert.equal(seatName([{}, {}], 1), "Seat 2 2"); // two nameless seats are twins: numbered again
    assert.equal(seatName(null, 2), "Seat 3");
    assert.equal(seatName([{ display_name: "Ayame" }], 4), "Seat 5");
  });

  test("tells players of the same name apart by their seat number", () => {
    const seats = [{ display_name: "Ken" }, { display_name: "Ken" }, { display_name: "Yuki" }];
    assert.equal(seatName(seats, 0), "Ken 1");
    assert.equal(seatName(seats, 1), "Ken 2");
    assert.equal(seatName(seats, 2), "Yuki");
  });
});
