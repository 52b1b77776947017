// Small pieces every screen shares, whatever the game: escaping text for HTML, a seat's name,
// and the toast that shows errors and notices.

export const esc = (text) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function seatName(seats, seat) {
  const s = seats?.[seat];
  if (!s) return `Seat ${seat + 1}`;
  const name = s.display_name || (s.bot_level ? `Bot (${s.bot_level})` : `Seat ${seat + 1}`);
  const twins = seats.filter((other) => (other.display_name || "") === (s.display_name || "")).length;
  return twins > 1 ? `${name} ${seat + 1}` : name;
}

export function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `toast ${kind === "error" ? "" : "info"}`;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 4500);
}

// What names a focusable element across a redraw: its id, or the first data-* attribute it has.
function focusKey(el) {
  if (!el || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const { name, value } of el.attributes) {
    if (name.startsWith("data-")) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

/** Run `redraw` (which replaces the HTML inside `root`) and give focus back to the same control,
 *  or, when it is gone, to the first match of `fallback`. */
export function keepFocus(root, redraw, fallback = null) {
  const key = root.contains(document.activeElement) && document.activeElement !== root ? focusKey(document.activeElement) : null;
  redraw();
  if (!key) return;
  const again = [root.querySelector(key), fallback && root.querySelector(fallback)].find((el) => el && !el.disabled);
  again?.focus({ preventScroll: true });
}
