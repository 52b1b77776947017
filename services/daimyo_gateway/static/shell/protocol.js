// @ts-check
// Browser protocol v1, the client's half: the only place the page builds a frame for the gateway
// or reads one from it. The gateway's half is services/daimyo_gateway/frames.py; the contract
// between them is in the gateway's README ("The socket"). Every frame carries `v` (the protocol
// version); a server frame without one is a version-1 frame, a frame of another version is
// dropped. Player notices arrive as one `notice` frame with a stable `code` and its `args`, and
// errors carry a `code` and `args` as well: the page says them in its own words (`errorText`),
// the server's English `message` is only the fallback for a code the page does not know.

import { currentLocale, has, t } from "./i18n.js";

export const PROTOCOL_VERSION = 1;

// -- client → server ------------------------------------------------------------------------

/** @typedef {{type: "auth", v: 1, token: string} | {type: "auth", v: 1, visitor: true}} AuthFrame */
/** @typedef {{type: "subscribe", v: 1, game_id: string, as: number | "spectator", since_version: number | null}} SubscribeFrame */
/** @typedef {{type: "unsubscribe", v: 1, game_id: string}} UnsubscribeFrame */
/** @typedef {{type: "move", v: 1, game_id: string, move: Object<string, any>, expected_version: number | null, command_id: string, ref: string}} MoveFrame */
/** @typedef {{type: "chat", v: 1, game_id: string, text: string, channel: string | undefined, ref: string}} ChatFrame */
/** @typedef {{type: "leave" | "reclaim", v: 1, game_id: string}} SeatFrame */
/** @typedef {{type: "ping", v: 1, ref?: string | number}} PingFrame */
/** @typedef {AuthFrame | SubscribeFrame | UnsubscribeFrame | MoveFrame | ChatFrame | SeatFrame | PingFrame} ClientFrame */

/**
 * The socket's first frame: the player's token, or a visitor's (who may only watch) without one.
 * @param {string | null} token
 * @returns {AuthFrame}
 */
export function auth(token) {
  return token ? { type: "auth", v: 1, token } : { type: "auth", v: 1, visitor: true };
}

/**
 * Watch a game as a seat or a spectator, from `since_version` (null: from its current view).
 * @param {string} game_id
 * @param {number | "spectator"} as
 * @param {number | null} since_version
 * @returns {SubscribeFrame}
 */
export function subscribe(game_id, as, since_version) {
  return { type: "subscribe", v: 1, game_id, as, since_version };
}

/**
 * @param {string} game_id
 * @returns {UnsubscribeFrame}
 */
export function unsubscribe(game_id) {
  return { type: "unsubscribe", v: 1, game_id };
}

/**
 * A move for the seat this socket holds; its command id doubles as the ref the answer echoes.
 * @param {string} game_id
 * @param {Object<string, any>} move the game's own move (what its screen built)
 * @param {number | null} expected_version the version the move was chosen at (null: any)
 * @param {string} command_id
 * @returns {MoveFrame}
 */
export function move(game_id, move, expected_version, command_id) {
  return { type: "move", v: 1, game_id, move, expected_version, command_id, ref: command_id };
}

/**
 * A table chat line; the answer is `chat_sent` or an `error`, both carrying `ref`.
 * @param {string} game_id
 * @param {string} text
 * @param {string | undefined} channel "players" | "spectators" (undefined: the sender's own)
 * @param {string} ref
 * @returns {ChatFrame}
 */
export function chat(game_id, text, channel, ref) {
  return { type: "chat", v: 1, game_id, text, channel, ref };
}

/**
 * Leave the seat to a bot ("leave") or take it back ("reclaim").
 * @param {"leave" | "reclaim"} action
 * @param {string} game_id
 * @returns {SeatFrame}
 */
export function seat(action, game_id) {
  return { type: action, v: 1, game_id };
}

/**
 * @param {string | number} [ref]
 * @returns {PingFrame}
 */
export function ping(ref) {
  return { type: "ping", v: 1, ref };
}

/**
 * The text the socket sends.
 * @param {ClientFrame} frame
 * @returns {string}
 */
export function encode(frame) {
  return JSON.stringify(frame);
}

// -- server → client ------------------------------------------------------------------------

