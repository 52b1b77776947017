// Small pieces every screen shares, whatever the game: escaping text for HTML, a seat's name,
// and the toast that shows errors and notices.

import { t } from "./i18n.js";

/** @param {unknown} text */
export const esc = (text) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A seat as the gateway describes it in a game's info (more fields travel; these are read here).
 * @typedef {{ display_name?: string | null, bot_level?: string | null, mine?: boolean, deleted?: boolean }} Seat
 */

/** @param {Seat[] | null | undefined} seats @param {number} seat */
export function seatName(seats, seat) {
  const s = seats?.[seat];
  if (!s) return t("shell-seat-number", { seat: seat + 1 });
  // a bot's seat is named by its level in the player's language (the server's display name is English)
  const name = s.bot_level ? t("shell-bot-named", { level: botLevelName(s.bot_level) })
    : s.deleted ? t("shell-deleted-player") : s.display_name || t("shell-seat-number", { seat: seat + 1 });
  const twins = /** @type {Seat[]} */ (seats).filter((other) => (other.display_name || "") === (s.display_name || "")).length;
  return twins > 1 ? t("shell-name-with-seat", { name, seat: seat + 1 }) : name;
}

/** A bot level's name in the player's language (its code when the catalogue has none).
 *  @param {string} level */
export function botLevelName(level) {
  const id = `shell-bot-level-${level}`;
  const name = t(id);
  return name === id ? level : name;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** A short message; with `href` the message is a link (a challenge's table) and stays longer.
 *  @param {string} message @param {"error" | "info"} [kind] @param {string} [href] */
export function toast(message, kind = "error", href) {
  const el = /** @type {HTMLElement} */ (document.getElementById("toast"));
  el.textContent = message;
  if (href) {
    const link = document.createElement("a");
    link.href = href;
    link.textContent = message;
    link.addEventListener("click", () => { el.hidden = true; });
    el.replaceChildren(link);
  }
  el.className = `toast ${kind === "error" ? "" : "info"}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, href ? 30_000 : 4500);
}

// What names a focusable element across a redraw: its id, or the first data-* attribute it has.
/** @param {Element | null} el */
function focusKey(el) {
  if (!el || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const { name, value } of el.attributes) {
    if (name.startsWith("data-")) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

/** Run `redraw` (which replaces the HTML inside `root`) and give focus back to the same control,
 *  or, when it is gone, to the first match of `fallback`.
 *  @param {HTMLElement} root @param {() => unknown} redraw @param {string | null} [fallback] */
export function keepFocus(root, redraw, fallback = null) {
  const key = root.contains(document.activeElement) && document.activeElement !== root ? focusKey(document.activeElement) : null;
  redraw();
  if (!key) return;
  /** @type {(HTMLElement & { disabled?: boolean } | null)[]} */
  const found = [root.querySelector(key), fallback ? root.querySelector(fallback) : null];
  const again = found.find((el) => el && !el.disabled);
  again?.focus({ preventScroll: true });
}

/**
 * The element under `root` that `selector` names, in HTML the caller has just drawn (so it is
 * there): what the DOM gives as `Element | null`, typed as the element the caller knows it is
 * (`kind`, e.g. HTMLInputElement, only says so to the type checker; nothing is checked).
 * @template {Element} [T=HTMLElement]
 * @param {ParentNode} root @param {string} selector @param {{ prototype: T }} [_kind]
 * @returns {T}
 */
export function find(root, selector, _kind) { return /** @type {T} */ (root.querySelector(selector)); }

/** Every element under `root` that `selector` names, typed as the caller knows them.
 * @template {Element} [T=HTMLElement]
 * @param {ParentNode} root @param {string} selector @param {{ prototype: T }} [_kind]
 * @returns {NodeListOf<T>} */
export function findAll(root, selector, _kind) { return root.querySelectorAll(selector); }

/** What a caught error says (errors thrown here and by fetch are Errors). @param {unknown} error */
export const messageOf = (error) => /** @type {Error} */ (error).message;

/** What an event from the page happened on (events here come from elements, never from window).
 * @param {Event} event */
export const targetOf = (event) => /** @type {HTMLElement} */ (event.target);
