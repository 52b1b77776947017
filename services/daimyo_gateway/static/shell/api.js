// @ts-check
// Talking to the gateway: REST calls with the guest token, and one self-healing WebSocket.
// The socket re-subscribes after a reconnect with the last version seen, and drops any view
// it has already shown (versions only move forward), so no update is missed or repeated.
// Without a session the socket is a visitor's: it may watch games, nothing else. Every frame is
// built and read by protocol.js.

import * as protocol from "./protocol.js";

/** @typedef {import("./protocol.js").ClientFrame} ClientFrame */
/** @typedef {import("./protocol.js").ServerFrame} ServerFrame */
/** @typedef {import("./protocol.js").ViewFrame} ViewFrame */
/** @typedef {{ player_id: string, name: string, token: string, guest?: boolean }} Session  what POST /api/session returned */
/** @typedef {{ as: number | "spectator", version: number | null }} Subscription */

/**
 * What the shell (app.js) shares with its screens: the one socket, the socket's frames for the
 * screen showing (`onFrame`), the match a screen waits for (`onMatch`, a match_found notice's
 * args {game_id, seat, game, ticket_id}) and the toast.
 * @typedef {object} ShellContext
 * @property {Socket} socket
 * @property {((frame: ServerFrame) => void) | null} onFrame
 * @property {((found: Object<string, any>) => void) | null} onMatch
 * @property {(message: string, kind?: "error" | "info") => void} toast
 */

const TOKEN_KEY = "daimyo.token";

/** @returns {Session | null} */
export function session() {
  const raw = localStorage.getItem(TOKEN_KEY);
  return raw ? JSON.parse(raw) : null;
}

export function forget() { localStorage.removeItem(TOKEN_KEY); }

/** This browser's session under the account's name now (renamed on another device). @param {string} name */
export function renamed(name) {
  const me = session();
  if (me && me.name !== name) localStorage.setItem(TOKEN_KEY, JSON.stringify({ ...me, name }));
}

/** @param {string} name @returns {Promise<Session>} */
export async function signIn(name) {
  const me = await call("POST", "/api/session", { name });
  localStorage.setItem(TOKEN_KEY, JSON.stringify(me));
  return me;
}

// A refusal: its stable code and args, and the sentence to show (protocol.errorText).
export class ApiError extends Error {
  /** @param {number} status @param {{ code: string, args: Object<string, any>, message: string }} error */
  constructor(status, error) { super(protocol.errorText(error)); this.status = status; this.code = error.code; this.args = error.args; }
}

/**
 * A REST call; the answer's JSON body (any: each caller reads its own route's shape).
 * @param {string} method @param {string} path @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function call(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": "application/json" };
  const me = session();
  if (me) headers.Authorization = `Bearer ${me.token}`;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const rotated = response.headers.get("X-Daimyo-Token"); // the gateway re-issues an ageing token
  if (me && rotated) localStorage.setItem(TOKEN_KEY, JSON.stringify({ ...me, token: rotated }));
  const data = await response.json().catch(() => ({}));
  if (me && data.error === "session_ended") forget(); // signed out elsewhere: on as a visitor
  if (!response.ok) throw new ApiError(response.status, protocol.restError(data, response.statusText));
  return data;
}

/** @param {string} path @returns {Promise<any>} */
export const get = (path) => call("GET", path);

/** @type {Map<string, Promise<unknown>>} */
const boards = new Map();
/** @param {string} game @param {number} players @returns {Promise<unknown>} */
export function board(game, players) {
  const key = `${game}/${players}`;
  if (!boards.has(key)) boards.set(key, get(`/api/boards/${key}`));
  return /** @type {Promise<unknown>} */ (boards.get(key));
}

export class Socket {
  /** @param {(frame: ServerFrame) => void} onFrame @param {(up: boolean) => void} onState */
  constructor(onFrame, onState) {
    this.onFrame = onFrame;
    this.onState = onState;
    /** @type {Map<string, Subscription>} game_id -> {as, version} */
    this.subscriptions = new Map();
    /** @type {ClientFrame[]} */
    this.pending = [];
    this.retry = 0;
    this.retryAfterMs = 0; // what the gateway asked for when it refused this socket (rate_limited)
    this.closed = false;
    /** @type {string | null} */
    this.player = null;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.open();
  }

