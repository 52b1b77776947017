// Read-only pieces of a game screen shared by play, spectate and replay: the players with
// what each may see of their captures, the move log, and the final scoring explained.

import { esc, seatName } from "../../shell/widgets.js";
import { hexLabel } from "./board.js";
import { FIGURES, SEAT_COLORS, tileName, figureName } from "./tiles.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Effect} Effect */
/** @typedef {import("./wire.js").LogLine} LogLine */
/** @typedef {import("../../shell/widgets.js").Seat} Seat */

/** @param {import("./wire.js").FigureCounts} counts */
function figCounts(counts) {
  return FIGURES.map((f) => `<span class="fig ${f}" title="${figureName(f)}"><i></i>${counts[f]}</span>`).join("");
}

/** @param {View} view @param {Seat[]} seats @param {number | null} mySeat */
export function playersPanel(view, seats, mySeat) {
  const rows = [];
  for (let s = 0; s < view.players; s++) {
    const active = (view.to_act || []).includes(s);
    const seen = view.captured?.[String(s)];
    const caps = seen ? figCounts(seen) : `<span class="muted">${view.captured_totals[s]} captured (hidden)</span>`;
    const tag = s === mySeat ? " <span class=\"muted\">(you)</span>" : "";
    rows.push(`<div class="p${active ? " active" : ""}" data-seat="${s}">` +
      `<span class="swatch" style="background:${SEAT_COLORS[s]}"></span>` +
      `<span>${esc(seatName(seats, s))}${tag}</span>` +
      `<span class="muted" title="tiles in hand · left in the draw stack">hand ${view.hand_sizes[s]} · stack ${view.stack_sizes[s]}</span>` +
      `<span class="caps">${caps}</span></div>`);
  }
  const aside = FIGURES.some((f) => view.set_aside[f]) ? `<div class="explain">Set aside (ties): ${figCounts(view.set_aside)}</div>` : "";
  return `<section class="card players" aria-label="Players"><h3>Players</h3>${rows.join("")}${aside}</section>`;
}

/** @param {import("./wire.js").Effects} effects @returns {Effect[]} */
export function effectsList(effects) {
  if (Array.isArray(effects)) return effects;
  if (effects && Array.isArray(effects.public)) return effects.public;
  return [];
}

/** One log line per effect; `viewer` is the seat looking (their own draws are named).
 *  Fields an effect's type always carries are read as there (`effect.seat` of a placement).
 *  @param {Effect} effect @param {Seat[]} seats @param {number | null} viewer
 *  @returns {string | LogLine | null} */
export function describe(effect, seats, viewer) {
  const who = (/** @type {number | undefined} */ s) => esc(seatName(seats, /** @type {number} */ (s)));
  const at = (/** @type {string | undefined} */ hex) => hexLabel(/** @type {string} */ (hex));
  const named = (/** @type {string | undefined} */ tile) => tileName(/** @type {string} */ (tile));
  const figure = (/** @type {string | undefined} */ f) => figureName(/** @type {string} */ (f));
  switch (effect.type) {
    case "placed": return `${who(effect.seat)} placed ${named(effect.tile)} on ${at(effect.hex)}`;
    case "figures_swapped": {
      const [a, b] = /** @type {[import("./wire.js").FigureSpot, import("./wire.js").FigureSpot]} */ ([effect.a, effect.b]);
      return `${who(effect.seat)} swapped the ${a.figure} in ${hexLabel(a.settlement)} with the ${b.figure} in ${hexLabel(b.settlement)}`;
    }
    case "tiles_swapped": return `${who(effect.seat)} moved ${named(effect.tile)} from ${at(effect.from)} to ${at(effect.to)}`;
    case "captured": {
      const what = effect.figure ? `a ${figureName(effect.figure)}` : "a figure";
      const score = effect.influence ? ` (${effect.influence.join("–")})` : "";
      return { capture: true, text: `${who(effect.seat)} captured ${what} in ${at(effect.settlement)}${score}` };
    }
    case "set_aside": return { capture: true, text: `${figure(effect.figure)} in ${at(effect.settlement)} set aside: tie${effect.influence ? ` (${effect.influence.join("–")})` : ""}` };
    case "turn_ended": {
      const drawn = effect.drew;
      const count = Array.isArray(drawn) ? drawn.length : drawn;
      const own = Array.isArray(drawn) && effect.seat === viewer;
      const drew = !count ? "" : own ? ` — drew ${/** @type {string[]} */ (drawn).map(tileName).join(", ")}` : ` — drew ${count}`;
      return `${who(effect.seat)} ended the turn${drew}`;
    }
    case "passed": return `${who(effect.seat)} passed`;
    case "game_finished": return { capture: true, text: `Game over: ${esc(effect.reason)}` };
    case "figure_placed": return `${who(effect.seat)} put a ${figure(effect.figure)} in ${at(effect.settlement)}`;
    case "figures_placed": return "Every figure is placed — now each player secretly chooses 5 tiles";
    case "hand_chosen": return `${who(effect.seat)} chose an opening hand`;
    case "play_started": return "Play begins";
    default: return null;
  }
}

