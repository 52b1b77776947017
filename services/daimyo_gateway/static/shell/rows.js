// The rows of "My games" as HTML, with no page involved: the game, who plays, whose turn it is
// (or who won), the time left as the ticker in shell/mine.js counts it down, the clock's kind and
// the link to open the game.

import { esc, seatName } from "./widgets.js";

/** @type {Record<string, string>} */
const CLOCKS = { live: "live", correspondence: "correspondence" };

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
  const names = g.seats.map((s) => esc(s.seat === g.seat ? "You" : seatName(g.seats, s.seat))).join(", ");
  const over = g.status === "finished";
  let turn;
  if (over) turn = g.winners.length ? `Won by ${g.winners.map((s) => esc(s === g.seat ? "you" : seatName(g.seats, s))).join(" and ")}` : "Finished";
  else if (g.your_turn) turn = `<strong class="your-turn">Your turn</strong>`;
  else turn = g.to_act.length ? `${g.to_act.map((s) => esc(seatName(g.seats, s))).join(", ")} to play` : "";
  const left = over || g.time_left_ms === null ? "—" : `<span data-left="${g.time_left_ms}" data-at="${g.now_ms}"></span>`;
  const link = over ? `<a href="#/replay/${esc(g.game_id)}">Replay</a>` : `<a href="#/game/${esc(g.game_id)}">${g.your_turn ? "Play" : "Open"}</a>`;
  return `<tr class="${g.your_turn && !over ? "mine-to-act" : ""}" data-game="${esc(g.game_id)}"><td>${esc(titles[g.game] || g.game)}</td><td>${names}</td>` +
    `<td>${turn}</td><td>${left}</td><td class="muted">${esc(CLOCKS[g.time_control ?? ""] || "no clock")}</td><td>${link}</td></tr>`;
}
