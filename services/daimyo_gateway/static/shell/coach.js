// @ts-check
// A guided first game (issue 33): a coach beside a real game against a bot that teaches by doing.
// Each game's plug-in lists its lessons (`coach`: ids and, for a lesson learnt by doing, what on
// the screen shows it done); the coach says one lesson at a time, politely to screen readers,
// and moves on when the player has done it (or, for a lesson only read, on "Next"). The lobby's
// and the how-to's "learn by playing" link opens `#/learn/<game>`: a tutorial game against the
// easiest bot on a fixed deal (POST /api/learn: every newcomer meets the same one) whose id the
// coach remembers, so a reload keeps the lessons.

import { esc, targetOf } from "./widgets.js";
import { t } from "./i18n.js";

/**
 * One lesson: its message is `<game>-coach-<id>`; `done(root, since)` says it is learnt (none:
 * "Next"), `since` being the game version shown when the lesson began.
 * @typedef {{ id: string, done?: (root: HTMLElement, since: number) => boolean }} Lesson
 */

const KEY = "daimyo.coach";

/** Ask for a coach in the next game of `game` this player opens. @param {string} game */
export function wantCoach(game) { localStorage.setItem(KEY, JSON.stringify({ game, game_id: null })); }

/**
 * Whether this game is a guided one: the game asked for (its first open claims it) or claimed.
 * @param {string} game @param {string} gameId
 */
export function coachFor(game, gameId) {
  /** @type {{ game?: string, game_id?: string | null }} */
  let wanted = {};
  try { wanted = JSON.parse(localStorage.getItem(KEY) || "{}"); } catch (_) { return false; }
  if (wanted.game_id) return wanted.game_id === gameId;
  if (wanted.game !== game) return false;
  localStorage.setItem(KEY, JSON.stringify({ game, game_id: gameId }));
  return true;
}

export class Coach {
  /** @param {HTMLElement} el @param {HTMLElement} root @param {string} game @param {Lesson[]} lessons @param {AbortSignal} signal */
  constructor(el, root, game, lessons, signal) {
    this.el = el; this.root = root; this.game = game; this.lessons = lessons;
    this.at = 0;
    this.since = this.version();
    el.className = "card coach";
    el.setAttribute("aria-label", t("shell-coach-label"));
    el.addEventListener("click", (event) => {
      const act = targetOf(event).closest("[data-coach]")?.getAttribute("data-coach");
      if (act === "next") this.next();
      if (act === "end") this.end();
    }, { signal });
    // the screen redraws on every move: each redraw may show a lesson done
    const watch = new MutationObserver(() => this.check());
    watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "data-version"] });
    signal.addEventListener("abort", () => watch.disconnect());
    this.render();
  }

  version() { return Number(this.root.dataset.version || 0); }

  check() {
    const lesson = this.lessons[this.at];
    if (lesson?.done?.(this.root, this.since)) this.next();
  }

  next() { this.at = Math.min(this.at + 1, this.lessons.length); this.since = this.version(); this.render(); }

  end() { localStorage.removeItem(KEY); this.el.remove(); }

  render() {
    const lesson = this.lessons[this.at], last = !lesson;
    const text = last ? t("shell-coach-done") : t(`${this.game}-coach-${lesson.id}`);
    const step = last ? "" : t("shell-coach-step", { n: this.at + 1, of: this.lessons.length });
    const button = last ? `<button data-coach="end">${esc(t("shell-coach-end"))}</button>`
      : lesson.done ? `<button data-coach="next">${esc(t("shell-coach-skip"))}</button>` : `<button class="primary" data-coach="next">${esc(t("shell-coach-next"))}</button>`;
    const html = `<h2>${esc(t("shell-coach-title"))} <span class="muted coach-step">${esc(step)}</span></h2>` +
      `<p class="coach-text" role="status" data-lesson="${esc(last ? "done" : lesson.id)}">${esc(text)}</p><div class="actions">${button}</div>`;
    if (this.el.innerHTML !== html) this.el.innerHTML = html;
  }
}
