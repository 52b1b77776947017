// The service worker's words and links: a pushed notice (codes only) becomes a title and body from
// the device's catalogue, tagged with the notice's key (sent twice, shown once), opening its game.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import "../../../../services/daimyo_gateway/static/notices/sw.js";

const STATIC = new URL("../../../../services/daimyo_gateway/static/notices/", import.meta.url);
const { parseMessages, noticeView, gameUrl, tableUrl, catalogueUrl } = /** @type {any} */ (globalThis).daimyoNotices;
const catalogue = (locale) => parseMessages(readFileSync(new URL(`locales/${locale}.ftl`, STATIC), "utf8"));

describe("noticeView", () => {
  test("words a your-turn notice in the device's language and opens that game", () => {
    const notice = { key: "g-1:4:your_turn:ann", kind: "your_turn", game_id: "g-1", game: "samurai", version: 4 };
    assert.deepEqual(noticeView(notice, catalogue("en")),
      { title: "Your turn", body: "Samurai: it is your move.", tag: "g-1:4:your_turn:ann", url: "/#/game/g-1" });
    assert.equal(noticeView(notice, catalogue("pt-BR")).title, "Sua vez");
    assert.equal(noticeView(notice, catalogue("zh-Hans")).body, "Samurai：该你走了。");
  });

  test("has words for every kind in every language", () => {
    for (const locale of ["en", "pt-BR", "es", "zh-Hans"]) {
      for (const kind of ["your_turn", "game_found", "time_low", "game_ended", "vacation", "friend_challenge"]) {
        const view = noticeView({ kind, game_id: "g", game: "shogun", version: 1 }, catalogue(locale));
        assert.ok(!view.title.startsWith("notices-") && !view.body.startsWith("notices-"), `${locale} ${kind}`);
      }
    }
  });

  test("names the friend who challenges and the game, in every language, and opens the table", () => {
    const notice = { key: "K7Q2:0:friend_challenge:bea", kind: "friend_challenge", game_id: "K7Q2", game: "go",
      version: 0, host: "Ann" };
    assert.deepEqual(noticeView(notice, catalogue("en")),
      { title: "A challenge", body: "Ann challenges you to Go.", tag: "K7Q2:0:friend_challenge:bea", url: "/#/table/K7Q2" });
    assert.equal(noticeView(notice, catalogue("es")).body, "Ann te desafía a Go.");
    assert.equal(noticeView(notice, catalogue("pt-BR")).body, "Ann desafia você para Go.");
    assert.equal(noticeView(notice, catalogue("zh-Hans")).body, "Ann 邀你下 Go。");
    assert.equal(noticeView({ ...notice, host: "" }, catalogue("en")).body, "A friend challenges you to Go.");
  });

  test("says until when an opponent is away, as a date of the device's language", () => {
    const notice = { kind: "vacation", game_id: "g-2", game: "shogun", version: 9, deadline_ms: Date.UTC(2027, 0, 15, 12), locale: "en" };
    assert.match(noticeView(notice, catalogue("en")).body, /^Shogun: your opponent's clock waits until Jan 15, 2027\.$/);
  });

  test("never opens a page outside the site's games", () => {
    assert.equal(gameUrl("g-1"), "/#/game/g-1");
    assert.equal(gameUrl("https://evil.example/"), "/#/mine");
    assert.equal(gameUrl(undefined), "/#/mine");
    assert.equal(tableUrl("K7Q2"), "/#/table/K7Q2");
    assert.equal(tableUrl("../x"), "/#/mine");
  });

  test("reads only its own catalogues, English for an unknown language", () => {
    assert.equal(catalogueUrl("es"), "/static/notices/locales/es.ftl");
    assert.equal(catalogueUrl("../../secrets"), "/static/notices/locales/en.ftl");
  });
});
