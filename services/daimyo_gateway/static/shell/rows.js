// The rows of "My games" as HTML, with no page involved: the game, who plays, whose turn it is
// (or who won), the time left as the ticker in shell/mine.js counts it down, the clock's kind and
// the link to open the game.

import { formatList, t } from "./i18n.js";
import { esc, seatName } from "./widgets.js";

/** @type {Record<string, string>} the clock kinds "My games" names (others read "no clock") */
const CLOCKS = { live: "shell-clock-kind-live", correspondence: "shell-clock-kind-correspondence" };

/**
 * One of the player's games as /api/my-games lists it.
 * @typedef {object} MyGame
 * @property {string} game_id
 * @property {string} game
 * @property {number} version
 * @property {string} status
 * @property {number | null} seat
 * @property {(import("./widgets.js").Seat & { seat: number })[]} seats
 * @property {number[]} winners
 * @property {number[]} to_act
 * @property {boolean} your_turn
 * @property {number | null} time_left_ms
 * @property {number} now_ms
 * @property {string} [time_control]
 */

/** @param {MyGame} g @param {Record<string, string>} titles */
export function rowHtml(g, titles) {
  const names = g.seats.map((s) => esc(s.seat === g.seat ? t("shell-you") : seatName(g.seats, s.seat))).join(", ");
  const over = g.status === "finished";
  let turn;
  if (over) turn = esc(g.winners.length ? t("shell-won-by", { names: formatList(g.winners.map((s) => (s === g.seat ? t("shell-you-object") : seatName(g.seats, s)))) }) : t("shell-finished"));
  else if (g.your_turn) turn = `<strong class="your-turn">${esc(t("shell-your-turn"))}</strong>`;
  else turn = g.to_act.length ? esc(t("shell-to-play", { names: formatList(g.to_act.map((s) => seatName(g.seats, s))) })) : "";
  const left = over || g.time_left_ms === null ? "—" : `<span data-left="${g.time_left_ms}" data-at="${g.now_ms}"></span>`;
  const link = over ? `<a href="#/replay/${esc(g.game_id)}">${esc(t("shell-replay"))}</a>` : `<a href="#/game/${esc(g.game_id)}">${esc(t(g.your_turn ? "shell-play" : "shell-open"))}</a>`;
  return `<tr class="${g.your_turn && !over ? "mine-to-act" : ""}" data-game="${esc(g.game_id)}"><td>${esc(titles[g.game] || g.game)}</td><td>${names}</td>` +
    `<td>${turn}</td><td>${left}</td><td class="muted">${esc(t(CLOCKS[g.time_control ?? ""] || "shell-no-clock"))}</td><td>${link}</td></tr>`;
}
