// @ts-nocheck -- typed after the protocol module lands
// Live play around any game screen: every seat's clock, "reconnecting" while the socket is down,
// the banner when a bot plays your seat (with the button to take it back), and "Leave game".
// Clocks count down locally from the last view; the server's now_ms corrects for this clock.

import { esc, seatName } from "./widgets.js";

export class LiveBar {
  constructor(el, ctx, info, seat) {
    Object.assign(this, { el, ctx, info, seat });
    this.clock = null; this.takeovers = {}; this.finished = false; this.offset = 0;
    this.timer = setInterval(() => this.render(), 1000);
    el.addEventListener("click", (event) => this.click(event));
  }

  stop() { clearInterval(this.timer); }

  update(frame) {
    if (frame.clock) { this.clock = frame.clock; this.offset = frame.clock.now_ms - Date.now(); }
    this.takeovers = frame.takeovers || {};
    this.finished = !!frame.finished;
    this.render();
  }

  left(seat) {
    const since = this.clock.running[String(seat)];
    const spent = since === undefined ? 0 : Date.now() + this.offset - since;
    return Math.max(0, this.clock.remaining_ms[seat] - spent);
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
    const clocks = this.clock ? `<div class="clocks">${this.clock.remaining_ms.map((_, s) => this.clockHtml(s)).join("")}</div>` : "";
    const html = [down ? `<div class="live-warn" role="status">Reconnecting…</div>` : "", clocks, this.seatHtml()];
    this.parts.forEach((part, n) => { if (part.innerHTML !== html[n]) part.innerHTML = html[n]; });
  }

  clockHtml(seat) {
    const running = String(seat) in this.clock.running;
    const bot = this.takeovers[String(seat)];
    const who = seat === this.seat ? "You" : esc(seatName(this.info.seats, seat));
    const note = bot ? ` <span class="muted">(bot)</span>` : "";
    return `<span class="clock${running ? " running" : ""}" data-seat="${seat}">${who}${note} ${formatMs(this.left(seat))}</span>`;
  }

  seatHtml() {
    if (this.seat === null || this.finished) return "";
    const mine = this.takeovers[String(this.seat)];
    if (mine?.reason === "abandoned") {
      return `<div class="live-warn" role="alert">A bot is playing for you — <button class="primary" data-live="reclaim">Take your seat back</button></div>`;
    }
    if (mine) return `<div class="live-warn" role="status">Your time ran out: a bot plays for you${mine.until === "move" ? " this turn" : ""}.</div>`;
    return `<div class="actions"><button data-live="leave">Leave game</button></div>`;
  }

  click(event) {
    const act = event.target.closest("[data-live]")?.dataset.live;
    if (act === "reclaim") this.ctx.socket.seat("reclaim", this.info.game_id);
    if (act === "leave" && confirm("Leave the game? A bot plays your seat, and you are ranked last unless you come back.")) {
      this.ctx.socket.seat("leave", this.info.game_id);
    }
  }
}

export function formatMs(ms) {
  const total = Math.ceil(ms / 1000);
  if (total >= 86400) return `${Math.floor(total / 86400)}d ${Math.floor((total % 86400) / 3600)}h`;
  if (total >= 3600) return `${Math.floor(total / 3600)}h ${String(Math.floor((total % 3600) / 60)).padStart(2, "0")}m`;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
