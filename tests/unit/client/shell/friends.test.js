// The lobby's friends online: names linking to their profiles, how many more, nothing at all
// when nobody followed is online.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { friendsHtml } from "../../../../services/daimyo_gateway/static/shell/friends.js";

describe("friendsHtml", () => {
  test("lists each friend online as a link to their profile, escaped", () => {
    const html = friendsHtml({ friends: ["Ayame", "K<en>"], more: 0 });
    assert.match(html, /<h2>Friends online<\/h2>/);
    assert.match(html, /<a href="\/players\/Ayame">Ayame<\/a>/);
    assert.match(html, /<a href="\/players\/K%3Cen%3E">K&#60;en&#62;<\/a>/);
    assert.doesNotMatch(html, /more/);
  });

  test("says how many more are online beyond the list", () => {
    assert.match(friendsHtml({ friends: ["Ayame"], more: 3 }), /and 3 more/);
  });

  test("draws nothing when no friend is online", () => {
    assert.equal(friendsHtml({ friends: [], more: 0 }), "");
  });
});