/** @typedef {string | number | boolean | null | undefined} Ref */
/** @typedef {{version: number, type: string, seat: number | null, move: any, effects: any}} MissedEvent */
/** @typedef {{remaining_ms: number[], running: Object<string, number>, now_ms: number}} Clock */
/** @typedef {{type: "hello", v: 1, player_id: string, name: string, protocol: number}} HelloFrame */
/**
 * @typedef {{type: "view", v: 1, game_id: string, version: number, seat: number | null, view: any,
 *   last_move: any, effects: any, to_act: number[], finished: boolean, missed?: MissedEvent[], game?: string,
 *   clock: Clock | null, takeovers: Object<string, {bot_level: string, reason: string, until: string}>,
 *   winners: number[], abandoned: number[]}} ViewFrame
 */
/** @typedef {{type: "resynced", v: 1, game_id: string, version: number, since_version: number | null}} ResyncedFrame */
/** @typedef {{type: "ack", v: 1, game_id: string, command_id: string, version: number, ref: Ref}} AckFrame */
/** @typedef {{type: "seat", v: 1, game_id: string, seat: number, action: "left" | "reclaimed", version: number, ref: Ref}} SeatChangedFrame */
/** @typedef {{type: "pong", v: 1, ref: Ref}} PongFrame */
/** @typedef {{type: "status", v: 1, state: "connected" | "reconnecting", reason?: string}} StatusFrame */
/** @typedef {{type: "chat", v: 1, game_id: string, channel: string, id: number, seat: number | null, name: string, text: string, sent_at: any}} ChatLineFrame */
/** @typedef {{type: "chat_sent", v: 1, game_id: string, channel: string, id: number, ref: Ref}} ChatSentFrame */
/** @typedef {{type: "error", v: 1, code: string, args: Object<string, any>, message: string, ref: Ref}} ErrorFrame */
/** @typedef {{type: "notice", v: 1, code: string, args: Object<string, any>}} NoticeFrame */
/** @typedef {{type: "watching", v: 1, game_id: string, count: number}} WatchingFrame */
/** @typedef {{type: "names", v: 1}} NamesFrame  a player this page shows was renamed or erased: ask for the names again */
/** A seat's player lost every socket ("lost"), or is back ("back"), on whichever gateway.
 *  @typedef {{type: "presence", v: 1, game_id: string, seat: number, state: "lost" | "back"}} PresenceFrame */
/**
 * @typedef {HelloFrame | ViewFrame | ResyncedFrame | AckFrame | SeatChangedFrame | PongFrame | StatusFrame
 *   | ChatLineFrame | ChatSentFrame | ErrorFrame | NoticeFrame | WatchingFrame | NamesFrame | PresenceFrame} ServerFrame
 */

export const SERVER_FRAME_TYPES = ["hello", "view", "resynced", "ack", "seat", "pong", "status", "chat", "chat_sent", "error", "notice", "watching", "names", "presence"];

// What a `notice` frame's code may be (the bus's player notices), and what its args carry.
export const NOTICE_CODES = [
  "match_found", // {game_id, seat, game, ticket_id}
  "your_turn", // {game_id, game, version, seat, time_left_ms, deadline_ms, time_control}
  "rematch_offered", // {game_id, rematch_id, by, reason, expires_in_seconds} (as are the three below)
  "rematch_started", // (reserved: the rematch's game comes as match_found)
  "rematch_refused",
  "rematch_expired",
  "table_changed", // {code (the invitation code), state, game_id}
  "table_started", // (reserved: the table's game comes as match_found)
  "ticket_cancelled", // {ticket_id, reason}
  "challenge", // {code (the table's invitation code), game, host (the challenger's name)}
];

export const ERROR_CODES = ["malformed", "illegal_move", "stale", "not_found", "forbidden", "duplicate",
  "unavailable", "unauthenticated", "rate_limited", "session_ended", "blocked", "unsupported_version"];

/**
 * A frame from the socket's text; null for one this page cannot read (not JSON, no known type,
 * another protocol version).
 * @param {string} text
 * @returns {ServerFrame | null}
 */
