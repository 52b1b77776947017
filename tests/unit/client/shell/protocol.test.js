// The client's half of browser protocol v1: every frame the page sends carries `v: 1`, a frame
// the page cannot read is dropped, frames reach the handler for their type (a notice: for its
// code), and refusals are said in the page's words with the server's message as the fallback.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { speak } from "../english.js";

import * as protocol from "../../../../services/daimyo_gateway/static/shell/protocol.js";

describe("the frames the page sends", () => {
  test("authenticate with the player's token, or as a visitor without one", () => {
    assert.deepEqual(protocol.auth("tok"), { type: "auth", v: 1, token: "tok" });
    assert.deepEqual(protocol.auth(null), { type: "auth", v: 1, visitor: true });
  });

  test("subscribe as a seat or a spectator, from a version or from the current view", () => {
    assert.deepEqual(protocol.subscribe("g1", 2, 14), { type: "subscribe", v: 1, game_id: "g1", as: 2, since_version: 14 });
    assert.deepEqual(protocol.subscribe("g1", "spectator", null),
      { type: "subscribe", v: 1, game_id: "g1", as: "spectator", since_version: null });
  });

  test("unsubscribe from a game", () => {
    assert.deepEqual(protocol.unsubscribe("g1"), { type: "unsubscribe", v: 1, game_id: "g1" });
  });

  test("send a move whose command id is also the ref its answer echoes", () => {
    assert.deepEqual(protocol.move("g1", { kind: "pass" }, 7, "c-1"),
      { type: "move", v: 1, game_id: "g1", move: { kind: "pass" }, expected_version: 7, command_id: "c-1", ref: "c-1" });
    assert.equal(protocol.move("g1", {}, null, "c-2").expected_version, null);
  });

  test("send a chat line on a channel, or on the sender's own", () => {
    assert.deepEqual(protocol.chat("g1", "hi", "players", "r1"),
      { type: "chat", v: 1, game_id: "g1", text: "hi", channel: "players", ref: "r1" });
    assert.equal(protocol.chat("g1", "hi", undefined, "r2").channel, undefined);
  });

  test("leave a seat to a bot and reclaim it", () => {
    assert.deepEqual(protocol.seat("leave", "g1"), { type: "leave", v: 1, game_id: "g1" });
    assert.deepEqual(protocol.seat("reclaim", "g1"), { type: "reclaim", v: 1, game_id: "g1" });
  });

  test("ping, with or without a ref", () => {
    assert.deepEqual(protocol.ping(3), { type: "ping", v: 1, ref: 3 });
    assert.deepEqual(protocol.ping(), { type: "ping", v: 1, ref: undefined });
  });

  test("are all of the protocol's version", () => {
    const frames = [protocol.auth("t"), protocol.auth(null), protocol.subscribe("g", 0, null), protocol.unsubscribe("g"),
      protocol.move("g", {}, 1, "c"), protocol.chat("g", "x", undefined, "r"), protocol.seat("leave", "g"), protocol.ping()];
    for (const frame of frames) assert.equal(frame.v, protocol.PROTOCOL_VERSION);
    assert.equal(protocol.PROTOCOL_VERSION, 1);
  });

  test("are encoded as JSON text, an absent channel left out", () => {
    assert.equal(protocol.encode(protocol.unsubscribe("g1")), '{"type":"unsubscribe","v":1,"game_id":"g1"}');
    assert.deepEqual(JSON.parse(protocol.encode(protocol.chat("g", "x", undefined, "r"))), { type: "chat", v: 1, game_id: "g", text: "x", ref: "r" });
  });
});

describe("parse", () => {
  test("reads every server frame type of version 1", () => {
    for (const type of protocol.SERVER_FRAME_TYPES) {
      assert.deepEqual(protocol.parse(JSON.stringify({ type, v: 1 })), { type, v: 1 });
    }
  });

  test("takes a frame without a version for a version-1 frame", () => {
    assert.deepEqual(protocol.parse('{"type":"pong","ref":1}'), { type: "pong", ref: 1 });
  });

  test("drops a frame of another version", () => {
    assert.equal(protocol.parse('{"type":"view","v":2}'), null);
  });

  test("drops text that is not JSON, not an object, or of no known type", () => {
    for (const text of ["", "{", "null", "42", '"view"', "[]", '{"v":1}', '{"type":"teleport","v":1}']) {
      assert.equal(protocol.parse(text), null, text);
    }
  });
});

