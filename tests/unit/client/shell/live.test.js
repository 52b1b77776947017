// The time left on a clock, as the live bar and "My games" write it; who went and who came
// back between two views, as the live bar tells it; and a player's lost connection and return
// (the gateway's `presence` frames) as the table tells them (issue 33).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { connectionNews, formatMs, news } from "../../../../services/daimyo_gateway/static/shell/live.js";

describe("formatMs", () => {
  test("writes minutes and seconds under an hour, rounding a started second up", () => {
    assert.equal(formatMs(0), "0:00");
    assert.equal(formatMs(1), "0:01");
    assert.equal(formatMs(59_000), "0:59");
    assert.equal(formatMs(600_000), "10:00");
    assert.equal(formatMs(3_599_000), "59:59");
  });

  test("writes hours and minutes under a day", () => {
    assert.equal(formatMs(3_600_000), "1h 00m");
    assert.equal(formatMs(5_400_000), "1h 30m");
  });

  test("writes days and hours from a day on", () => {
    assert.equal(formatMs(86_400_000), "1d 0h");
    assert.equal(formatMs(3 * 86_400_000 - 1000), "2d 23h");
  });
});

describe("news", () => {
  const seats = [{ display_name: "Ayame" }, { display_name: "Kenji" }];
  const gone = { bot_level: "greedy", reason: "abandoned", until: "game" };
  const late = { bot_level: "greedy", reason: "timeout", until: "move" };

  test("tells that a player went and a bot plays for them, naming the player", () => {
    assert.deepEqual(news({}, { 1: gone }, 0, seats), ["Kenji has gone (left or lost the connection): a bot plays for them."]);
  });

  test("tells a player it was their own seat", () => {
    assert.deepEqual(news({}, { 0: gone }, 0, seats), ["You left: a bot plays your seat."]);
    assert.deepEqual(news({ 0: gone }, {}, 0, seats), ["You took your seat back."]);
  });

  test("tells a timeout and a return apart from a leave", () => {
    assert.deepEqual(news({}, { 1: late }, 0, seats), ["Kenji ran out of time: a bot plays their turn."]);
    assert.deepEqual(news({ 1: gone }, {}, null, seats), ["Kenji is back and plays again."]);
  });

  test("says nothing when nothing changed hands", () => {
    assert.deepEqual(news({ 1: gone }, { 1: gone }, 0, seats), []);
  });
});

describe("connectionNews", () => {
  const seats = [{ display_name: "Ayame" }, { display_name: "Kenji" }];
  const frame = (/** @type {"lost" | "back"} */ state) => ({ type: /** @type {const} */ ("presence"), v: /** @type {const} */ (1), game_id: "g1", seat: 1, state });

  test("names the player who lost the connection, then says they are back", () => {
    assert.equal(connectionNews(frame("lost"), seats), "Kenji lost connection.");
    assert.equal(connectionNews(frame("back"), seats), "Kenji is back.");
  });
});