export function parse(text) {
  let frame;
  try { frame = JSON.parse(text); } catch (_) { return null; }
  if (!frame || typeof frame !== "object" || !SERVER_FRAME_TYPES.includes(frame.type)) return null;
  if ((frame.v ?? PROTOCOL_VERSION) !== PROTOCOL_VERSION) return null;
  return frame;
}

/**
 * @typedef {Object} Handlers what a screen does with the frames it cares about (each returns
 *   whatever the caller wants back from `dispatch`, e.g. whether it used the frame)
 * @property {(frame: HelloFrame) => any} [hello]
 * @property {(frame: ViewFrame) => any} [view]
 * @property {(frame: ResyncedFrame) => any} [resynced]
 * @property {(frame: AckFrame) => any} [ack]
 * @property {(frame: SeatChangedFrame) => any} [seat]
 * @property {(frame: PongFrame) => any} [pong]
 * @property {(frame: StatusFrame) => any} [status]
 * @property {(frame: ChatLineFrame) => any} [chat]
 * @property {(frame: ChatSentFrame) => any} [chat_sent]
 * @property {(frame: ErrorFrame) => any} [error]
 * @property {(frame: WatchingFrame) => any} [watching]
 * @property {(frame: NamesFrame) => any} [names]
 * @property {(frame: PresenceFrame) => any} [presence]
 * @property {Object<string, (args: Object<string, any>, frame: NoticeFrame) => any>} [notice] by notice code
 */

/**
 * Hand `frame` to the handler for its type (a notice: to the handler for its code).
 * @param {ServerFrame} frame
 * @param {Handlers} handlers
 * @returns {any} what the handler returned; undefined when none took the frame
 */
export function dispatch(frame, handlers) {
  if (frame.type === "notice") return handlers.notice?.[frame.code]?.(frame.args, frame);
  const handler = /** @type {((frame: ServerFrame) => any) | undefined} */ (handlers[frame.type]);
  return handler?.(frame);
}

/**
 * The arguments of `frame` if it is the notice `code`, else null.
 * @param {ServerFrame} frame
 * @param {string} code
 * @returns {Object<string, any> | null}
 */
export function noticeArgs(frame, code) {
  return frame.type === "notice" && frame.code === code ? frame.args : null;
}

// An error in the page's words: the shell's catalogue has `error-<code>` for every code the
// gateway sends (its args by name); an unknown code falls back to the server's English message.
/**
 * What to show for a refusal (a socket `error` frame or a REST error body).
 * @param {{code: string, args?: Object<string, any>, message?: string}} error
 * @returns {string}
 */
export function errorText(error) {
  const args = error.args || {};
  // a sentence for the arguments this error carries (`error-<code>-<arg>`), else the code's own
  const detailed = Object.keys(args).map((key) => `error-${error.code}-${key.replaceAll("_", "-")}`).find(has);
  // An English page keeps the server's own sentence when no detailed one fits: it is English
  // already and often more specific than the code's general words ("already playing a live game").
  if (!detailed && currentLocale() === "en" && error.message && error.code !== "unsupported_version") return error.message;
  const id = detailed ?? `error-${error.code}`;
  return has(id) ? t(id, flatArgs(args)) : error.message ?? error.code;
}

/** A notice in the page's words (`notice-<code>`), or null when the catalogue has none.
 *  @param {string} code @param {Object<string, any>} [args] */
export function noticeText(code, args) {
  const id = `notice-${code}`;
  return has(id) ? t(id, flatArgs(args)) : null;
}

// Fluent takes strings and numbers: a list becomes its items joined, anything else its text.
/** @param {Object<string, any> | undefined} args */
function flatArgs(args) {
  /** @type {Record<string, string | number>} */
  const out = {};
  for (const [key, value] of Object.entries(args || {})) {
    out[key] = typeof value === "number" ? value : Array.isArray(value) ? value.join(", ") : value === null || value === undefined ? "" : String(value);
  }
  return out;
}

/**
 * A REST error body (`{error: code, args, message}`) as the same shape a socket error has.
 * @param {any} body
 * @param {string} fallback what to say when the body has no message (e.g. the HTTP status text)
 * @returns {{code: string, args: Object<string, any>, message: string}}
 */
export function restError(body, fallback) {
  return { code: body?.error || "error", args: body?.args || {}, message: body?.message || fallback };
}
