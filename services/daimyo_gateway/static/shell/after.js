// @ts-check
// What a finished game offers, whatever the game: the honest result (the view's `winners`, never
// a seat a bot finished for an absent player, and those `abandoned` seats ranked last), then
// rematch (offer, accept, decline; the others' answers as they arrive; the 60 s countdown), a
// new game with the same settings, the replay and the way back to the lobby.

import { ApiError, call, get } from "./api.js";
import { dispatch } from "./protocol.js";
import { ticketHash } from "./routes.js";
import { esc, find, messageOf, seatName, targetOf } from "./widgets.js";

/** @typedef {import("./api.js").ShellContext} ShellContext */
/** @typedef {import("./games.js").GameInfo} GameInfo */
/** @typedef {import("./widgets.js").Seat} Seat */
/** @typedef {import("./protocol.js").ServerFrame} ServerFrame */
/** @typedef {import("./protocol.js").ViewFrame} ViewFrame */
/**
 * A rematch as /api/rematches/<id> and the rematch notices tell it.
 * @typedef {object} Rematch
 * @property {string} rematch_id
 * @property {string} state               "open", "started", "refused" or "expired"
 * @property {(Seat & { seat: number, accepted: boolean })[] | null} [seats]
 * @property {string} [by]
 * @property {string} [reason]
 * @property {number} [expires_in_seconds]
 * @property {string | null} [new_game_id]
 */

const POLL_MS = 1500;

export class AfterGame {
  /** @param {HTMLElement} el @param {ShellContext} ctx @param {GameInfo} info @param {number | null} seat */
  constructor(el, ctx, info, seat) {
    this.el = el; this.ctx = ctx; this.info = info; this.seat = seat;
    this.shown = false; this.deadline = 0; this.stopped = false;
    /** @type {Rematch | null} */
    this.rematch = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.poll = undefined;
    /** @type {string | null} the open rematch's HTML last drawn */
    this.drawn = null;
    el.addEventListener("click", (event) => this.click(event));
  }

  stop() { clearInterval(this.timer); clearTimeout(this.poll); this.stopped = true; }

  /** A view frame; the panel appears once the game is over. @param {ViewFrame} frame */
  update(frame) {
    if (!frame.finished || this.shown) return;
    this.shown = true;
    const player = this.seat !== null;
    this.el.className = "card after-game";
    this.el.setAttribute("aria-label", "After the game");
    this.el.innerHTML = `<h2>Game over</h2>${resultHtml(frame, this.info.seats, this.seat)}` +
      `<div class="actions">${player ? `<button class="primary" data-after="rematch">Rematch</button><button data-after="again">New game, same settings</button>` : ""}` +
      `<a class="button" href="#/replay/${esc(this.info.game_id)}">Open the replay</a><a class="button" href="#/">Back to the lobby</a></div>` +
      `<div class="rematch" id="rematch" aria-live="polite"></div>`;
  }

  /** Socket notices about this game's rematch; true when handled. @param {ServerFrame} frame */
  frame(frame) {
    /** @param {(args: Object<string, any>) => void} handle */
    const ours = (handle) => (/** @type {Object<string, any>} */ args) => { if (args.game_id !== this.info.game_id) return false; handle(args); return true; };
    const ended = (/** @type {string} */ state) => ours((args) => this.show({ ...(this.rematch || {}), rematch_id: args.rematch_id, state, reason: args.reason || (args.by ? `${args.by} declined` : "") }));
    return dispatch(frame, {
      notice: {
        rematch_offered: ours((args) => {
          this.show({ rematch_id: args.rematch_id, state: "open", seats: null, by: args.by, expires_in_seconds: args.expires_in_seconds });
          this.look();
        }),
        rematch_refused: ended("refused"),
        rematch_expired: ended("expired"),
        rematch_started: ours(() => this.look()),
      },
    }) === true;
  }

  /** @param {Event} event */
  async click(event) {
    const act = targetOf(event).closest("[data-after]")?.getAttribute("data-after");
    if (!act) return;
    try {
      if (act === "rematch") this.show(await call("POST", `/api/games/${this.info.game_id}/rematch`));
      if (act === "accept" || act === "decline") {
        this.show(await call("POST", `/api/rematches/${/** @type {Rematch} */ (this.rematch).rematch_id}`, { accept: act === "accept" }));
      }
      if (act === "again") {
        const ticket = await call("POST", `/api/games/${this.info.game_id}/again`);
        location.hash = ticketHash(ticket);
      }
    } catch (error) {
      this.note(messageOf(error));
    }
  }

