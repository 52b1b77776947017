// The review's catalogues: every locale has every message English has (and no other), each one
// is a Fluent `id = text` line whose placeables are the English ones, and every `analysis-…` id
// the review's code asks for is in them. The better move's sentences are the games' own words, so
// they live in each game's catalogue (games/<game>/locales), one per move type its engine writes.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { describe, test } from "node:test";

const STATIC = new URL("../../../../services/daimyo_gateway/static/", import.meta.url);
const LOCALES = ["en", "pt-BR", "es", "zh-Hans"];

/** @param {string} locale @returns {Map<string, string>} */
function catalogue(locale) {
  const text = readFileSync(new URL(`analysis/locales/${locale}.ftl`, STATIC), "utf8");
  const messages = new Map();
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const match = /^(analysis-[a-z0-9_-]+) = (.+)$/.exec(line);
    assert.ok(match, `${locale}.ftl: not a message line: ${line}`);
    messages.set(match[1], match[2]);
  }
  return messages;
}

const placeables = (/** @type {string} */ text) => [...text.matchAll(/\{ \$([a-z_]+) \}/g)].map((m) => m[1]).sort();

describe("the review's catalogues", () => {
  const en = catalogue("en");

  test("every locale has exactly English's messages with the same placeables", () => {
    for (const locale of LOCALES) {
      const messages = catalogue(locale);
      assert.deepEqual([...messages.keys()].sort(), [...en.keys()].sort(), locale);
      for (const [id, text] of messages) assert.deepEqual(placeables(text), placeables(/** @type {string} */ (en.get(id))), `${locale} ${id}`);
    }
  });

  test("every id the review's code names is in English", () => {
    const sources = ["analysis/review.js", "games/samurai/review.js", "games/shogun/review.js"]
      .map((file) => readFileSync(new URL(file, STATIC), "utf8")).join("\n");
    const named = [...sources.matchAll(/\bt\("(analysis-[a-z0-9_-]+)"/g)].map((m) => m[1]);
    assert.ok(named.length > 10);
    for (const id of named) assert.ok(en.has(id), id);
    for (const kind of ["inaccuracy", "mistake", "blunder"]) assert.ok(en.has(`analysis-mark-${kind}`));
    for (const part of ["unit", "ahead", "cost", "marks", "luck", "skill"]) assert.ok(en.has(`analysis-help-${part}`));
  });

  test("every move type a game's engine writes has a sentence in that game's catalogue", () => {
    for (const game of ["samurai", "shogun"]) {
      const engine = readFileSync(new URL(`../../../../libs/daimyo_rules/${game}/moves.py`, import.meta.url), "utf8");
      const types = [...engine.matchAll(/"type": "([a-z_]+)"/g)].map((m) => m[1]);
      const words = readFileSync(new URL(`games/${game}/locales/en.ftl`, STATIC), "utf8");
      assert.ok(types.length >= 5, game);
      for (const type of types) assert.match(words, new RegExp(`^${game}-review-move-${type} =`, "m"), `${game}: ${type}`);
    }
    assert.ok(readdirSync(new URL("analysis/locales/", STATIC)).length === LOCALES.length);
  });

  test("the review's own catalogue holds no game's words", () => {
    const gameWords = /^analysis-move-(?!other )[a-z_]+ =/m;
    for (const locale of LOCALES) {
      assert.doesNotMatch(readFileSync(new URL(`analysis/locales/${locale}.ftl`, STATIC), "utf8"), gameWords, locale);
    }
  });
});
