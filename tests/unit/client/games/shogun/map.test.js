// The map's tooltips name a province's owner by the player's name and colour (issue 33).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { mapSvg } from "../../../../../services/daimyo_gateway/static/games/shogun/map.js";

const BOARD = { provinces: [{ name: "Owari", tax: 3, rice: 2, sites: 3, regions: { sun: "red", moon: "red" } }], borders: [], actions: [], specials: [], events: [] };
const VIEW = /** @type {any} */ ({ side: "sun", provinces: { Owari: { owner: 1, armies: 4 } } });

describe("mapSvg", () => {
  test("names the owner's player and colour in a province's tooltip", () => {
    const svg = mapSvg(/** @type {any} */ (BOARD), VIEW, { name: (seat) => ["Ayame", "Kenji"][seat] });
    assert.match(svg, /<title>Owari[^<]*Kenji \(blue\): 4 armies/);
  });

  test("falls back to the colour alone", () => {
    assert.match(mapSvg(/** @type {any} */ (BOARD), VIEW), /<title>Owari[^<]*blue: 4 armies/);
  });
});
