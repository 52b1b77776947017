// Playback of what others did: the views that follow other seats' moves (bots resolve a whole
// round or turn in a blink) are shown one by one with a short pause between them,
// which the player sets ("speed", kept in localStorage and shared with the replay's autoplay)
// or cuts short ("skip": straight to the latest view, where the player's next decision waits).
// The player may also pause it and step through it one move at a time (issue 33: a round of simultaneous plans
// resolves in a blink; told step by step, each action shows on the map where it happens).
// Versions are never reordered or dropped.

import { esc, find, targetOf } from "./widgets.js";
import { t } from "./i18n.js";

const PACE_KEY = "daimyo.pace";
export const PACES = [["0", "shell-pace-instant"], ["350", "shell-pace-fast"], ["800", "shell-pace-normal"], ["1600", "shell-pace-slow"], ["3200", "shell-pace-very-slow"]];

export function pace() {
  const stored = localStorage.getItem(PACE_KEY);
  return stored === null ? 800 : Math.max(0, Math.min(5000, Number(stored) || 0));
}

/** @param {number | string} ms */
export function setPace(ms) { localStorage.setItem(PACE_KEY, String(ms)); }

/** The speed select, for any toolbar. */
export function paceSelect(id = "pace") {
  const now = String(pace());
  const options = PACES.map(([ms, name]) => `<option value="${ms}" ${ms === now ? "selected" : ""}>${esc(t(name))}</option>`).join("");
  return `<label class="muted pace" for="${id}">${esc(t("shell-pace-label"))} <select id="${id}" data-pace>${options}</select></label>`;
}

/** @template F */
export class Playback {
  /**
   * @param {HTMLElement} el @param {(frame: F) => void} show @param {(frame: F) => boolean} isOthers
   * @param {AbortSignal} signal @param {(frame: F) => boolean} [holdAt] a frame that is a step of
   *   its own (a season's end, say): at any speed but "instant" the playback pauses after showing it
   */
  constructor(el, show, isOthers, signal, holdAt = () => false) {
    this.el = el; this.show = show; this.isOthers = isOthers; this.holdAt = holdAt;
    /** @type {F[]} */
    this.queue = [];
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.nextAt = 0;
    /** @type {HTMLElement | null} */
    this.count = null;
    /** @type {HTMLElement | null} */
    this.button = null;
    /** @type {HTMLButtonElement | null} */
    this.pauser = null;
    /** @type {HTMLElement | null} */
    this.stepper = null;
    this.paused = false;
    el.addEventListener("click", (event) => {
      const target = targetOf(event);
      if (target.closest("[data-skip]")) this.skip();
      if (target.closest("[data-pause]")) this.toggle();
      if (target.closest("[data-step-one]")) this.step();
    }, { signal });
    el.addEventListener("change", (event) => {
      const target = /** @type {HTMLSelectElement} */ (event.target);
      if (target.matches("[data-pace]")) setPace(target.value);
    }, { signal });
    signal.addEventListener("abort", () => clearTimeout(this.timer ?? undefined));
    this.render();
  }

  /** @param {F} frame */
  push(frame) { this.queue.push(frame); this.pump(); }

  pump() {
    if (this.timer) return;
    if (this.paused) { this.render(); return; }
    while (this.queue.length) {
      const wait = this.nextAt - Date.now();
      if (wait > 0) { this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait); break; }
      const frame = /** @type {F} */ (this.queue.shift());
      this.show(frame);
      if (this.isOthers(frame)) this.nextAt = Date.now() + pace();
      if (pace() > 0 && this.holdAt(frame)) { this.paused = true; break; }
    }
    this.render();
  }

  skip() {
    clearTimeout(this.timer ?? undefined); this.timer = null; this.nextAt = 0;
    this.paused = false;
    while (this.queue.length) this.show(/** @type {F} */ (this.queue.shift()));
    this.render();
  }

  /** Pause the playback, or play on from where it stands. */
  toggle() {
    this.paused = !this.paused;
    clearTimeout(this.timer ?? undefined); this.timer = null;
    if (!this.paused) this.nextAt = 0;
    this.pump();
  }

  /** One move on, then paused: the player reads each step at their own pace. */
  step() {
    clearTimeout(this.timer ?? undefined); this.timer = null;
    this.paused = true;
    const frame = this.queue.shift();
    if (frame !== undefined) this.show(frame);
    this.render();
  }

  // Drawn once; later only the count and the button's visibility change, so a click on Skip
  // never lands on a button that was just replaced.
  render() {
    if (!this.count || !this.button || !this.pauser || !this.stepper) {
      this.el.innerHTML = `${paceSelect()}<span class="muted" data-waiting hidden></span>` +
        `<button type="button" data-pause aria-pressed="false" hidden></button><button type="button" data-step-one hidden>${esc(t("shell-step-one"))}</button>` +
        `<button type="button" data-skip hidden title="${esc(t("shell-skip-title"))}">${esc(t("shell-skip"))}</button>`;
      this.count = find(this.el, "[data-waiting]");
      this.button = find(this.el, "[data-skip]");
      this.pauser = find(this.el, "[data-pause]", HTMLButtonElement);
      this.stepper = find(this.el, "[data-step-one]");
    }
    const waiting = this.queue.length;
    this.count.hidden = this.button.hidden = this.stepper.hidden = !waiting;
    this.pauser.hidden = !waiting && !this.paused;
    const word = t(this.paused ? "shell-play-on" : "shell-pause");
    if (this.pauser.textContent !== word) this.pauser.textContent = word;
    this.pauser.setAttribute("aria-pressed", String(this.paused));
    this.count.textContent = waiting ? t(this.paused ? "shell-paused-at" : "shell-playing-back", { count: waiting }) : "";
  }
}
