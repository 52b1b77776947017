// The lobby's "friends online": the players the signed-in account follows who are online now,
// as the gateway's presence tells it (GET /api/account/friends-online: at most a dozen names, and
// how many more). Drawn only when someone is there — a guest follows nobody, and a gateway
// without accounts answers 404 — so a lobby without friends stays as it was. The list follows
// the friends while the lobby shows: asked again every FRIENDS_POLL_MS (a friend who comes or
// goes), and at once when the gateway says a name shown changed (a `names` frame).

import { get } from "./api.js";
import { t } from "./i18n.js";
import { esc } from "./widgets.js";

/** @typedef {{ friends: string[], more: number }} FriendsOnline */

export const FRIENDS_POLL_MS = 10_000;

/** The section's HTML, or "" when nobody followed is online. @param {FriendsOnline} online */
export function friendsHtml(online) {
  if (!online.friends.length) return "";
  const links = online.friends.map((name) => `<li><a href="/players/${encodeURIComponent(name)}">${esc(name)}</a></li>`).join("");
  const more = online.more > 0 ? `<p class="muted">${esc(t("shell-friends-online-more", { count: online.more }))}</p>` : "";
  return `<h2>${esc(t("shell-friends-online"))}</h2><ul class="friends-online">${links}</ul>${more}`;
}

/** Fill `el` with the friends online (left empty and hidden on any refusal). @param {HTMLElement} el */
export async function friendsOnlineInto(el) {
  try {
    el.innerHTML = friendsHtml(/** @type {FriendsOnline} */ (await get("/api/account/friends-online")));
  } catch (_) { el.innerHTML = ""; }
  el.hidden = el.innerHTML === "";
}

/** Keep `el` filled with the friends online while the lobby shows; returns `reload` (a name
 *  changed) and `stop`. @param {HTMLElement} el */
export function followFriendsOnline(el) {
  const reload = () => { void friendsOnlineInto(el); };
  reload();
  const poll = setInterval(() => { if (document.visibilityState !== "hidden") reload(); }, FRIENDS_POLL_MS);
  return { reload, stop: () => clearInterval(poll) };
}
