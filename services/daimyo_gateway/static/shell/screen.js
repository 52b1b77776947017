// @ts-check
// The one live-screen driver: every game's play and spectate screen runs inside it. The driver
// owns what is the same for every game — the subscription and its frames, the game's history
// told once per version (so the log is whole after a reload or for a late spectator), the
// version shown (`#app[data-version]`), the paced playback of other seats' moves (shell/playback.js), clocks, takeovers and "Leave game" (shell/live.js),
// moves sent with the expected version, refusals shown, and one keyboard listener — and takes
// all of it down on leave. The game's screen only draws and decides what to send. Around it the
// driver adds what every table has: the table chat (shell/chat.js, at the end of the screen's
// first <aside>, or of root without one), the end of the game (shell/after.js: honest result,
// rematch, same settings, replay, lobby; just before #live) and the your-turn notices.
//
// A game's `createScreen(host)` gets
//   host.root, host.info (game_id, game, seats, players, ...), host.seat (null: spectator),
//   host.board (the gateway's /api/boards/<game>/<players>), host.toast(message),
//   host.send(move, { expected = true }) → command id (expected: the version last shown),
//   host.signal (an AbortSignal aborted on leave, for any listener the screen adds outside root)
// and returns an object with
//   mount()                   write the layout into root, with an empty `<div id="live">`
//   effects(effects, version) once per game version, in order, history first (optional)
//   update(frame)             every newer view frame: frame.view, .version, .last_move, .effects;
//                             once finished, frame.winners / frame.abandoned (also copied to
//                             host.info.winners / .abandoned, info.finished) are the honest result
//                             (never a seat a bot finished for an absent player): draw those
//   acked(frame), refused(frame)  a move's ack / error frame (optional; the toast is shown already)
//   keydown(event)            document keydown while the screen shows (optional)
//   note(text)                a line for the game's log: a seat changed hands (optional)
//   holdAt(frame)             true for a view that is a step of its own: playback pauses there (optional)
//   leave()                   anything else to stop (optional)

import { board, get } from "./api.js";
import { loadGame } from "./games.js";
import { AfterGame } from "./after.js";
import { ChatPanel } from "./chat.js";
import { Coach, coachFor } from "./coach.js";
import { LiveBar, connectionNews } from "./live.js";
import { Playback } from "./playback.js";
import { settle } from "./notices.js";
import { dispatch, errorText } from "./protocol.js";
import { esc, find } from "./widgets.js";
import { t } from "./i18n.js";

/** @typedef {import("./api.js").ShellContext} ShellContext */
/** @typedef {import("./games.js").Game} Game */
/** @typedef {import("./games.js").GameInfo} GameInfo */
/** @typedef {import("./games.js").GameEvent} GameEvent */
/** @typedef {import("./games.js").GameScreen} GameScreen */
/** @typedef {import("./protocol.js").ServerFrame} ServerFrame */
/** @typedef {import("./protocol.js").ViewFrame} ViewFrame */

/**
 * The live screen of a game, to play (as this player's seat) or to watch; gives back its leave.
 * @param {HTMLElement} root @param {ShellContext} ctx @param {string} gameId @param {"play" | "watch"} mode
 */
export async function liveScreen(root, ctx, gameId, mode) {
  /** @type {GameInfo & { my_seat: number | null }} */
  const info = await get(`/api/games/${gameId}`);
  const game = await loadGame(info.game);
  const seat = mode === "play" ? info.my_seat : null;
  /** @type {[unknown, { events: GameEvent[] }]} */
  const [geometry, history] = await Promise.all([board(info.game, info.players), get(`/api/games/${gameId}/events`)]);
  const driver = new LiveDriver(root, ctx, info, seat, geometry, game);
  driver.catchUp(history.events);
  ctx.socket.subscribe(gameId, seat ?? "spectator");
  ctx.onFrame = (frame) => driver.frame(frame);
  return () => { ctx.socket.unsubscribe(gameId); driver.leave(); };
}