  open() {
    const me = session();
    this.player = me ? me.player_id : null; // whose socket (a re-issued token keeps it)
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = this.ws = new WebSocket(`${scheme}://${location.host}/ws`);
    ws.onopen = () => { // the backoff is reset by `hello`, not here: a refused socket opens too
      // first frame: the token never goes in a URL; without a session, a visitor (who may only watch)
      this.sendNow(protocol.auth(me ? me.token : null));
      this.onState(true);
      for (const [game_id, sub] of this.subscriptions) this.sendNow(this.subscribeFrame(game_id, sub));
      for (const frame of this.pending.splice(0)) this.sendNow(frame);
    };
    ws.onmessage = (event) => {
      const frame = protocol.parse(event.data);
      if (frame) this.receive(frame);
    };
    ws.onclose = () => {
      // a socket closed on purpose (sign-in, sign-out) says nothing: its successor owns the dot
      if (this.closed) return;
      this.onState(false);
      const delay = Math.max(this.retryAfterMs, Math.min(5000, 300 * 2 ** this.retry++));
      this.retryAfterMs = 0;
      setTimeout(() => this.open(), delay);
    };
  }

  /** @param {ServerFrame} frame */
  receive(frame) {
    if (frame.type === "hello") this.retry = 0;
    if (frame.type === "error" && frame.code === "session_ended") forget(); // reconnects as a visitor
    if (frame.type === "error" && frame.code === "rate_limited" && frame.args.retry_after_seconds) {
      this.retryAfterMs = 1000 * Number(frame.args.retry_after_seconds); // paced reconnects: wait as told
    }
    if (protocol.dispatch(frame, { view: (view) => this.isNew(view) }) === false) return;
    this.onFrame(frame);
  }

  // A view of a subscription that is newer than the last one shown (which it then becomes).
  /** @param {ViewFrame} view */
  isNew(view) {
    const sub = this.subscriptions.get(view.game_id);
    if (!sub || sub.as !== (view.seat ?? "spectator")) return false;
    if (sub.version !== null && view.version <= sub.version) return false; // seen already
    sub.version = view.version;
    return true;
  }

  /** @param {string} game_id @param {Subscription} sub */
  subscribeFrame(game_id, sub) {
    return protocol.subscribe(game_id, sub.as, sub.version);
  }

  /** @param {string} game_id @param {number | "spectator"} as */
  subscribe(game_id, as) {
    /** @type {Subscription} */
    const sub = { as, version: null };
    this.subscriptions.set(game_id, sub);
    if (this.isOpen()) this.sendNow(this.subscribeFrame(game_id, sub)); // else: sent on open
  }

  /** @param {string} game_id */
  unsubscribe(game_id) {
    if (this.subscriptions.delete(game_id) && this.isOpen()) this.sendNow(protocol.unsubscribe(game_id));
  }

  isOpen() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  /** @param {string} game_id @param {Object<string, any>} move @param {number | null} expected_version */
  move(game_id, move, expected_version) {
    const command_id = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);
    this.send(protocol.move(game_id, move, expected_version, command_id));
    return command_id;
  }

  // A table chat line; the answer is `chat_sent` or an `error`, both carrying the returned ref.
  /** @param {string} game_id @param {string} text @param {string | undefined} channel */
  chat(game_id, text, channel) {
    const ref = `chat-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    this.send(protocol.chat(game_id, text, channel, ref));
    return ref;
  }

  /** @param {ClientFrame} frame */
  send(frame) {
    if (this.isOpen()) this.sendNow(frame);
    else if (this.pending.length < 100) this.pending.push(frame); // bounded: a long outage drops the rest
  }

  // Leave the seat to a bot ("leave") or take it back ("reclaim").
  /** @param {"leave" | "reclaim"} action @param {string} game_id */
  seat(action, game_id) { this.send(protocol.seat(action, game_id)); }

  /** @param {ClientFrame} frame */
  sendNow(frame) { this.ws?.send(protocol.encode(frame)); }

  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