describe("dispatch", () => {
  const view = { type: "view", v: 1, game_id: "g1", version: 3 };
  const notice = { type: "notice", v: 1, code: "your_turn", args: { game_id: "g1" } };

  test("hands a frame to the handler for its type and returns what it returned", () => {
    assert.equal(protocol.dispatch(view, { view: (frame) => frame.version, ack: () => "ack" }), 3);
  });

  test("returns undefined when no handler takes the frame", () => {
    assert.equal(protocol.dispatch(view, { ack: () => true }), undefined);
    assert.equal(protocol.dispatch(view, {}), undefined);
  });

  test("hands a notice to the handler for its code, with its args and the frame", () => {
    const seen = [];
    const result = protocol.dispatch(notice, {
      notice: { match_found: () => "wrong", your_turn: (args, frame) => { seen.push(args, frame); return "mine"; } },
    });
    assert.equal(result, "mine");
    assert.deepEqual(seen, [{ game_id: "g1" }, notice]);
  });

  test("leaves a notice whose code has no handler, and a notice with no notice handlers", () => {
    assert.equal(protocol.dispatch(notice, { notice: { match_found: () => true } }), undefined);
    assert.equal(protocol.dispatch(notice, { view: () => true }), undefined);
  });
});

describe("noticeArgs", () => {
  test("gives the args of the named notice, and null for another notice or frame", () => {
    const found = { type: "notice", v: 1, code: "match_found", args: { game_id: "g2", seat: 1 } };
    assert.deepEqual(protocol.noticeArgs(found, "match_found"), { game_id: "g2", seat: 1 });
    assert.equal(protocol.noticeArgs(found, "your_turn"), null);
    assert.equal(protocol.noticeArgs({ type: "pong", v: 1, ref: 1 }, "match_found"), null);
  });

  test("knows the codes of every player notice", () => {
    assert.ok(protocol.NOTICE_CODES.includes("match_found"));
    assert.ok(protocol.NOTICE_CODES.includes("ticket_cancelled"));
  });
});

describe("errorText", () => {
  test("says an error the page knows in its own words", () => {
    assert.equal(protocol.errorText({ code: "unsupported_version", message: "bad version" }), "This page is out of date: reload it to play on.");
    assert.equal(protocol.errorText({ code: "rate_limited", args: { per_second: 5 }, message: "slow down" }),
      "at most 5 frames a second; frames over the rate are dropped");
  });

  test("keeps the server's sentence on an English page when no detailed sentence fits the args", () => {
    assert.equal(protocol.errorText({ code: "rate_limited", args: {}, message: "slow down" }), "slow down");
    assert.equal(protocol.errorText({ code: "illegal_move", message: "not your turn" }), "not your turn");
  });

  test("says a known code in the page's language, in general words when the args lack a detailed sentence's values", () => {
    speak("pt-BR");
    assert.equal(protocol.errorText({ code: "illegal_move", message: "not your turn" }), "Isso não é permitido agora.");
    assert.equal(protocol.errorText({ code: "rate_limited", args: { per_second: 5 }, message: "slow" }),
      "no máximo 5 mensagens por segundo; as que passarem disso são descartadas");
    speak("en");
  });

  test("falls back to the server's message for a code it does not know, and to the code without one", () => {
    assert.equal(protocol.errorText({ code: "teapot", args: {}, message: "I am a teapot" }), "I am a teapot");
    assert.equal(protocol.errorText({ code: "teapot" }), "teapot");
    assert.equal(protocol.errorText({ code: "illegal_move" }), "That is not allowed now.");
  });
});

describe("restError", () => {
  test("reads a REST error body as a socket error's code, args and message", () => {
    assert.deepEqual(protocol.restError({ error: "forbidden", args: { seat: 1 }, message: "not yours" }, "Forbidden"),
      { code: "forbidden", args: { seat: 1 }, message: "not yours" });
  });

  test("falls back to a generic code, no args and the given text", () => {
    assert.deepEqual(protocol.restError({}, "Bad Gateway"), { code: "error", args: {}, message: "Bad Gateway" });
    assert.deepEqual(protocol.restError(null, "Bad Gateway"), { code: "error", args: {}, message: "Bad Gateway" });
    assert.deepEqual(protocol.restError("oops", "Bad Gateway"), { code: "error", args: {}, message: "Bad Gateway" });
  });

  test("gives what errorText says in the page's words", () => {
    const error = protocol.restError({ error: "rate_limited", args: { per_second: 2 }, message: "too fast" }, "Too Many Requests");
    assert.equal(protocol.errorText(error), "at most 2 frames a second; frames over the rate are dropped");
  });
});