class LiveDriver {
  /**
   * @param {HTMLElement} root @param {ShellContext} ctx @param {GameInfo} info @param {number | null} seat
   * @param {unknown} geometry @param {Game} game
   */
  constructor(root, ctx, info, seat, geometry, game) {
    this.root = root; this.ctx = ctx; this.info = info; this.seat = seat;
    /** @type {number | null} the version last shown */
    this.version = null;
    this.told = 0; this.aborter = new AbortController();
    /** @type {GameScreen} */
    this.screen = game.createScreen({
      root, info, seat, board: geometry, toast: ctx.toast, signal: this.aborter.signal,
      send: (move, options) => this.send(move, options),
    });
    this.screen.mount();
    // the screen's one h1, for those who find their way by headings (the board says the rest)
    root.insertAdjacentHTML("afterbegin", `<h1 class="sr-only">${esc(t(seat === null ? "shell-heading-watch" : "shell-heading-play", { title: game.title }))}</h1>`);
    const live = find(root, "#live", HTMLElement);
    // who went and who came back: into the game's log, and said politely by a status line
    const news = Object.assign(document.createElement("p"), { className: "live-news", id: "table-news" });
    news.setAttribute("role", "status");
    live.after(news);
    // how many look on (the gateway's `watching` frames; none said while nobody does)
    this.watching = Object.assign(document.createElement("p"), { className: "watching", id: "table-watching" });
    news.after(this.watching);
    this.showWatching(info.watching ?? 0);
    this.live = new LiveBar(live, ctx, info, seat, (text) => this.announce(text));
    this.news = news;
    const bar = Object.assign(document.createElement("div"), { className: "playback", role: "group" });
    bar.setAttribute("aria-label", t("shell-playback-label"));
    live.after(bar);
    if (game.howTo) bar.insertAdjacentHTML("afterend", `<a class="howto-link" href="${game.howTo}" target="_blank" rel="noopener">${esc(t("shell-how-to-play", { title: game.title }))}</a>`);
    /** @type {Playback<ViewFrame>} */
    this.playback = new Playback(bar, (frame) => this.showView(frame), (frame) => frame.last_move?.seat !== seat, this.aborter.signal,
      (frame) => !!this.screen.holdAt?.(frame));
    this.after = new AfterGame(document.createElement("section"), ctx, info, seat);
    live.before(this.after.el);
    if (seat !== null && game.coach && coachFor(info.game, info.game_id)) { // a guided first game
      const coach = document.createElement("section");
      live.before(coach);
      new Coach(coach, root, info.game, game.coach, this.aborter.signal);
    }
    this.chat = new ChatPanel(document.createElement("section"), ctx, info, seat);
    (root.querySelector("aside") || root).append(this.chat.el);
    document.addEventListener("keydown", (event) => this.screen.keydown?.(event), { signal: this.aborter.signal });
  }

  leave() {
    this.aborter.abort();
    this.live.stop();
    this.after.stop();
    this.screen.leave?.();
  }

  /** A line for the game's log, said politely by the status line. @param {string} text */
  announce(text) {
    this.news.textContent = text;
    this.screen.note?.(text);
  }

  /** @param {number} count */
  showWatching(count) {
    this.watching.textContent = count > 0 ? t("shell-watching", { count }) : "";
  }

  /** @param {GameEvent[]} events */
  catchUp(events) {
    for (const e of events) this.tell(e.version, e.effects);
  }

  /** @param {number} version @param {unknown} effects */
  tell(version, effects) {
    if (version <= this.told) return;
    this.told = version;
    this.screen.effects?.(effects, version);
  }

  /** @param {ServerFrame} frame */
  frame(frame) {
    if (this.chat.frame(frame) || this.after.frame(frame)) return;
    dispatch(frame, {
      view: (view) => { if (view.game_id === this.info.game_id) this.playback.push(view); },
      ack: (ack) => this.screen.acked?.(ack),
      watching: (w) => { if (w.game_id === this.info.game_id) this.showWatching(w.count); },
      names: () => { this.nameSeats().catch(() => null); },
      presence: (p) => { if (p.game_id === this.info.game_id && p.seat !== this.seat && !this.info.finished) this.announce(connectionNews(p, this.info.seats)); },
      error: (error) => {
        this.ctx.toast(errorText(error));
        this.screen.refused?.(error);
      },
    });
  }

  // A player at this table was renamed or erased: the seats take their names now (the same
  // objects the game's screen and the live bar read), and the screen draws them again.
  async nameSeats() {
    /** @type {GameInfo} */
    const fresh = await get(`/api/games/${this.info.game_id}`);
    fresh.seats.forEach((seat, n) => {
      const shown = this.info.seats[n];
      if (!shown) return;
      shown.display_name = seat.display_name;
      if (seat.deleted) shown.deleted = true; else delete shown.deleted;
    });
    this.screen.renamed?.();
  }

  /** @param {ViewFrame} frame */
  showView(frame) {
    for (const missed of frame.missed || []) this.tell(missed.version, missed.effects);
    this.tell(frame.version, frame.effects);
    if (frame.finished) Object.assign(this.info, { finished: true, winners: frame.winners || [], abandoned: frame.abandoned || [] });
    this.live.update(frame);
    this.after.update(frame);
    if (this.seat !== null) settle(this.info.game_id, frame.version, !frame.finished && (frame.to_act || []).includes(this.seat));
    this.version = frame.version;
    this.root.dataset.version = String(frame.version);
    this.screen.update(frame);
  }

  /** @param {Object<string, any>} move @param {{ expected?: boolean }} [options] */
  send(move, { expected = true } = {}) {
    return this.ctx.socket.move(this.info.game_id, move, expected ? this.version : null);
  }
}
