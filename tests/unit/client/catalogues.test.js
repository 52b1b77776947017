// The catalogues agree with each other and with the code (issue 30): each owner's every locale
// has exactly English's message ids, each message the same placeables ($names) as in English;
// every id the client names exists, and every id a catalogue holds is named somewhere (or built
// from one of the prefixes listed below). A failure names the file and the id.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";

import { owners, STATIC } from "./english.js";
import { FluentResource } from "../../../services/daimyo_gateway/static/vendor/fluent-bundle/index.js";
import { LOCALES } from "../../../services/daimyo_gateway/static/shell/i18n.js";

// Ids the code builds from data (a code, a key, a card number) rather than writing them out.
const DYNAMIC = [
  "error-", "notice-", "accounts-error-", "shell-bot-level-", "shell-ticket-reason-", "shell-col-", "shell-rematch-starting-",
  "shell-rematch-expired-", "shell-rematch-off-", "shell-language-",
  "samurai-title", "samurai-blurb", "samurai-option-", "samurai-kind-", "samurai-short-",
  "shogun-title", "shogun-blurb", "shogun-option-", "shogun-action-", "shogun-special-", "shogun-tag-",
  "shogun-battle-kind-", "shogun-season-", "shogun-region-", "shogun-colour-", "shogun-building-",
  "shogun-event-text-", "shogun-event-name-", "shogun-province-", "shogun-winter-",
  "analysis-axis-", "analysis-mark-", "analysis-help-",
  "samurai-review-move-", "shogun-review-move-", // a better move in the game's words, by its type (games/<game>/review.js)
  "samurai-coach-", "shogun-coach-", // a guided game's lessons, by id (shell/coach.js)
  "notices-kind-", "notices-push-",
];
const PREFIXES = ["shell", "samurai", "shogun", "analysis", "accounts", "notices", "error", "notice"];
const NAMED = new RegExp(`(?<![\\w-])(?:${PREFIXES.join("|")})-[a-z0-9_]+(?:-[a-z0-9_]+)*(?![\\w$-])`, "g");

/** @param {string} text */
function parse(text) {
  const resource = new FluentResource(text);
  const written = text.split("\n").filter((line) => /^[a-zA-Z][\w-]*\s*=/.test(line)).map((line) => line.split("=")[0].trim());
  return { messages: new Map(resource.body.map((m) => [m.id, m])), written };
}

/** Every $variable a pattern uses (in text, selectors and variants). @param {any} pattern @param {Set<string>} [out] */
function variables(pattern, out = new Set()) {
  if (!pattern || typeof pattern === "string") return out;
  if (Array.isArray(pattern)) { pattern.forEach((p) => variables(p, out)); return out; }
  if (pattern.type === "var") out.add(pattern.name);
  if (pattern.type === "select") {
    variables(pattern.selector, out);
    pattern.variants.forEach((/** @type {any} */ v) => variables(v.value, out));
  }
  return out;
}

/** Source files of the client whose text may name message ids. @param {string} dir @returns {string[]} */
function sources(dir = STATIC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["vendor", "locales"].includes(entry.name) ? [] : sources(path);
    return /\.(js|html)$/.test(entry.name) ? [path] : [];
  });
}

const OWNERS = owners();
const english = new Map(OWNERS.map((dir) => [dir, parse(readFileSync(join(dir, "locales", "en.ftl"), "utf8"))]));
const allIds = new Set([...english.values()].flatMap((c) => [...c.messages.keys()]));

describe("every owner's catalogues", () => {
  test("the shell and both games have one", () => {
    const names = OWNERS.map((dir) => relative(STATIC, dir));
    for (const owner of ["shell", "games/samurai", "games/shogun"]) assert.ok(names.includes(owner), `no ${owner}/locales/en.ftl`);
  });

  for (const dir of OWNERS) {
    const owner = relative(STATIC, dir);
    const source = /** @type {ReturnType<typeof parse>} */ (english.get(dir));

    test(`${owner}/locales/en.ftl parses whole, one message per id`, () => {
      assert.deepEqual(source.written.filter((id) => !source.messages.has(id)), [], `${owner}/locales/en.ftl: lines Fluent could not read`);
      assert.equal(new Set(source.written).size, source.written.length, `${owner}/locales/en.ftl: an id written twice`);
    });

    for (const locale of LOCALES.filter((l) => l !== "en")) {
      test(`${owner}/locales/${locale}.ftl has every id of en.ftl with the same placeables, and no other`, () => {
        const file = join(dir, "locales", `${locale}.ftl`);
        assert.ok(existsSync(file), `${owner}/locales/${locale}.ftl is missing`);
        const other = parse(readFileSync(file, "utf8"));
        const where = `${owner}/locales/${locale}.ftl`;
        assert.deepEqual(other.written.filter((id) => !other.messages.has(id)), [], `${where}: lines Fluent could not read`);
        assert.deepEqual([...source.messages.keys()].filter((id) => !other.messages.has(id)), [], `${where}: missing ids`);
        assert.deepEqual([...other.messages.keys()].filter((id) => !source.messages.has(id)), [], `${where}: ids English does not have`);
        const differ = [...source.messages].filter(([id]) => other.messages.has(id)).filter(([id, m]) => {
          const mine = [...variables(m.value)].sort().join(","), theirs = [...variables(other.messages.get(id)?.value)].sort().join(",");
          return mine !== theirs;
        }).map(([id]) => id);
        assert.deepEqual(differ, [], `${where}: placeables differ from English in`);
      });
    }
  }
});

describe("the code and the catalogues", () => {
  const named = new Map(sources().map((file) => [relative(STATIC, file), new Set(readFileSync(file, "utf8").match(NAMED) || [])]));

  test("every message id the client names is in a catalogue", () => {
    const missing = [...named].flatMap(([file, ids]) => [...ids].filter((id) => !allIds.has(id)).map((id) => `${file}: ${id}`));
    assert.deepEqual(missing, []);
  });

  test("every message a catalogue holds is named by the client or built from a listed prefix", () => {
    const used = new Set([...named.values()].flatMap((ids) => [...ids]));
    const unused = [...english].flatMap(([dir, c]) => [...c.messages.keys()]
      .filter((id) => !used.has(id) && !DYNAMIC.some((p) => id.startsWith(p)))
      .map((id) => `${relative(STATIC, dir)}/locales/en.ftl: ${id}`));
    assert.deepEqual(unused, []);
  });
});
