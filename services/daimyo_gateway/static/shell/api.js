// @ts-nocheck -- typed after the protocol module lands
// Talking to the gateway: REST calls with the guest token, and one self-healing WebSocket.
// The socket re-subscribes after a reconnect with the last version seen, and drops any view
// it has already shown (versions only move forward), so no update is missed or repeated.
// Without a session the socket is a visitor's: it may watch games, nothing else.

const TOKEN_KEY = "daimyo.token";

export function session() {
  const raw = localStorage.getItem(TOKEN_KEY);
  return raw ? JSON.parse(raw) : null;
}

export function forget() { localStorage.removeItem(TOKEN_KEY); }

export async function signIn(name) {
  const me = await call("POST", "/api/session", { name });
  localStorage.setItem(TOKEN_KEY, JSON.stringify(me));
  return me;
}

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export async function call(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const me = session();
  if (me) headers.Authorization = `Bearer ${me.token}`;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const rotated = response.headers.get("X-Daimyo-Token"); // the gateway re-issues an ageing token
  if (me && rotated) localStorage.setItem(TOKEN_KEY, JSON.stringify({ ...me, token: rotated }));
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.error || "error", data.message || response.statusText);
  return data;
}

export const get = (path) => call("GET", path);

const boards = new Map();
export function board(game, players) {
  const key = `${game}/${players}`;
  if (!boards.has(key)) boards.set(key, get(`/api/boards/${key}`));
  return boards.get(key);
}

export class Socket {
  constructor(onFrame, onState) {
    this.onFrame = onFrame;
    this.onState = onState;
    this.subscriptions = new Map(); // game_id -> {as, version}
    this.pending = [];
    this.retry = 0;
    this.open();
  }

  open() {
    const me = session();
    this.player = me ? me.player_id : null; // whose socket (a re-issued token keeps it)
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws.onopen = () => {
      this.retry = 0;
      // first frame: the token never goes in a URL; without a session, a visitor (who may only watch)
      this.sendNow(me ? { type: "auth", token: me.token } : { type: "auth", visitor: true });
      this.onState(true);
      for (const [game_id, sub] of this.subscriptions) this.sendNow(this.subscribeFrame(game_id, sub));
      for (const frame of this.pending.splice(0)) this.sendNow(frame);
    };
    this.ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    this.ws.onclose = () => {
      this.onState(false);
      if (this.closed) return;
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => this.open(), delay);
    };
  }

  receive(frame) {
    if (frame.type === "view") {
      const sub = this.subscriptions.get(frame.game_id);
      if (!sub || sub.as !== (frame.seat ?? "spectator")) return;
      if (sub.version !== null && frame.version <= sub.version) return; // seen already
      sub.version = frame.version;
    }
    this.onFrame(frame);
  }

  subscribeFrame(game_id, sub) {
    return { type: "subscribe", game_id, as: sub.as, since_version: sub.version };
  }

  subscribe(game_id, as) {
    const sub = { as, version: null };
    this.subscriptions.set(game_id, sub);
    if (this.isOpen()) this.sendNow(this.subscribeFrame(game_id, sub)); // else: sent on open
  }

  unsubscribe(game_id) {
    if (this.subscriptions.delete(game_id) && this.isOpen()) this.sendNow({ type: "unsubscribe", game_id });
  }

  isOpen() { return this.ws && this.ws.readyState === WebSocket.OPEN; }

  move(game_id, move, expected_version) {
    const command_id = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);
    this.send({ type: "move", game_id, move, expected_version, command_id, ref: command_id });
    return command_id;
  }

  // A table chat line; the answer is `chat_sent` or an `error`, both carrying the returned ref.
  chat(game_id, text, channel) {
    const ref = `chat-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    this.send({ type: "chat", game_id, text, channel, ref });
    return ref;
  }

  send(frame) {
    if (this.isOpen()) this.sendNow(frame);
    else if (this.pending.length < 100) this.pending.push(frame); // bounded: a long outage drops the rest
  }

  sendNow(frame) { this.ws.send(JSON.stringify(frame)); }

  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
