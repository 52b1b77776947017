// A private table's facts as the room and the form write them: the clock's name from what the
// table stores, and the table options the rules declare drawn as radio choices.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { clockText, optionsHtml } from "../../../../services/daimyo_gateway/static/shell/tables.js";

describe("clockText", () => {
  test("names the form's clocks by their choice", () => {
    assert.equal(clockText("live"), "Live 10+10");
    assert.equal(clockText("blitz"), "Blitz 3+5");
    assert.equal(clockText("correspondence"), "3 days a move");
  });

  test("says there is no clock for nothing or an unknown name", () => {
    assert.equal(clockText(null), "no clock");
    assert.equal(clockText(undefined), "no clock");
    assert.equal(clockText("hourglass"), "no clock");
    assert.equal(clockText({ type: "untimed" }), "no clock");
  });

  test("calls a live clock of five minutes or less blitz, in minutes plus increment", () => {
    assert.equal(clockText({ type: "live", initial_seconds: 180, increment_seconds: 5 }), "Blitz 3+5");
    assert.equal(clockText({ type: "live", initial_seconds: 300, increment_seconds: 0 }), "Blitz 5+0");
    assert.equal(clockText({ type: "live", initial_seconds: 600, increment_seconds: 10 }), "Live 10+10");
  });

  test("counts the days of a correspondence clock, one day singular", () => {
    assert.equal(clockText({ type: "correspondence", days_per_move: 1 }), "1 day a move");
    assert.equal(clockText({ type: "correspondence", days_per_move: 3 }), "3 days a move");
  });
});

describe("optionsHtml", () => {
  const options = {
    side: { label: "Board side", choices: [{ value: "sun", label: "Sun" }, { value: "moon", label: "Moon" }], default: "moon" },
    rounds: { choices: [{ value: 2 }, { value: 3 }], default: 3 },
  };

  test("draws one fieldset per option, labelled, or named when it has no label", () => {
    const html = optionsHtml(options);
    assert.equal(html.match(/<fieldset /g)?.length, 2);
    assert.match(html, /data-option="side"><legend>Board side<\/legend>/);
    assert.match(html, /data-option="rounds"><legend>rounds<\/legend>/);
  });

  test("carries each choice's value as JSON and checks the default only", () => {
    const html = optionsHtml(options);
    assert.match(html, /name="option:side" value="&#34;moon&#34;" checked> Moon/);
    assert.match(html, /name="option:side" value="&#34;sun&#34;" > Sun/);
    assert.match(html, /name="option:rounds" value="3" checked> 3/);
    assert.equal(html.match(/checked/g)?.length, 2);
  });

  test("escapes what the catalogue says before it becomes HTML", () => {
    const html = optionsHtml({ x: { label: "<b>", choices: [{ value: "a", label: "A & B" }] } });
    assert.match(html, /<legend>&#60;b&#62;<\/legend>/);
    assert.match(html, /> A &#38; B<\/label>/);
  });

  test("draws nothing for a game without options", () => {
    assert.equal(optionsHtml({}), "");
  });
});
