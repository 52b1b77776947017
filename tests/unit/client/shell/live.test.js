// The time left on a clock, as the live bar and "My games" write it.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { formatMs } from "../../../../services/daimyo_gateway/static/shell/live.js";

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
