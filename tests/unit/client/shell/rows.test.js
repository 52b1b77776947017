// A row of "My games": who plays, whose turn it is or who won, the time left and the link.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { rowHtml } from "../../../../services/daimyo_gateway/static/shell/rows.js";

const TITLES = { samurai: "Samurai" };

/** @param {object} [over] */
const game = (over = {}) => ({
  game_id: "g1", game: "samurai", version: 7, status: "active", seat: 0,
  seats: [{ seat: 0, display_name: "Ayame" }, { seat: 1, display_name: "Ken" }],
  winners: [], to_act: [1], your_turn: false, time_left_ms: 90_000, now_ms: 1_000, time_control: "live",
  ...over,
});

/** The text of each cell, tags left out. @param {string} html */
const cells = (html) => [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]+>/g, ""));

describe("rowHtml", () => {
  test("names the game, calls the player's own seat You and says who is to play", () => {
    assert.deepEqual(cells(rowHtml(game(), TITLES)), ["Samurai", "You, Ken", "Ken to play", "", "live", "Open"]);
  });

  test("leaves the time for the ticker to count down from the server's clock", () => {
    assert.match(rowHtml(game(), TITLES), /<td><span data-left="90000" data-at="1000"><\/span><\/td>/);
    assert.match(rowHtml(game({ time_left_ms: null }), TITLES), /<td>—<\/td>/);
  });

  test("marks the player's turn and offers to play", () => {
    const html = rowHtml(game({ your_turn: true, to_act: [0] }), TITLES);
    assert.match(html, /^<tr class="mine-to-act" data-game="g1">/);
    assert.deepEqual(cells(html).slice(2), ["Your turn", "", "live", "Play"]);
  });

  test("tells a finished game's winners and links its replay", () => {
    const html = rowHtml(game({ status: "finished", winners: [0, 1], your_turn: true }), TITLES);
    assert.match(html, /^<tr class="" data-game="g1">/);
    assert.deepEqual(cells(html), ["Samurai", "You, Ken", "Won by you and Ken", "—", "live", "Replay"]);
    assert.match(html, /<a href="#\/replay\/g1">/);
  });

  test("names a game the catalogue does not know, and a clock it does not know, plainly", () => {
    assert.deepEqual(cells(rowHtml(game({ game: "go", time_control: undefined }), TITLES)).filter((_, i) => i === 0 || i === 4), ["go", "no clock"]);
  });
});
