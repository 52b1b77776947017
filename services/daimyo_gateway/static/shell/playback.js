// Playback of what others did: the views that follow other seats' moves (bots resolve a whole
// round or turn in a blink) are shown one by one with a short pause between them,
// which the player sets ("speed", kept in localStorage and shared with the replay's autoplay)
// or cuts short ("skip": straight to the latest view). Versions are never reordered or dropped.

const PACE_KEY = "daimyo.pace";
export const PACES = [["0", "instant"], ["350", "fast"], ["800", "normal"], ["1600", "slow"]];

export function pace() {
  const stored = localStorage.getItem(PACE_KEY);
  return stored === null ? 800 : Math.max(0, Math.min(5000, Number(stored) || 0));
}

export function setPace(ms) { localStorage.setItem(PACE_KEY, String(ms)); }

/** The speed select, for any toolbar. */
export function paceSelect(id = "pace") {
  const now = String(pace());
  const options = PACES.map(([ms, name]) => `<option value="${ms}" ${ms === now ? "selected" : ""}>${name}</option>`).join("");
  return `<label class="muted pace" for="${id}">Speed <select id="${id}" data-pace>${options}</select></label>`;
}

export class Playback {
  constructor(el, show, isOthers, signal) {
    Object.assign(this, { el, show, isOthers });
    this.queue = []; this.timer = null; this.nextAt = 0;
    el.addEventListener("click", (event) => { if (event.target.closest("[data-skip]")) this.skip(); }, { signal });
    el.addEventListener("change", (event) => { if (event.target.matches("[data-pace]")) setPace(event.target.value); }, { signal });
    signal.addEventListener("abort", () => clearTimeout(this.timer));
    this.render();
  }

  push(frame) { this.queue.push(frame); this.pump(); }

  pump() {
    if (this.timer) return;
    while (this.queue.length) {
      const wait = this.nextAt - Date.now();
      if (wait > 0) { this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait); break; }
      const frame = this.queue.shift();
      this.show(frame);
      if (this.isOthers(frame)) this.nextAt = Date.now() + pace();
    }
    this.render();
  }

  skip() {
    clearTimeout(this.timer); this.timer = null; this.nextAt = 0;
    while (this.queue.length) this.show(this.queue.shift());
    this.render();
  }

  // Drawn once; later only the count and the button's visibility change, so a click on Skip
  // never lands on a button that was just replaced.
  render() {
    if (!this.count) {
      this.el.innerHTML = `${paceSelect()}<span class="muted" data-waiting hidden></span><button type="button" data-skip hidden>Skip ▸▸</button>`;
      this.count = this.el.querySelector("[data-waiting]");
      this.button = this.el.querySelector("[data-skip]");
    }
    const waiting = this.queue.length;
    this.count.hidden = this.button.hidden = !waiting;
    this.count.textContent = waiting ? `playing back · ${waiting} more` : "";
  }
}
