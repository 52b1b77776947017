// Read-only pieces of a game screen shared by play, spectate and replay: the players with
// what each may see of their captures, the move log, and the final scoring explained.

import { esc, seatName } from "../../shell/widgets.js";
import { formatList, t, tHtml } from "../../shell/i18n.js";
import { hexLabel } from "./board.js";
import { FIGURES, SEAT_COLORS, tileName, figureName } from "./tiles.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Effect} Effect */
/** @typedef {import("./wire.js").LogLine} LogLine */
/** @typedef {import("../../shell/widgets.js").Seat} Seat */

/** @param {import("./wire.js").FigureCounts} counts */
function figCounts(counts) {
  return FIGURES.map((f) => `<span class="fig ${f}" title="${esc(figureName(f))}"><i></i>${counts[f]}</span>`).join("");
}

/** @param {View} view @param {Seat[]} seats @param {number | null} mySeat */
export function playersPanel(view, seats, mySeat) {
  const rows = [];
  for (let s = 0; s < view.players; s++) {
    const active = (view.to_act || []).includes(s);
    const seen = view.captured?.[String(s)];
    const caps = seen ? figCounts(seen) : `<span class="muted">${esc(t("samurai-captured-hidden", { count: view.captured_totals[s] }))}</span>`;
    const tag = s === mySeat ? ` <span class="muted">${esc(t("samurai-you-tag"))}</span>` : "";
    rows.push(`<div class="p${active ? " active" : ""}" data-seat="${s}">` +
      `<span class="swatch" style="background:${SEAT_COLORS[s]}"></span>` +
      `<span>${esc(seatName(seats, s))}${tag}</span>` +
      `<span class="muted" title="${esc(t("samurai-hand-stack-title"))}">${esc(t("samurai-hand-stack", { hand: view.hand_sizes[s], stack: view.stack_sizes[s] }))}</span>` +
      `<span class="caps">${caps}</span></div>`);
  }
  const aside = FIGURES.some((f) => view.set_aside[f]) ? `<div class="explain">${esc(t("samurai-set-aside-label"))} ${figCounts(view.set_aside)}</div>` : "";
  return `<section class="card players" aria-label="${esc(t("samurai-players"))}"><h3>${esc(t("samurai-players"))}</h3>${rows.join("")}${aside}</section>`;
}

/** @param {import("./wire.js").Effects} effects @returns {Effect[]} */
export function effectsList(effects) {
  if (Array.isArray(effects)) return effects;
  if (effects && Array.isArray(effects.public)) return effects.public;
  return [];
}

/** One log line per effect, from the effect's data (the server sends no sentence): a message of
 *  the game's catalogue (`samurai-log-<type>`) and its arguments; `viewer` is the seat looking
 *  (their own draws are named). Fields an effect's type always carries are read as there.
 *  @param {Effect} effect @param {Seat[]} seats @param {number | null} viewer
 *  @returns {string | LogLine | null} */
export function describe(effect, seats, viewer) {
  const who = (/** @type {number | undefined} */ s) => esc(seatName(seats, /** @type {number} */ (s)));
  const at = (/** @type {string | undefined} */ hex) => esc(hexLabel(/** @type {string} */ (hex)));
  const named = (/** @type {string | undefined} */ tile) => esc(tileName(/** @type {string} */ (tile)));
  const figure = (/** @type {string | undefined} */ f) => esc(figureName(/** @type {string} */ (f)));
  const score = effect.influence ? effect.influence.join("–") : "";
  const say = (/** @type {string} */ id, /** @type {Record<string, string | number>} */ args = {}) => tHtml(id, args);
  switch (effect.type) {
    case "placed": return say("samurai-log-placed", { name: who(effect.seat), tile: named(effect.tile), hex: at(effect.hex) });
    case "figures_swapped": {
      const [a, b] = /** @type {[import("./wire.js").FigureSpot, import("./wire.js").FigureSpot]} */ ([effect.a, effect.b]);
      return say("samurai-log-figures-swapped", { name: who(effect.seat), a: figure(a.figure), from: at(a.settlement), b: figure(b.figure), to: at(b.settlement) });
    }
    case "tiles_swapped": return say("samurai-log-tiles-swapped", { name: who(effect.seat), tile: named(effect.tile), from: at(effect.from), to: at(effect.to) });
    case "captured": {
      const what = effect.figure ? figure(effect.figure) : esc(t("samurai-a-figure"));
      return { capture: true, text: say(score ? "samurai-log-captured-score" : "samurai-log-captured", { name: who(effect.seat), figure: what, hex: at(effect.settlement), score }) };
    }
    case "set_aside": return { capture: true, text: say(score ? "samurai-log-set-aside-score" : "samurai-log-set-aside", { figure: figure(effect.figure), hex: at(effect.settlement), score }) };
    case "turn_ended": return turnEnded(effect, who, viewer);
    case "passed": return say("samurai-log-passed", { name: who(effect.seat) });
    case "game_finished": return { capture: true, text: say("samurai-log-game-finished", { reason: esc(endReason(effect.reason)) }) };
    case "figure_placed": return say("samurai-log-figure-placed", { name: who(effect.seat), figure: figure(effect.figure), hex: at(effect.settlement) });
    case "figures_placed": return say("samurai-log-figures-placed", { count: 5 });
    case "hand_chosen": return say("samurai-log-hand-chosen", { name: who(effect.seat) });
    case "play_started": return say("samurai-log-play-started");
    default: return null;
  }
}

