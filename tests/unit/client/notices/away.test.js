// "On vacation until …" beside a seat's clock: only for a seat the view's clock says is away.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";
import { awayNote, awayUntil } from "../../../../services/daimyo_gateway/static/notices/away.js";

describe("awayNote", () => {
  const clock = { remaining_ms: [1, 2], running: {}, now_ms: 0, vacations: { 1: Date.UTC(2027, 0, 15, 12) } };

  test("says until when a seat's player is away, in the page's words", () => {
    assert.equal(awayUntil(clock, 1), Date.UTC(2027, 0, 15, 12));
    assert.match(awayNote(clock, 1), /on vacation until Jan 15, 2027/);
  });

  test("says nothing for a seat whose player is here, or a clock without vacations", () => {
    assert.equal(awayNote(clock, 0), "");
    assert.equal(awayNote({ remaining_ms: [1], running: {}, now_ms: 0 }, 0), "");
  });
});
