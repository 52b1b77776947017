// The self-healing socket's pace when the gateway refuses it (issue 32): a refused socket opens
// and closes, so the backoff is reset only by `hello`, and a `rate_limited` refusal's
// retry_after_seconds is waited for before the next attempt.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

/** A WebSocket stand-in: each one is kept, the test opens, speaks and closes it. */
class FakeWebSocket {
  static OPEN = 1;
  /** @type {FakeWebSocket[]} */
  static made = [];
  constructor() {
    this.readyState = 0;
    this.sent = [];
    FakeWebSocket.made.push(this);
  }
  send(text) { this.sent.push(text); }
  close() {}
  open() { this.readyState = 1; this.onopen(); }
  say(frame) { this.onmessage({ data: JSON.stringify({ v: 1, ...frame }) }); }
  drop() { this.readyState = 3; this.onclose(); }
}

const delays = [];
globalThis.WebSocket = FakeWebSocket;
globalThis.location = { protocol: "http:", host: "gateway" };
globalThis.localStorage = { getItem: () => null };
globalThis.setTimeout = (callback, ms) => { delays.push(ms); callback(); return 0; };

const { Socket } = await import("../../../../services/daimyo_gateway/static/shell/api.js");

describe("Socket reconnects", () => {
  test("back off while refused, and start over once a socket is greeted", () => {
    delays.length = 0;
    const socket = new Socket(() => {}, () => {});
    for (let n = 0; n < 3; n++) {
      const ws = FakeWebSocket.made.at(-1);
      ws.open();
      ws.drop();
    }
    assert.deepEqual(delays, [300, 600, 1200]);
    const greeted = FakeWebSocket.made.at(-1);
    greeted.open();
    greeted.say({ type: "hello", player_id: "v-1", name: "Visitor", protocol: 1 });
    greeted.drop();
    assert.equal(delays.at(-1), 300);
    socket.closed = true;
  });

  test("wait as long as a rate_limited refusal asks", () => {
    delays.length = 0;
    const socket = new Socket(() => {}, () => {});
    const ws = FakeWebSocket.made.at(-1);
    ws.open();
    ws.say({ type: "error", code: "rate_limited", args: { retry_after_seconds: 7 }, message: "", ref: null });
    ws.drop();
    assert.deepEqual(delays, [7000]);
    FakeWebSocket.made.at(-1).drop();
    assert.equal(delays.at(-1), 600, "then the usual backoff");
    socket.closed = true;
  });
});
