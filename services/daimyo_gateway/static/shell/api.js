// Talking to the gateway: REST calls with the guest token, and one self-healing WebSocket.
// The socket re-subscribes after a reconnect with the last version seen, and drops any view
// it has already shown (versions only move forward), so no update is missed or repeated.

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
    if (!me) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws.onopen = () => {
      this.retry = 0;
      this.sendNow({ type: "auth", token: me.token }); // first frame: the token never goes in a URL
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

  send(frame) {
    if (this.isOpen()) this.sendNow(frame);
    else this.pending.push(frame);
  }

  sendNow(frame) { this.ws.send(JSON.stringify(frame)); }

  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
