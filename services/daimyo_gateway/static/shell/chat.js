// @ts-check
// Table chat beside any game: a seat's player talks on the players' channel, a watcher on the
// spectators' (players do not see it during the game); after the end the replay shows both.
// Every line typed by a person is shown with textContent, never as HTML. The server checks
// length, characters and rate; its refusal is shown under the input, in its words.

import { get, session } from "./api.js";
import { dispatch, errorText } from "./protocol.js";
import { esc, find, messageOf, seatName } from "./widgets.js";
import { formatDate, t } from "./i18n.js";

/** @typedef {import("./api.js").ShellContext} ShellContext */
/** @typedef {import("./games.js").GameInfo} GameInfo */
/** @typedef {import("./widgets.js").Seat} Seat */
/** @typedef {import("./protocol.js").ServerFrame} ServerFrame */
/** @typedef {import("./protocol.js").Ref} Ref */
/**
 * A chat line as the socket's `chat` frame or /api/games/<id>/chat has it.
 * @typedef {{ id: number, seat?: number | null, name?: string | null, text: string, sent_at?: string | null }} ChatMessage
 */

export const MAX_CHARS = 500;
const KEEP = 200; // lines kept on screen

export class ChatPanel {
  /** @param {HTMLElement} el @param {ShellContext} ctx @param {GameInfo} info @param {number | null} seat */
  constructor(el, ctx, info, seat) {
    this.el = el; this.ctx = ctx; this.info = info; this.seat = seat;
    this.channel = seat === null ? "spectators" : "players";
    /** @type {Set<number>} */
    this.seen = new Set();
    /** @type {Set<Ref>} */
    this.refs = new Set();
    el.className = "card chat";
    el.setAttribute("aria-label", t("shell-chat-label"));
    el.innerHTML = `<h3>${esc(t(this.channel === "players" ? "shell-chat-players" : "shell-chat-spectators"))}</h3>` +
      `<ol class="chat-lines" aria-live="polite"></ol>` +
      `<form class="chat-form"><input type="text" name="text" maxlength="${MAX_CHARS}" autocomplete="off" aria-label="${esc(t("shell-chat-message"))}">` +
      `<button type="submit">${esc(t("shell-chat-send"))}</button></form>` +
      `<div class="row chat-foot"><span class="muted chat-count">${esc(t("shell-chat-count", { n: 0, max: MAX_CHARS }))}</span><span class="chat-error" role="alert"></span></div>`;
    this.lines = find(el, ".chat-lines", HTMLOListElement);
    this.form = find(el, "form", HTMLFormElement);
    this.input = /** @type {HTMLInputElement} */ (this.form.elements.namedItem("text"));
    this.count = find(el, ".chat-count", HTMLElement);
    this.error = find(el, ".chat-error", HTMLElement);
    if (!session()) this.closed(t("shell-chat-sign-in"));
    this.input.addEventListener("input", () => this.counted());
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.post(); });
    this.load();
  }

  async load() {
    try {
      /** @type {{ messages: ChatMessage[] }} */
      const { messages } = await get(`/api/games/${this.info.game_id}/chat?channel=${this.channel}&limit=100`);
      for (const m of messages) this.show(m);
    } catch (error) {
      this.closed(messageOf(error));
    }
  }

  /** @param {string} reason */
  closed(reason) {
    this.input.disabled = true;
    find(this.form, "button", HTMLButtonElement).disabled = true;
    this.input.placeholder = reason;
  }

  counted() {
    const n = this.input.value.length;
    this.count.textContent = t("shell-chat-count", { n, max: MAX_CHARS });
    this.count.classList.toggle("full", n >= MAX_CHARS);
    this.error.textContent = "";
  }

  post() {
    const text = this.input.value.trim();
    if (!text) return;
    this.refs.add(this.ctx.socket.chat(this.info.game_id, text, this.channel));
    if (this.refs.size > 50) this.refs.delete(this.refs.values().next().value);
  }

  /** A socket frame: true when it was the chat's (its lines, its acks, its refusals).
   *  @param {ServerFrame} frame */
  frame(frame) {
    return dispatch(frame, {
      chat: (line) => {
        if (line.game_id !== this.info.game_id || line.channel !== this.channel) return false;
        this.show(line);
        return true;
      },
      chat_sent: (sent) => {
        if (!this.refs.delete(sent.ref)) return false;
        this.input.value = ""; this.counted();
        return true;
      },
      error: (error) => {
        if (!this.refs.delete(error.ref)) return false;
        this.error.textContent = errorText(error);
        return true;
      },
    }) === true;
  }

  /** @param {ChatMessage} message */
  show(message) {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    this.lines.append(lineElement(message, this.info.seats));
    while (this.lines.children.length > KEEP) this.lines.firstElementChild?.remove();
    this.lines.scrollTop = this.lines.scrollHeight;
  }
}

/** @param {ChatMessage} message @param {Seat[]} seats */
function lineElement(message, seats) {
  const li = document.createElement("li");
  const who = document.createElement("b");
  who.textContent = message.name || (message.seat !== undefined && message.seat !== null ? seatName(seats, message.seat) : t("shell-chat-someone"));
  const text = document.createElement("span");
  text.textContent = ` ${message.text}`;
  li.append(who, text);
  if (message.sent_at) li.title = formatDate(message.sent_at, { timeStyle: "medium" });
  return li;
}

/** The finished game's chat, both channels, read-only (beside the replay).
 *  @param {GameInfo} info */
export async function chatTranscript(info) {
  const section = document.createElement("section");
  section.className = "card chat chat-transcript";
  section.setAttribute("aria-label", t("shell-chat-transcript-label"));
  const heading = document.createElement("h3");
  heading.textContent = t("shell-chat-title");
  section.append(heading);
  for (const [channel, title] of [["players", t("shell-chat-channel-players")], ["spectators", t("shell-chat-channel-spectators")]]) {
    /** @type {ChatMessage[]} */
    let messages;
    try { ({ messages } = await get(`/api/games/${info.game_id}/chat?channel=${channel}&limit=200`)); } catch (_) { continue; }
    if (!messages.length) continue;
    const sub = document.createElement("h4");
    sub.textContent = title;
    const list = document.createElement("ol");
    list.className = "chat-lines";
    list.dataset.channel = channel;
    for (const m of messages) list.append(lineElement(m, info.seats));
    section.append(sub, list);
  }
  if (section.children.length === 1) {
    const none = document.createElement("p");
    none.className = "muted";
    none.textContent = t("shell-chat-empty");
    section.append(none);
  }
  return section;
}
