// The tab's icon says how many games await the player's move.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { iconWithCount } from "../../../../services/daimyo_gateway/static/notices/badge.js";

describe("iconWithCount", () => {
  test("draws the count in a disc, and nothing at zero", () => {
    assert.match(decodeURIComponent(iconWithCount(3)), />3<\/text>/);
    assert.doesNotMatch(decodeURIComponent(iconWithCount(0)), /text/);
  });

  test("caps what it writes at 9+", () => {
    assert.match(decodeURIComponent(iconWithCount(12)), />9\+<\/text>/);
  });
});
