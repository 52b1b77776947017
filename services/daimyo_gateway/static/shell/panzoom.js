// Pan and zoom for any game's SVG board: the game draws its <svg> (with its full viewBox) into
// `board` as often as it likes and calls `apply()` after each drawing; this widget keeps the
// zoom and centre across drawings by rewriting the viewBox. Pinch (two pointers), drag (one
// pointer, once zoomed in), ctrl+wheel / trackpad pinch, the +/−/fit buttons and the keys
// + - 0 (and the arrow keys on the frame itself) all move the same view. A drag never clicks.
// The svg gets `--pz-k` (SVG units per CSS pixel) so a game's labels can keep a readable size.

import { esc, find, targetOf } from "./widgets.js";
import { t } from "./i18n.js";

/** @param {number} v @param {number} lo @param {number} hi */
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/** @typedef {{ x: number, y: number, sx: number, sy: number }} Pointer where a pointer is, and where it went down */

export class PanZoom {
  /**
   * @param {HTMLElement} frame @param {HTMLElement} board
   * @param {{ signal?: AbortSignal, maxZoom?: number, initialZoom?: (width: number) => number }} [options]
   */
  constructor(frame, board, { signal, maxZoom = 5, initialZoom = () => 1 } = {}) {
    this.frame = frame; this.board = board; this.maxZoom = maxZoom; this.initialZoom = initialZoom;
    /** @type {number | null} */
    this.zoom = null;
    this.cx = 0.5; this.cy = 0.5;
    /** @type {Map<number, Pointer>} */
    this.pointers = new Map();
    this.dragged = false;
    frame.classList.add("pz-frame");
    frame.insertAdjacentHTML("beforeend", `<div class="pz-controls" role="group" aria-label="${esc(t("shell-zoom-label"))}">` +
      `<button type="button" data-pz="in" aria-label="${esc(t("shell-zoom-in"))}">+</button><button type="button" data-pz="out" aria-label="${esc(t("shell-zoom-out"))}">−</button>` +
      `<button type="button" data-pz="fit" title="${esc(t("shell-zoom-fit-label"))}">${esc(t("shell-zoom-fit"))}</button></div>`);
    /** @template {keyof HTMLElementEventMap} K
     *  @param {HTMLElement} target @param {K} type @param {(event: HTMLElementEventMap[K]) => void} fn
     *  @param {AddEventListenerOptions} [opts] */
    const on = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { signal, ...opts });
    on(find(frame, ".pz-controls"), "click", (event) => this.button(event));
    on(board, "wheel", (event) => this.wheel(event), { passive: false });
    on(board, "pointerdown", (event) => this.down(event));
    on(board, "pointermove", (event) => this.moveTo(event));
    on(board, "pointerup", (event) => this.up(event));
    on(board, "pointercancel", (event) => this.up(event));
    on(board, "click", (event) => { if (this.dragged) { event.stopPropagation(); event.preventDefault(); this.dragged = false; } }, { capture: true });
    on(frame, "keydown", (event) => this.key(event));
    this.resize = new ResizeObserver(() => this.apply());
    this.resize.observe(board);
    signal?.addEventListener("abort", () => this.resize.disconnect());
  }

  svg() { return this.board.querySelector("svg"); }

  /** @param {SVGSVGElement} svg */
  base(svg) {
    if (!svg.dataset.base) svg.dataset.base = String(svg.getAttribute("viewBox"));
    return (svg.dataset.base ?? "").split(/[ ,]+/).map(Number);
  }

  /** @param {SVGSVGElement} svg */
  viewBox(svg) { return (svg.getAttribute("viewBox") ?? "").split(/[ ,]+/).map(Number); }

  /** Rewrite the drawn svg's viewBox for the current zoom and centre. */
  apply() {
    const svg = this.svg();
    if (!svg || !svg.clientWidth) return;
    const [bx, by, bw, bh] = this.base(svg);
    if (this.zoom === null) this.zoom = clamp(this.initialZoom(svg.clientWidth), 1, this.maxZoom);
    const aspect = svg.clientHeight / svg.clientWidth || bh / bw;
    let w = bw / this.zoom, h = bh / this.zoom;
    if (h / w < aspect) h = w * aspect; else w = h / aspect; // fill the element's shape
    const x = bw > w ? clamp(bx + this.cx * bw - w / 2, bx, bx + bw - w) : bx + (bw - w) / 2;
    const y = bh > h ? clamp(by + this.cy * bh - h / 2, by, by + bh - h) : by + (bh - h) / 2;
    this.cx = (x + w / 2 - bx) / bw; this.cy = (y + h / 2 - by) / bh;
    svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    svg.style.setProperty("--pz-k", (w / svg.clientWidth).toFixed(3));
    svg.style.touchAction = this.zoom > 1.01 ? "none" : "pan-x pan-y";
    this.frame.dataset.zoom = this.zoom.toFixed(2);
  }

  /** Zoom by `factor` keeping the point at (fx, fy) (fractions of the visible area) in place.
   *  @param {number} factor */
  zoomBy(factor, fx = 0.5, fy = 0.5) {
    const svg = this.svg();
    if (!svg) return;
    const [, , bw, bh] = this.base(svg);
    const [, , w, h] = this.viewBox(svg);
    const zoom = /** @type {number} */ (this.zoom); // a drawn board has been applied once
    const next = clamp(zoom * factor, 1, this.maxZoom), scale = zoom / next;
    this.cx += ((fx - 0.5) * w * (1 - scale)) / bw;
    this.cy += ((fy - 0.5) * h * (1 - scale)) / bh;
    this.zoom = next;
    this.apply();
  }

  /** @param {number} dxPixels @param {number} dyPixels */
  panBy(dxPixels, dyPixels) {
    const svg = this.svg();
    if (!svg) return;
    const [, , bw, bh] = this.base(svg);
    const k = this.viewBox(svg)[2] / svg.clientWidth;
    this.cx -= (dxPixels * k) / bw; this.cy -= (dyPixels * k) / bh;
    this.apply();
  }

  /** Centre the view on a point in the board's own (base viewBox) units, e.g. the player's pieces.
   *  @param {number} x @param {number} y */
  centreOn(x, y) {
    const svg = this.svg();
    if (!svg) return;
    const [bx, by, bw, bh] = this.base(svg);
    this.cx = (x - bx) / bw; this.cy = (y - by) / bh;
    this.apply();
  }

  /** Zoom to where a player may act on a board too big for a phone: every element of `els` in
   *  view with a margin when that leaves each at least `minPx` CSS pixels wide (a finger's
   *  width); else zoomed to that size and centred on the element nearest their middle.
   *  @param {Element[]} els @param {{ margin?: number, minPx?: number }} [options] */
  fitTo(els, { margin = 1.3, minPx = 0 } = {}) {
    const svg = this.svg(), ctm = svg?.getScreenCTM(), zoom = this.zoom ?? 1;
    if (!svg || !ctm || !els.length) return;
    const back = ctm.inverse();
    const boxes = els.map((el) => {
      const r = el.getBoundingClientRect();
      const [a, b] = [new DOMPoint(r.left, r.top).matrixTransform(back), new DOMPoint(r.right, r.bottom).matrixTransform(back)];
      return { x0: a.x, y0: a.y, x1: b.x, y1: b.y, px: r.width };
    });
    const [x0, y0] = [Math.min(...boxes.map((b) => b.x0)), Math.min(...boxes.map((b) => b.y0))];
    const [x1, y1] = [Math.max(...boxes.map((b) => b.x1)), Math.max(...boxes.map((b) => b.y1))];
    const [, , bw, bh] = this.base(svg);
    const fit = Math.min(bw / ((x1 - x0 || 1) * margin), bh / ((y1 - y0 || 1) * margin));
    const touch = minPx * zoom / Math.max(1, Math.min(...boxes.map((b) => b.px)));
    this.zoom = clamp(Math.max(fit, touch), 1, this.maxZoom);
    const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
    const middle = (/** @type {typeof boxes[0]} */ b) => Math.hypot((b.x0 + b.x1) / 2 - mx, (b.y0 + b.y1) / 2 - my);
    const near = fit >= touch ? null : boxes.reduce((best, b) => (middle(b) < middle(best) ? b : best));
    this.centreOn(near ? (near.x0 + near.x1) / 2 : mx, near ? (near.y0 + near.y1) / 2 : my);
  }

  /** Bring an element of the board into view (keyboard focus on a part hidden by the zoom).
   *  @param {Element} el */
  reveal(el) {
    const svg = this.svg(), box = el.getBoundingClientRect(), view = svg?.getBoundingClientRect();
    if (!svg || !view || !box.width) return;
    const dx = box.left < view.left ? view.left - box.left + 20 : box.right > view.right ? view.right - box.right - 20 : 0;
    const dy = box.top < view.top ? view.top - box.top + 20 : box.bottom > view.bottom ? view.bottom - box.bottom - 20 : 0;
    if (dx || dy) this.panBy(dx, dy);
  }

  /** @param {MouseEvent} event */
  button(event) {
    const act = targetOf(event).closest("[data-pz]")?.getAttribute("data-pz");
    if (act === "in") this.zoomBy(1.5);
    if (act === "out") this.zoomBy(1 / 1.5);
    if (act === "fit") { this.zoom = 1; this.cx = this.cy = 0.5; this.apply(); }
  }

  /** @param {WheelEvent} event */
  wheel(event) {
    if (!event.ctrlKey && !event.metaKey) return; // a plain wheel scrolls the page
    event.preventDefault();
    const r = /** @type {SVGSVGElement} */ (this.svg()).getBoundingClientRect();
    this.zoomBy(Math.exp(-event.deltaY / 200), (event.clientX - r.left) / r.width, (event.clientY - r.top) / r.height);
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = targetOf(event);
    if (target.closest?.("input, select, textarea")) return;
    /** @type {Record<string, number>} */
    const keys = { "+": 1.5, "=": 1.5, "-": 1 / 1.5, _: 1 / 1.5 };
    if (keys[event.key]) { event.preventDefault(); this.zoomBy(keys[event.key]); return; }
    if (event.key === "0") { this.zoom = 1; this.apply(); return; }
    /** @type {Record<string, [number, number]>} */
    const pans = { ArrowLeft: [60, 0], ArrowRight: [-60, 0], ArrowUp: [0, 60], ArrowDown: [0, -60] };
    const pan = pans[event.key];
    if (!pan) return;
    if (target === this.frame) { event.preventDefault(); this.panBy(...pan); return; }
    if (this.board.contains(target) && target.getAttribute("tabindex") === "0") {
      event.preventDefault();
      this.step(target, -Math.sign(pan[0]), -Math.sign(pan[1]));
    }
  }

  /** Arrow keys on the board: focus the nearest focusable piece in that direction.
   *  @param {Element} from @param {number} dx @param {number} dy */
  step(from, dx, dy) {
    /** @param {Element} el */
    const centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
    const [x0, y0] = centre(from);
    /** @type {HTMLElement | SVGElement | null} */
    let best = null;
    let bestScore = Infinity;
    for (const el of /** @type {NodeListOf<HTMLElement | SVGElement>} */ (this.board.querySelectorAll('[tabindex="0"]'))) {
      if (el === from) continue;
      const [x, y] = centre(el), ahead = (x - x0) * dx + (y - y0) * dy;
      if (ahead <= 1) continue;
      const side = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
      const score = ahead + 2 * side;
      if (score < bestScore) { best = el; bestScore = score; }
    }
    if (best) { best.focus({ preventScroll: true }); this.reveal(best); }
  }

  /** @param {PointerEvent} event */
  down(event) {
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, sx: event.clientX, sy: event.clientY });
    if (this.pointers.size === 1) this.dragged = false;
  }

  /** @param {PointerEvent} event */
  moveTo(event) {
    const p = this.pointers.get(event.pointerId);
    if (!p) return;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = event.clientX; p.y = event.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      const r = /** @type {SVGSVGElement} */ (this.svg()).getBoundingClientRect();
      if (before > 0) this.zoomBy(after / before, ((a.x + b.x) / 2 - r.left) / r.width, ((a.y + b.y) / 2 - r.top) / r.height);
      this.dragged = true;
      return;
    }
    const dx = event.clientX - p.x, dy = event.clientY - p.y;
    p.x = event.clientX; p.y = event.clientY;
    if (/** @type {number} */ (this.zoom) <= 1.01) return;
    if (!this.dragged && Math.hypot(p.x - p.sx, p.y - p.sy) < 6) return;
    if (!this.dragged) this.board.setPointerCapture?.(event.pointerId);
    this.dragged = true;
    this.panBy(dx, dy);
  }

  /** @param {PointerEvent} event */
  up(event) { this.pointers.delete(event.pointerId); }
}
