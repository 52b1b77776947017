// The shell's hash routes as app.js reads them: the page and id of a hash, which pages a visitor
// may open without signing in, and where a queue ticket leads.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "../english.js";

import { PUBLIC_PAGES, leaderboardOf, needsSignIn, parseRoute, ticketHash } from "../../../../services/daimyo_gateway/static/shell/routes.js";

describe("parseRoute", () => {
  test("reads the page and the id of a hash", () => {
    assert.deepEqual(parseRoute("#/game/g-42"), { page: "game", id: "g-42" });
    assert.deepEqual(parseRoute("#/leaders/samurai"), { page: "leaders", id: "samurai" });
  });

  test("reads a page without an id", () => {
    assert.deepEqual(parseRoute("#/mine"), { page: "mine", id: undefined });
  });

  test("ignores anything after the id", () => {
    assert.deepEqual(parseRoute("#/replay/g-1/extra"), { page: "replay", id: "g-1" });
  });

  test("reads the lobby's hash and an empty one as no page", () => {
    assert.deepEqual(parseRoute("#/"), { page: "", id: undefined });
    assert.deepEqual(parseRoute(""), { page: undefined, id: undefined });
  });
});

describe("needsSignIn", () => {
  test("lets a visitor watch, read the lists and replays, and open a table's invitation", () => {
    for (const page of ["live", "finished", "leaders", "replay", "watch", "table"]) assert.equal(needsSignIn(page, false), false, page);
    assert.deepEqual(PUBLIC_PAGES, ["live", "finished", "leaders", "replay", "watch", "table"]);
  });

  test("asks a visitor to sign in to play, wait, see their games, open a private table or the lobby", () => {
    for (const page of ["game", "wait", "mine", "private", "", undefined, "nowhere"]) assert.equal(needsSignIn(page, false), true, String(page));
  });

  test("never asks a player who is signed in", () => {
    for (const page of ["game", "wait", "live", "", undefined]) assert.equal(needsSignIn(page, true), false, String(page));
  });
});

describe("ticketHash", () => {
  test("leads a matched ticket to its game", () => {
    assert.equal(ticketHash({ state: "matched", game_id: "g-7", ticket_id: "t-1" }), "#/game/g-7");
  });

  test("leads any other ticket, or a matched one without a game yet, to the waiting screen", () => {
    assert.equal(ticketHash({ state: "waiting", ticket_id: "t-1" }), "#/wait/t-1");
    assert.equal(ticketHash({ state: "matched", game_id: null, ticket_id: "t-2" }), "#/wait/t-2");
  });
});

describe("leaderboardOf", () => {
  test("reads a game's board and a player count's own board", () => {
    assert.deepEqual(leaderboardOf("samurai"), { game: "samurai", players: null });
    assert.deepEqual(leaderboardOf("shogun@4"), { game: "shogun", players: 4 });
  });

  test("a malformed count is the game's board over every count", () => {
    assert.deepEqual(leaderboardOf("samurai@x"), { game: "samurai", players: null });
    assert.deepEqual(leaderboardOf("samurai@0"), { game: "samurai", players: null });
  });
});
