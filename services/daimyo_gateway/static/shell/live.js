// @ts-check
// Live play around any game screen: every seat's clock, "reconnecting" while the socket is down,
// the banner when a bot plays your seat (with the button to take it back), and "Leave game".
// Who went and who came back is told as it happens (issue 33): a seat a bot takes over (a player
// who left, dropped past the grace or ran out of time) and a seat taken back, each once, to the
// page's log (through `onNews`) and politely to screen readers; so is a player who lost the
// connection and is back within the grace (the gateway's `presence` frames, `connectionNews`).
// Clocks count down locally from the last view; the server's now_ms corrects for this clock.

import { esc, seatName, targetOf } from "./widgets.js";
import { t } from "./i18n.js";
import { awayNote } from "../notices/away.js";

/** @typedef {import("./api.js").ShellContext} ShellContext */
/** @typedef {import("./games.js").GameInfo} GameInfo */
/** @typedef {import("./protocol.js").ViewFrame} ViewFrame */
/** @typedef {import("./protocol.js").Clock} Clock */

export class LiveBar {
  /** @param {HTMLElement} el @param {ShellContext} ctx @param {GameInfo} info @param {number | null} seat
   *  @param {(text: string) => void} [onNews] what is told when a seat changes hands */
  constructor(el, ctx, info, seat, onNews = () => {}) {
    this.el = el; this.ctx = ctx; this.info = info; this.seat = seat; this.onNews = onNews;
    /** @type {boolean} a first view was read: later takeovers are news */
    this.seen = false;
    /** @type {Clock | null} */
    this.clock = null;
    /** @type {ViewFrame["takeovers"]} */
    this.takeovers = {};
    this.finished = false; this.offset = 0;
    /** @type {HTMLElement[] | null} the three parts, once drawn */
    this.parts = null;
    this.timer = setInterval(() => this.render(), 1000);
    el.addEventListener("click", (event) => this.click(event));
  }

  stop() { clearInterval(this.timer); }

  /** @param {ViewFrame} frame */
  update(frame) {
    if (frame.clock) { this.clock = frame.clock; this.offset = frame.clock.now_ms - Date.now(); }
    const before = this.takeovers;
    this.takeovers = frame.takeovers || {};
    this.finished = !!frame.finished;
    if (this.seen && !this.finished) news(before, this.takeovers, this.seat, this.info.seats).forEach((text) => this.onNews(text));
    this.seen = true;
    this.info.away = this.seat !== null && this.takeovers[String(this.seat)]?.reason === "abandoned";
    this.render();
  }

  /** @param {Clock} clock @param {number} seat */
  left(clock, seat) {
    const since = clock.running[String(seat)];
    const spent = since === undefined ? 0 : Date.now() + this.offset - since;
    return Math.max(0, clock.remaining_ms[seat] - spent);
  }

  // Three parts, each redrawn only when its own text changes: the clocks tick every second, and
  // redrawing the buttons with them would swap a button between a press and its release, so the
  // click would land on no button and be lost.
  render() {
    if (!this.parts) {
      this.parts = ["connection", "clocks", "seat"].map((name) => Object.assign(document.createElement("div"), { className: `live-${name}` }));
      this.el.replaceChildren(...this.parts);
    }
    const down = this.ctx.socket && !this.ctx.socket.isOpen();
    const clock = this.clock;
    const clocks = clock ? `<div class="clocks">${clock.remaining_ms.map((_, s) => this.clockHtml(clock, s)).join("")}</div>` : "";
    const html = [down ? `<div class="live-warn" role="status">${esc(t("shell-reconnecting"))}</div>` : "", clocks, this.seatHtml()];
    this.parts.forEach((part, n) => { if (part.innerHTML !== html[n]) part.innerHTML = html[n]; });
  }

  /** @param {Clock} clock @param {number} seat */
  clockHtml(clock, seat) {
    const running = String(seat) in clock.running;
    const bot = this.takeovers[String(seat)];
    const who = esc(seat === this.seat ? t("shell-you") : seatName(this.info.seats, seat));
    const note = bot ? ` <span class="muted">${esc(t("shell-clock-bot"))}</span>` : "";
    return `<span class="clock${running ? " running" : ""}" data-seat="${seat}">${who}${note} ${formatMs(this.left(clock, seat))}${awayNote(clock, seat)}</span>`;
  }

  seatHtml() {
    if (this.seat === null || this.finished) return "";
    const mine = this.takeovers[String(this.seat)];
    if (mine?.reason === "abandoned") { // what happened, and what the player may do now
      return `<div class="live-warn" role="alert"><p class="live-left">${esc(t("shell-you-left"))}</p>` +
        `<div class="actions"><button class="primary" data-live="reclaim">${esc(t("shell-take-seat-back"))}</button><a class="button" href="#/">${esc(t("shell-back-to-lobby"))}</a></div></div>`;
    }
    if (mine) return `<div class="live-warn" role="status">${esc(t(mine.until === "move" ? "shell-time-out-this-turn" : "shell-time-out"))}</div>`;
    return `<div class="actions"><button data-live="leave">${esc(t("shell-leave-game"))}</button></div>`;
  }

  /** @param {Event} event */
  click(event) {
    const act = targetOf(event).closest("[data-live]")?.getAttribute("data-live");
    if (act === "reclaim") this.ctx.socket.seat("reclaim", this.info.game_id);
    if (act === "leave" && confirm(t("shell-leave-confirm"))) {
      this.ctx.socket.seat("leave", this.info.game_id);
    }
  }
}

/**
 * What changed hands between two views' takeovers, as sentences: a bot now playing a seat (the
 * player left or dropped, or ran out of time) and a seat taken back.
 * @param {ViewFrame["takeovers"]} before @param {ViewFrame["takeovers"]} after
 * @param {number | null} me @param {import("./widgets.js").Seat[]} seats
 */
export function news(before, after, me, seats) {
  const all = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return all.flatMap((key) => {
    const was = before[key], now = after[key], seat = Number(key), you = seat === me;
    const name = seatName(seats, seat);
    if (now && (!was || was.reason !== now.reason)) {
      if (now.reason === "abandoned") return [you ? t("shell-news-you-left") : t("shell-news-left", { name })];
      return [you ? t("shell-news-you-timed-out") : t("shell-news-timed-out", { name })];
    }
    if (was && !now) return [you ? t("shell-news-you-back") : t("shell-news-back", { name })];
    return [];
  });
}

/**
 * A seat's player lost the connection, or is back, as a sentence.
 * @param {import("./protocol.js").PresenceFrame} frame @param {import("./widgets.js").Seat[]} seats
 */
export function connectionNews(frame, seats) {
  const name = seatName(seats, frame.seat);
  return frame.state === "lost" ? t("shell-news-lost-connection", { name }) : t("shell-news-connected-again", { name });
}

/** @param {number} ms */
export function formatMs(ms) {
  const total = Math.ceil(ms / 1000);
  if (total >= 86400) return t("shell-time-days-hours", { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600) });
  if (total >= 3600) return t("shell-time-hours-minutes", { hours: Math.floor(total / 3600), minutes: String(Math.floor((total % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