/** @param {Effect} effect @param {(seat: number | undefined) => string} who @param {number | null} viewer */
function turnEnded(effect, who, viewer) {
  const drawn = effect.drew;
  const count = Array.isArray(drawn) ? drawn.length : drawn || 0;
  if (!count) return tHtml("samurai-log-turn-ended", { name: who(effect.seat) });
  if (Array.isArray(drawn) && effect.seat === viewer) {
    return tHtml("samurai-log-turn-ended-drew-tiles", { name: who(effect.seat), tiles: esc(formatList(drawn.map(tileName))) });
  }
  return tHtml("samurai-log-turn-ended-drew", { name: who(effect.seat), count });
}

// Why the game ended. The engine states it in English (`no buddha figure remains on the board`,
// `N figures have been set aside through ties`, `no player can place a tile any more`), a fixed
// set of sentences kept in recorded games; each is read back as its message here.
/** @param {string | undefined} reason */
export function endReason(reason) {
  const text = String(reason ?? "");
  const gone = /^no (.+) figure remains on the board$/.exec(text);
  if (gone) return t("samurai-end-figures-gone", { figures: formatList(gone[1].split(" or ").map(figureName), { type: "disjunction" }) });
  const aside = /^(\d+) figures have been set aside through ties$/.exec(text);
  if (aside) return t("samurai-end-set-aside", { count: Number(aside[1]) });
  if (text === "no player can place a tile any more") return t("samurai-end-no-moves");
  return text;
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
  return `<section class="card" aria-label="${esc(t("samurai-log-label"))}"><h3>${esc(t("samurai-log-title"))}</h3><ul class="log" tabindex="0" aria-label="${esc(t("samurai-log-title"))}">${items || `<li class=muted>${esc(t("samurai-log-empty"))}</li>`}</ul></section>`;
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
  const say = (/** @type {string} */ id) => esc(t(id));
  const head = `<tr><th>${say("samurai-col-player")}</th>${FIGURES.map((f) => `<th title="${esc(figureName(f))}"><span class="fig ${f}"><i></i></span></th>`).join("")}` +
    `<th>${say("samurai-col-total")}</th><th title="${say("samurai-leader-tokens")}">${say("samurai-col-tokens")}</th><th>${say("samurai-col-place")}</th></tr>`;
  const rows = [...Array(n).keys()].map((s) => {
    const cells = FIGURES.map((f) => `<td>${caps(s)[f]}${o.leaders[f] === s ? ` <i class="win-mark" role="img" title="${say("samurai-leader-token")}" aria-label="${say("samurai-leader-token")}"></i>` : ""}</td>`).join("");
    return `<tr class="${o.winners.includes(s) ? "winner" : ""}"><td>${esc(seatName(seats, s))}</td>${cells}<td>${total(s)}</td><td>${tokens[s]}</td><td>${o.ranking ? o.ranking[s] : ""}</td></tr>`;
  }).join("");
  const lines = FIGURES.map((f) => (o.leaders[f] === null
    ? t("samurai-final-no-leader", { figure: figureName(f) })
    : t("samurai-final-leader", { figure: figureName(f), name: seatName(seats, /** @type {number} */ (o.leaders[f])) })));
  lines.push(...tieBreaks(o, n, tokens, unled, total, seats));
  const names = formatList(o.winners.map((s) => seatName(seats, s)));
  const title = o.winners.length ? t("samurai-final-winners", { count: o.winners.length, names }) : t("samurai-final-no-winner");
  return `<section class="card final" aria-label="${say("samurai-final-label")}"><h2>${esc(title)}</h2>` +
    `<p class="explain muted">${esc(endReason(o.reason))}</p><div class="table-scroll"><table>${head}${rows}</table></div>` +
    `<h3>${say("samurai-final-how")}</h3>${lines.map((l) => `<p class="explain">${esc(l)}</p>`).join("")}</section>`;
}

/**
 * @param {import("./wire.js").Outcome} o @param {number} n @param {number[]} tokens
 * @param {(seat: number) => number} unled @param {(seat: number) => number} total @param {Seat[]} seats
 */
function tieBreaks(o, n, tokens, unled, total, seats) {
  const name = (/** @type {number} */ s) => seatName(seats, s);
  const scores = (/** @type {number[]} */ list, /** @type {(seat: number) => number} */ of) => list.map((s) => t("samurai-name-score", { name: name(s), score: of(s) })).join(", ");
  const most = Math.max(...tokens);
  const all = [...Array(n).keys()];
  if (most === 0) return [t("samurai-final-no-tokens", { scores: scores(all, total) })];
  const tied = all.filter((s) => tokens[s] === most);
  if (tied.length === 1) return [t("samurai-final-most-tokens", { name: name(tied[0]), count: most })];
  const lines = [t("samurai-final-tied-tokens", { names: formatList(tied.map(name)), count: most }),
    t("samurai-final-unled", { scores: scores(tied, unled) })];
  const best = Math.max(...tied.map(unled));
  const still = tied.filter((s) => unled(s) === best);
  if (still.length > 1) lines.push(t("samurai-final-still-tied", { scores: scores(still, total) }));
  return lines;
}
