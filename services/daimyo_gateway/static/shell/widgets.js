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