  async look() {
    if (!this.rematch?.rematch_id) return;
    try { this.show(await get(`/api/rematches/${this.rematch.rematch_id}`)); } catch (error) {
      if (!(error instanceof ApiError)) this.note(messageOf(error));
    }
  }

  /** @param {Rematch} rematch */
  show(rematch) {
    if (this.stopped) return;
    this.rematch = { ...(this.rematch?.rematch_id === rematch.rematch_id ? this.rematch : {}), ...rematch };
    const r = this.rematch;
    if (r.state === "started" && r.new_game_id) { location.hash = `#/game/${r.new_game_id}`; return; }
    if (r.expires_in_seconds !== undefined && r.state === "open") this.deadline = Date.now() + r.expires_in_seconds * 1000;
    this.ctx.onMatch = r.state === "open" || r.state === "started" ? (f) => { location.hash = `#/game/${f.game_id}`; } : null;
    this.render();
    clearInterval(this.timer);
    clearTimeout(this.poll);
    if (r.state === "open") {
      this.timer = setInterval(() => this.render(), 1000);
      this.poll = setTimeout(() => this.look(), POLL_MS);
    }
  }

  render() {
    const r = this.rematch, box = this.el.querySelector("#rematch");
    if (!box || !r) return;
    const button = /** @type {HTMLButtonElement | null} */ (this.el.querySelector("[data-after=rematch]"));
    if (r.state !== "open") {
      if (button) button.disabled = false;
      const what = r.state === "started" ? "The rematch is starting…" : r.state === "expired" ? "The rematch offer expired" : "The rematch is off";
      box.innerHTML = `<p class="rematch-state" data-state="${esc(r.state)}">${what}${r.reason ? `: ${esc(r.reason)}` : ""}.</p>`;
      this.drawn = null;
      return;
    }
    if (button) button.disabled = true;
    const left = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    const seats = r.seats ? `<ul class="answers">${r.seats.map((s) => `<li data-accepted="${s.accepted}">${esc(s.mine ? "You" : seatName(r.seats, s.seat))}: ${s.accepted ? "✓ ready" : "… not yet"}</li>`).join("")}</ul>` : "";
    const mine = r.seats?.find((s) => s.mine);
    const answer = mine && !mine.accepted ? `<div class="actions"><button class="primary" data-after="accept">Accept the rematch</button><button data-after="decline">Decline</button></div>`
      : mine ? `<div class="actions"><button data-after="decline">Call it off</button></div>` : "";
    const by = r.by ? `${esc(r.by)} offers a rematch. ` : "";
    // Redrawn only when the answers change; the countdown's text alone ticks, so a press on
    // Accept is never split across a button replaced between press and release.
    const html = `<p class="rematch-state" data-state="open">${by}Rematch with seats rotated: it starts when everyone accepts — <span class="countdown"></span> left.</p>${seats}${answer}`;
    if (this.drawn !== html) { box.innerHTML = html; this.drawn = html; }
    find(box, ".countdown", HTMLElement).textContent = `${left} s`;
  }

  /** @param {string} message */
  note(message) {
    const box = this.el.querySelector("#rematch");
    if (!box) return;
    box.innerHTML = `<p class="rematch-state refusal" role="alert">${esc(message)}</p>`;
    this.drawn = null;
  }
}

/** "Winner: …" from the honest winners; seats a bot finished for an absent player said as such.
 *  @param {{ winners?: number[], abandoned?: number[] }} frame @param {Seat[]} seats @param {number | null} mySeat */
export function resultHtml(frame, seats, mySeat) {
  const name = (/** @type {number} */ s) => (s === mySeat ? "You" : seatName(seats, s));
  const winners = frame.winners || [];
  const abandoned = frame.abandoned || [];
  let head;
  if (!winners.length) head = "No winner";
  else if (winners.length === 1 && winners[0] === mySeat) head = "You won";
  else head = `${winners.length > 1 ? "Shared victory" : "Winner"}: ${winners.map((s) => esc(name(s))).join(" and ")}`;
  const left = abandoned.map((s) => `<p class="explain abandoned">${s === mySeat ? "You left the game" : `${esc(seatName(seats, s))} left the game`}; a bot finished the seat, so it ranks last.</p>`).join("");
  return `<p class="result" data-winners="${winners.join(",")}">${head}.</p>${left}`;
}