/** @param {import("./wire.js").Effects} effects @param {Seat[]} seats @param {number | null} viewer
 *  @returns {LogLine[]} */
export function logItems(effects, seats, viewer) {
  return effectsList(effects).filter((e) => e.type !== "turn_ended_automatically")
    .map((e) => describe(e, seats, viewer)).filter((d) => d !== null && d !== "")
    .map((d) => (typeof d === "string" ? { text: d } : /** @type {LogLine} */ (d)));
}

/** @param {LogLine[]} lines */
export function logPanel(lines) {
  const items = lines.slice(-60).reverse().map((l) => `<li class="${l.capture ? "capture" : ""}">${l.text}</li>`).join("");
  return `<section class="card" aria-label="Move log"><h3>Log</h3><ul class="log">${items || "<li class=muted>No moves yet</li>"}</ul></section>`;
}

/** The scoring rules, told: leaders per type, tokens, and each tie-break the result needed.
 *  `honest`: the game's winners less seats a bot finished for an absent player (shell/after.js).
 *  @param {View} view @param {Seat[]} seats @param {number[] | false | null | undefined} [honest] */
export function finalPanel(view, seats, honest = null) {
  const o = view.outcome && honest ? { ...view.outcome, winners: honest } : view.outcome;
  if (!o) return "";
  const n = view.players;
  const caps = (/** @type {number} */ s) => o.captured[String(s)];
  const tokens = [...Array(n).keys()].map((s) => FIGURES.filter((f) => o.leaders[f] === s).length);
  const total = (/** @type {number} */ s) => FIGURES.reduce((sum, f) => sum + caps(s)[f], 0);
  const unled = (/** @type {number} */ s) => FIGURES.filter((f) => o.leaders[f] !== s).reduce((sum, f) => sum + caps(s)[f], 0);
  const head = `<tr><th>Player</th>${FIGURES.map((f) => `<th title="${figureName(f)}"><span class="fig ${f}"><i></i></span></th>`).join("")}<th>Total</th><th title="leader tokens">Tokens</th><th>Place</th></tr>`;
  const rows = [...Array(n).keys()].map((s) => {
    const cells = FIGURES.map((f) => `<td>${caps(s)[f]}${o.leaders[f] === s ? ` <i class="win-mark" title="leader token" aria-label="leader token"></i>` : ""}</td>`).join("");
    return `<tr class="${o.winners.includes(s) ? "winner" : ""}"><td>${esc(seatName(seats, s))}</td>${cells}<td>${total(s)}</td><td>${tokens[s]}</td><td>${o.ranking ? o.ranking[s] : ""}</td></tr>`;
  }).join("");
  const lines = FIGURES.map((f) => o.leaders[f] === null
    ? `${figureName(f)}: tied for most (or none captured) — nobody gets this leader token.`
    : `${figureName(f)}: ${esc(seatName(seats, /** @type {number} */ (o.leaders[f])))} captured the most and takes the leader token.`);
  lines.push(...tieBreaks(o, n, tokens, unled, total, seats));
  const names = o.winners.map((s) => esc(seatName(seats, s))).join(" and ");
  return `<section class="card final" aria-label="Final scoring"><h2>${o.winners.length > 1 ? "Shared victory: " : o.winners.length ? "Winner: " : "No winner (a bot finished every seat)"}${names}</h2>` +
    `<p class="explain muted">${esc(o.reason)}</p><table>${head}${rows}</table>` +
    `<h3>How it was decided</h3>${lines.map((l) => `<p class="explain">${l}</p>`).join("")}</section>`;
}

/**
 * @param {import("./wire.js").Outcome} o @param {number} n @param {number[]} tokens
 * @param {(seat: number) => number} unled @param {(seat: number) => number} total @param {Seat[]} seats
 */
function tieBreaks(o, n, tokens, unled, total, seats) {
  const name = (/** @type {number} */ s) => esc(seatName(seats, s));
  const most = Math.max(...tokens);
  const all = [...Array(n).keys()];
  if (most === 0) {
    return [`No one holds a leader token, so the most captured figures in total wins: ${all.map((s) => `${name(s)} ${total(s)}`).join(", ")}.`];
  }
  const tied = all.filter((s) => tokens[s] === most);
  if (tied.length === 1) return [`${name(tied[0])} holds the most leader tokens (${most}) and wins outright.`];
  const lines = [`${tied.map(name).join(", ")} are tied on ${most} leader token${most > 1 ? "s" : ""}; only they stay in.`,
    `Figures of the types each does not lead: ${tied.map((s) => `${name(s)} ${unled(s)}`).join(", ")}.`];
  const best = Math.max(...tied.map(unled));
  const still = tied.filter((s) => unled(s) === best);
  if (still.length > 1) lines.push(`Still tied, so total captured figures decide: ${still.map((s) => `${name(s)} ${total(s)}`).join(", ")}.`);
  return lines;
}
