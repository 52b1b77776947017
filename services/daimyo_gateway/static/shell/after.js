// @ts-check
// What a finished game offers, whatever the game: the honest result (the view's `winners`, never
// a seat a bot finished for an absent player, and those `abandoned` seats ranked last), then
// rematch (offer, accept, decline; the others' answers as they arrive; the 60 s countdown), a
// new game with the same settings, the replay and the way back to the lobby.

import { ApiError, call, get } from "./api.js";
import { dispatch } from "./protocol.js";
import { formatList, t, tHtml } from "./i18n.js";
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
 * @property {string} [reason]            the server's English (for API users; not shown)
 * @property {string} [note]              why it ended, in the player's words (from the notice)
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
    this.el.setAttribute("aria-label", t("shell-after-label"));
    this.el.innerHTML = `<h2>${esc(t("shell-after-title"))}</h2>${resultHtml(frame, this.info.seats, this.seat)}` +
      `<div class="actions">${player ? `<button class="primary" data-after="rematch">${esc(t("shell-rematch"))}</button><button data-after="again">${esc(t("shell-same-settings"))}</button>` : ""}` +
      `<a class="button" href="#/replay/${esc(this.info.game_id)}">${esc(t("shell-open-replay"))}</a><a class="button" href="#/">${esc(t("shell-back-to-lobby"))}</a></div>` +
      `<div class="rematch" id="rematch" aria-live="polite"></div>`;
  }

  /** Socket notices about this game's rematch; true when handled. @param {ServerFrame} frame */
  frame(frame) {
    /** @param {(args: Object<string, any>) => void} handle */
    const ours = (handle) => (/** @type {Object<string, any>} */ args) => { if (args.game_id !== this.info.game_id) return false; handle(args); return true; };
    const ended = (/** @type {string} */ state) => ours((args) => this.show({ ...(this.rematch || {}), rematch_id: args.rematch_id, state, note: args.by ? t("shell-rematch-declined-by", { name: args.by }) : "" }));
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
      const what = r.state === "started" ? "shell-rematch-starting" : r.state === "expired" ? "shell-rematch-expired" : "shell-rematch-off";
      box.innerHTML = `<p class="rematch-state" data-state="${esc(r.state)}">${esc(r.note ? t(`${what}-because`, { reason: r.note }) : t(what))}</p>`;
      this.drawn = null;
      return;
    }
    if (button) button.disabled = true;
    const left = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    const seats = r.seats ? `<ul class="answers">${r.seats.map((s) => `<li data-accepted="${s.accepted}">${esc(t(s.accepted ? "shell-rematch-ready" : "shell-rematch-not-yet", { name: s.mine ? t("shell-you") : seatName(r.seats, s.seat) }))}</li>`).join("")}</ul>` : "";
    const mine = r.seats?.find((s) => s.mine);
    const answer = mine && !mine.accepted ? `<div class="actions"><button class="primary" data-after="accept">${esc(t("shell-rematch-accept"))}</button><button data-after="decline">${esc(t("shell-rematch-decline"))}</button></div>`
      : mine ? `<div class="actions"><button data-after="decline">${esc(t("shell-rematch-call-off"))}</button></div>` : "";
    const by = r.by ? `${esc(t("shell-rematch-offered-by", { name: r.by }))} ` : "";
    // Redrawn only when the answers change; the countdown's text alone ticks, so a press on
    // Accept is never split across a button replaced between press and release.
    const html = `<p class="rematch-state" data-state="open">${by}${tHtml("shell-rematch-open", { left: `<span class="countdown"></span>` })}</p>${seats}${answer}`;
    if (this.drawn !== html) { box.innerHTML = html; this.drawn = html; }
    find(box, ".countdown", HTMLElement).textContent = t("shell-seconds", { seconds: left });
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
  const name = (/** @type {number} */ s) => (s === mySeat ? t("shell-you") : seatName(seats, s));
  const winners = frame.winners || [];
  const abandoned = frame.abandoned || [];
  let head;
  if (!winners.length) head = t("shell-result-no-winner");
  else if (winners.length === 1 && winners[0] === mySeat) head = t("shell-result-you-won");
  else head = t("shell-result-winners", { count: winners.length, names: formatList(winners.map(name)) });
  const left = abandoned.map((s) => `<p class="explain abandoned">${esc(s === mySeat ? t("shell-result-you-left") : t("shell-result-left", { name: seatName(seats, s) }))}</p>`).join("");
  return `<p class="result" data-winners="${winners.join(",")}">${esc(head)}</p>${left}`;
}
