// The notices panel's fields become the preferences the gateway takes: kinds not ticked are muted
// on the push channel, quiet hours in minutes after the player's local midnight.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { clockText, minutesOf, preferencesOf } from "../../../../services/daimyo_gateway/static/notices/panel.js";

describe("preferencesOf", () => {
  test("mutes on push every kind not ticked and keeps the time zone", () => {
    assert.deepEqual(preferencesOf(new Set(["your_turn", "time_low", "vacation"]), "22:30", "07:00", "Europe/Lisbon"), {
      muted: [{ kind: "game_found", channel: "push" }, { kind: "game_ended", channel: "push" }],
      time_zone: "Europe/Lisbon", quiet_start_minute: 1350, quiet_end_minute: 420, locale: "en",
    });
  });

  test("reads an empty time as midnight and writes minutes back as HH:MM", () => {
    assert.equal(minutesOf(""), 0);
    assert.equal(clockText(1350), "22:30");
    assert.equal(clockText(minutesOf("07:05")), "07:05");
  });
});

import { DAYS, presetName } from "../../../../services/daimyo_gateway/static/notices/clock-choice.js";

describe("presetName", () => {
  test("names the lobby preset of every correspondence choice, with or without the bank", () => {
    assert.deepEqual(DAYS, [1, 2, 3, 5, 7, 14]);
    assert.equal(presetName(1, false), "correspondence-1d");
    assert.equal(presetName(14, true), "correspondence-14d-bank");
  });
});
