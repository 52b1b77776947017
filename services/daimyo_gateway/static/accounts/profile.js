// @ts-check
// A player's public profile (/players/<name>): member since, games played and won, each game's
// rating with its history as an SVG chart ("?" while provisional), recent games with replay
// links; a signed-in visitor may follow or block the player.

import { ApiError, call, get, session } from "../shell/api.js";
import { accountLanguage } from "../shell/account-language.js";
import { formatDate, formatNumber, localize, startI18n, t } from "../shell/i18n.js";
import { ratingPath } from "./chart.js";

const SVG = "http://www.w3.org/2000/svg";
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const name = decodeURIComponent(location.pathname.split("/").pop() || "");

/** @param {any} rating */
function chart(rating) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 320 120");
  svg.setAttribute("class", "rating-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("accounts-chart-label", { game: rating.game, games: rating.games }));
  const { d, points } = ratingPath(rating.history.map((/** @type {any} */ p) => p.ordinal), 320, 120);
  const line = document.createElementNS(SVG, "path");
  line.setAttribute("d", d);
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "currentColor");
  line.setAttribute("stroke-width", "2");
  svg.append(line, ...points.map((p) => {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", String(p.x));
    dot.setAttribute("cy", String(p.y));
    dot.setAttribute("r", "3");
    return dot;
  }));
  return svg;
}

/** @param {any} rating */
function ratingBlock(rating) {
  const block = document.createElement("div");
  block.className = "rating";
  block.dataset.game = rating.game;
  const title = document.createElement("h3");
  title.textContent = t("accounts-rating", { game: rating.game,
    rating: rating.provisional ? "?" : formatNumber(rating.ordinal, { maximumFractionDigits: 1 }), games: rating.games });
  block.append(title, chart(rating));
  return block;
}

/** @param {any} game */
function recentItem(game) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = `/#/replay/${encodeURIComponent(game.game_id)}`;
  const others = game.seats.map((/** @type {any} */ s) => (s.deleted ? t("accounts-deleted-player") : s.display_name));
  link.textContent = t(game.winners.includes(game.my_seat) ? "accounts-recent-won" : "accounts-recent-played",
    { game: game.game, players: others.join(", ") });
  item.append(link);
  return item;
}

/** A private table with this player, who is told at once; the challenger waits there. */
async function challenge() {
  try {
    const table = await call("POST", "/api/account/challenge", { name });
    location.href = `/#/table/${encodeURIComponent(table.code)}`;
  } catch (error) {
    const code = error instanceof ApiError ? error.code : "unavailable";
    $("profile-status").textContent = t(`accounts-error-${code}`);
  }
}

/** @param {"follow" | "block"} what */
async function relate(what) {
  try {
    await call("POST", `/api/account/${what}`, { name });
    $("profile-status").textContent = t(what === "follow" ? "accounts-followed" : "accounts-blocked", { name });
  } catch (error) {
    const code = error instanceof ApiError ? error.code : "unavailable";
    $("profile-status").textContent = t(`accounts-error-${code}`);
  }
}

async function render() {
  const profile = await get(`/api/players/${encodeURIComponent(name)}`);
  $("profile-name").textContent = profile.name;
  $("profile-since").textContent = t("accounts-member-since", { date: formatDate(Number(profile.member_since_ms), { dateStyle: "long" }) });
  $("profile-record").textContent = t("accounts-played-won", { played: profile.played, won: profile.won });
  $("ratings").replaceChildren(...profile.ratings.map(ratingBlock));
  $("recent").replaceChildren(...profile.recent.map(recentItem));
  const signedIn = Boolean(session());
  $("follow").hidden = !signedIn;
  $("challenge").hidden = !signedIn;
  $("block").hidden = !signedIn;
}

await startI18n(["/static/shell/", "/static/accounts/"], () => accountLanguage());
localize(document.body);
$("follow").addEventListener("click", () => void relate("follow"));
$("block").addEventListener("click", () => void relate("block"));
$("challenge").addEventListener("click", () => void challenge());
try {
  await render();
  document.title = t("accounts-profile-title-name", { name: $("profile-name").textContent || name });
} catch (error) {
  $("profile-status").textContent = t(error instanceof ApiError && error.code === "not_found" ? "accounts-error-no_player" : "accounts-error-other");
}
