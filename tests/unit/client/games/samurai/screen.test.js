// A Samurai tile as a button of the hand: its value, speed mark, seat colour and what a screen
// reader hears.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../../english.js";

import { tileButton } from "../../../../../services/daimyo_gateway/static/games/samurai/screen.js";

describe("tileButton", () => {
  test("shows a tile's value and kind in its seat's colour", () => {
    const html = tileButton("rice3", 1);
    assert.match(html, /^<button class="tile" data-tile="rice3" style="background:#2d6fc4" title="Rice 3"><span class="sr-only">Rice 3<\/span>/);
    assert.match(html, /<span class="v" aria-hidden="true">3<\/span>/);
    assert.match(html, /<span class="k" aria-hidden="true">rice<\/span><\/button>$/);
  });

  test("marks a fast tile for the eye and for the ear", () => {
    const html = tileButton("ship2", 0);
    assert.match(html, /title="Ship 2 \(fast\)"/);
    assert.match(html, /<span class="sr-only">Ship 2, fast<\/span>/);
    assert.match(html, /<span class="fast" aria-hidden="true">»<\/span>/);
  });

  test("shows a swap as arrows and says a tile cannot be played or may be dragged", () => {
    assert.match(tileButton("tile_swap", 0, { disabled: true }), /class="tile unplayable"[^>]* disabled[^>]*>.*<span class="v" aria-hidden="true">⇆<\/span>.*<span class="k" aria-hidden="true">tiles<\/span>/);
    assert.match(tileButton("buddha2", 0, { draggable: true, selected: true }), /class="tile selected"[^>]* draggable="true"/);
  });

  test("is a toggle while an opening hand is chosen", () => {
    assert.match(tileButton("castle1", 2, { pressed: true, selected: true }), /class="tile chosen"[^>]* aria-pressed="true"/);
    assert.match(tileButton("castle1", 2, { pressed: true }), /class="tile"[^>]* aria-pressed="false"/);
  });

  test("takes the first seat's colour for a spectator's reveal", () => {
    assert.match(tileButton("rice1", null), /style="background:#c8382f"/);
  });
});
