// A round's recap: what each province and each player's numbers became (issue 33).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { recapHtml, recapOf } from "../../../../../services/daimyo_gateway/static/games/shogun/recap.js";

const SEATS = [{ display_name: "Ayame" }, { display_name: "Ken" }];
const seat = (chests, rice, vp) => ({ chests, rice, vp, province_cards: [], supply: 0, bid: null });
const BEFORE = {
  provinces: { Owari: { owner: 0, armies: 3 }, Mino: { owner: 1, armies: 2 }, Kai: { owner: null } },
  seats: { 0: seat(5, 2, 0), 1: seat(4, 3, 0) },
};
const AFTER = {
  provinces: { Owari: { owner: 0, armies: 1, buildings: ["castle"] }, Mino: { owner: 0, armies: 2 }, Kai: { owner: null } },
  seats: { 0: seat(2, 2, 3), 1: seat(4, 1, 0) },
};

describe("recapOf", () => {
  test("lists only the provinces that changed, with their owner, armies and buildings", () => {
    const { provinces } = recapOf(BEFORE, AFTER);
    assert.deepEqual(provinces.map((p) => p.name), ["Mino", "Owari"]);
    assert.deepEqual(provinces[0].owner, [1, 0]);
    assert.deepEqual(provinces[1].armies, [3, 1]);
    assert.deepEqual(provinces[1].built, ["castle"]);
  });

  test("gives every player's chests, rice, armies on the map and points before and after", () => {
    const { seats } = recapOf(BEFORE, AFTER);
    assert.deepEqual(seats[0], { seat: 0, chests: [5, 2], rice: [2, 2], armies: [3, 3], vp: [0, 3] });
    assert.deepEqual(seats[1].armies, [2, 0]);
  });
});

describe("recapHtml", () => {
  test("names players and provinces and shows each change as before → after", () => {
    const html = recapHtml(recapOf(BEFORE, AFTER), SEATS, "Year 1 · spring");
    assert.match(html, /What Year 1 · spring changed/);
    assert.match(html, /<strong>Mino<\/strong>: Ken → Ayame/);
    assert.match(html, /armies 3 → 1/);
    assert.match(html, /<td>Ayame<\/td><td>5 → 2<\/td>/);
  });

  test("says so when no province changed", () => {
    assert.match(recapHtml(recapOf(BEFORE, BEFORE), SEATS, "Year 1 · summer"), /No province changed\./);
  });
});
