// Which rules page a reader gets: the saved choice, then the browser's languages, then English;
// every Portuguese reads pt-BR, every Chinese zh-Hans, the pseudo-locale English.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { RULES_LOCALES, localeForTag, pseudo, rulesLocale, rulesPage } from "../../../../services/daimyo_gateway/static/shell/rules-locale.js";

describe("localeForTag", () => {
  test("maps a language's every region to the locale written for it", () => {
    assert.equal(localeForTag("pt-PT"), "pt-BR");
    assert.equal(localeForTag("es-419"), "es");
    assert.equal(localeForTag("zh-CN"), "zh-Hans");
    assert.equal(localeForTag("zh_TW"), "zh-Hans");
    assert.equal(localeForTag("en-XA"), "en");
  });

  test("knows no locale for a language without rules", () => {
    assert.equal(localeForTag("de-DE"), null);
  });
});

describe("rulesLocale", () => {
  test("follows the saved choice before the browser's languages", () => {
    assert.equal(rulesLocale(["es", "pt-BR", "en"]), "es");
  });

  test("skips a missing choice and languages without rules", () => {
    assert.equal(rulesLocale([null, "de", "fr-FR", "zh-CN"]), "zh-Hans");
  });

  test("falls back to English", () => {
    assert.equal(rulesLocale([undefined, "de", "ja"]), "en");
    assert.equal(rulesLocale([]), "en");
  });
});

describe("rulesPage", () => {
  test("is the locale's page beside the game's howto page", () => {
    assert.equal(rulesPage("http://x/static/games/g/howto.html", "pt-BR"), "http://x/static/games/g/rules/pt-BR.html");
    assert.deepEqual(RULES_LOCALES, ["en", "pt-BR", "es", "zh-Hans"]);
  });
});

describe("pseudo", () => {
  test("accents every letter and brackets the whole", () => {
    assert.equal(pseudo("Rice 4"), "[Ŕîçé 4]");
  });

  test("keeps what is not a letter", () => {
    assert.equal(pseudo("3 + 1 = 4 →"), "[3 + 1 = 4 →]");
  });
});
