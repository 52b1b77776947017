// @ts-check
// On the page: the favicon carries how many games await this player's move (the tab title says it
// too, shell/notices.js), and a live game's turn shows a notice while the tab is hidden — from the
// page itself (its socket is open), through the service worker's registration, when the player
// allowed notices and switched this on.

import { t } from "../shell/i18n.js";

const HIDDEN_KEY = "daimyo.notices.live";
/** @type {string | null} the page's own icon, restored at zero */
let plainIcon = null;

export function liveWhileHidden() { return localStorage.getItem(HIDDEN_KEY) === "1"; }

/** @param {boolean} on */
export function setLiveWhileHidden(on) { localStorage.setItem(HIDDEN_KEY, on ? "1" : "0"); }

/** The favicon as an SVG data URL with `count` in a disc (none at zero). @param {number} count */
export function iconWithCount(count) {
  const hexagon = "<polygon points='4,1 12,1 16,8 12,15 4,15 0,8' fill='%23b3261e'/>";
  if (count <= 0) return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E${hexagon}%3C/svg%3E`;
  const label = count > 9 ? "9+" : String(count);
  const disc = `<circle cx='11' cy='11' r='5' fill='%23f6efe1' stroke='%23b3261e'/><text x='11' y='13.5' font-size='${label.length > 1 ? 5.5 : 7}' text-anchor='middle' font-family='sans-serif' font-weight='bold' fill='%23b3261e'>${label}</text>`;
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E${hexagon}${disc}%3C/svg%3E`;
}

/** Show `count` on the tab's icon. @param {number} count */
export function showCount(count) {
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel='icon']"));
  if (!link) return;
  plainIcon ??= link.href;
  link.href = count > 0 ? iconWithCount(count) : plainIcon;
  link.dataset.count = String(count);
}

/**
 * A `your_turn` socket notice while the tab is hidden: a notice from the page (live games only;
 * correspondence turns come as pushes from the notifier).
 * @param {Record<string, any>} notice
 */
export async function whileHidden(notice) {
  if (!document.hidden || notice.time_control !== "live" || !liveWhileHidden()) return;
  if (!("serviceWorker" in navigator) || !("Notification" in window) || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const name = String(notice.game || "");
  await registration?.showNotification(t("notices-push-your_turn-title"), {
    body: t("notices-push-your_turn-body", { game: name.charAt(0).toUpperCase() + name.slice(1) }),
    tag: `${notice.game_id}:${notice.version}:your_turn`,
    data: { url: `/#/game/${notice.game_id}` },
    icon: "/static/notices/icon.svg",
  });
}
