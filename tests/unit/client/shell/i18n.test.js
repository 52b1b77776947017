// The page's languages with no page involved: which locale a browser's languages choose, the
// Accept-Language header read in order, messages with fallbacks, HTML-safe messages, the
// pseudo-locale and tables of names that follow the language.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";

import { speak } from "../english.js";
import {
  PSEUDO, acceptLanguages, accented, addOwner, currentLocale, formatList, formatNumber, has, messageTable, negotiate, pickLocale, t, tHtml,
} from "../../../../services/daimyo_gateway/static/shell/i18n.js";

after(() => speak("en"));

describe("negotiate", () => {
  test("takes the first tag a catalogue serves, matching a language to its one locale", () => {
    assert.equal(negotiate(["fr-FR", "pt-PT", "en"]), "pt-BR");
    assert.equal(negotiate(["es-MX"]), "es");
    assert.equal(negotiate(["zh-CN"]), "zh-Hans");
    assert.equal(negotiate(["zh-Hans-SG"]), "zh-Hans");
    assert.equal(negotiate(["EN-gb"]), "en");
    assert.equal(negotiate(["en-XA"]), PSEUDO);
  });

  test("gives traditional Chinese and unknown languages no match", () => {
    assert.equal(negotiate(["zh-TW", "zh-Hant", "fr"]), null);
    assert.equal(negotiate([]), null);
  });
});

describe("pickLocale", () => {
  const header = (/** @type {string[]} */ tags) => async () => tags;
  const account = (/** @type {string | null} */ tag) => async () => tag;

  test("takes a signed-in account's saved language over everything this browser says", async () => {
    assert.equal(await pickLocale({ account: account("zh-Hans"), saved: "es", browser: ["pt-BR"], header: header(["en"]) }), "zh-Hans");
  });

  test("without an account's language takes the browser's saved choice, then its languages", async () => {
    assert.equal(await pickLocale({ account: account(null), saved: "es", browser: ["pt-BR"] }), "es");
    assert.equal(await pickLocale({ saved: "", browser: ["fr", "pt-PT"] }), "pt-BR");
  });

  test("asks for Accept-Language only when nothing before it serves, and falls back to English", async () => {
    let asked = 0;
    const counted = async () => { asked += 1; return ["es-MX"]; };
    assert.equal(await pickLocale({ browser: ["en-GB"], header: counted }), "en");
    assert.equal(asked, 0);
    assert.equal(await pickLocale({ browser: ["fr"], header: counted }), "es");
    assert.equal(await pickLocale({ browser: ["fr"], header: header(["de"]) }), "en");
  });

  test("a failing account look-up or header falls through the chain", async () => {
    const failing = async () => { throw new Error("offline"); };
    assert.equal(await pickLocale({ account: failing, saved: "pt-BR" }), "pt-BR");
    assert.equal(await pickLocale({ account: failing, header: failing }), "en");
  });
});

describe("acceptLanguages", () => {
  test("orders by weight, then by place, and drops the wildcard and zero weights", () => {
    assert.deepEqual(acceptLanguages("en;q=0.5, pt-BR, *, fr;q=0, zh-CN;q=0.9"), ["pt-BR", "zh-CN", "en"]);
    assert.deepEqual(acceptLanguages(null), []);
  });
});

describe("t", () => {
  test("formats a message with its arguments and plural, in the language spoken", () => {
    speak("en");
    assert.equal(t("shell-table-seats", { count: 1 }), "1 seat");
    assert.equal(t("shell-table-seats", { count: 3 }), "3 seats");
    speak("pt-BR");
    assert.equal(currentLocale(), "pt-BR");
    assert.equal(t("shell-table-seats", { count: 3 }), "3 lugares");
    assert.equal(t("samurai-kind-castle"), "Castelo");
  });

  test("falls back to the id for a message no catalogue has", () => {
    speak("es");
    assert.equal(t("shell-no-such-message"), "shell-no-such-message");
    assert.equal(has("shell-no-such-message"), false);
  });

  test("in the pseudo-locale accents and brackets every message, leaving its arguments as they are", () => {
    speak(PSEUDO);
    assert.equal(t("shell-rematch-declined-by", { name: "Ayame" }), "[Ayame ḓḗƈŀīƞḗḓ]");
    assert.equal(accented("Play"), "Ƥŀȧẏ");
  });
});

describe("addOwner", () => {
  test("makes a second caller wait for the catalogue the first one is still loading", async () => {
    speak("en");
    const real = globalThis.fetch;
    /** @type {(text: string) => void} */
    let answer = () => {};
    globalThis.fetch = /** @type {typeof fetch} */ (/** @type {unknown} */ (() =>
      new Promise((resolve) => { answer = (text) => resolve(/** @type {Response} */ ({ ok: true, text: async () => text })); })));
    try {
      const first = addOwner("/static/late-owner/");
      const second = addOwner("/static/late-owner");
      setTimeout(() => answer("late-owner-word = Arrived"), 20);
      await second;
      assert.equal(t("late-owner-word"), "Arrived");
      await first;
    } finally {
      globalThis.fetch = real;
    }
  });
});

describe("tHtml", () => {
  test("escapes the message's text but keeps string arguments as the HTML they are", () => {
    speak("en");
    assert.equal(tHtml("shogun-log-planned", { who: "<b>A &amp; B</b>" }), "<b>A &amp; B</b> planned (secret)");
    assert.equal(tHtml("shell-rematch-declined-by", { name: "<i>x</i>" }), "<i>x</i> declined");
  });
});

describe("messageTable and the Intl formatters", () => {
  test("reads each name when asked, so a table follows a change of language", () => {
    const table = messageTable("samurai-kind-", ["castle", "figure_swap"]);
    speak("en");
    assert.equal(table.figure_swap, "Figure swap");
    speak("zh-Hans");
    assert.equal(table.castle, "头盔");
    assert.deepEqual(Object.keys(table), ["castle", "figure_swap"]);
  });

  test("formats numbers and lists in the language spoken", () => {
    speak("pt-BR");
    assert.equal(formatNumber(1234.5), "1.234,5");
    assert.equal(formatList(["A", "B", "C"]), "A, B e C");
  });
});
