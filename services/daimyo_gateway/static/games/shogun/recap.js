// The round's recap (issue 33): a Shogun round resolves many actions at once, then perhaps a
// winter; afterwards the player reads what it changed — per province, who took it, its armies,
// what was built, its revolt markers; per player, war chests, rice, armies on the map and
// victory points, before and after. Pure: two views in, rows out; the screen draws them.

import { esc, seatName } from "../../shell/widgets.js";
import { formatList, t } from "../../shell/i18n.js";
import { provinceName } from "./map.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").ProvinceState} ProvinceState */
/** @typedef {import("../../shell/widgets.js").Seat} Seat */

/**
 * What one province's change is made of, and one player's numbers before and after.
 * @typedef {{ name: string, owner: [number | null, number | null], armies: [number, number], built: string[], revolts: [number, number] }} ProvinceChange
 * @typedef {{ seat: number, chests: [number, number], rice: [number, number], armies: [number, number], vp: [number, number] }} SeatChange
 * @typedef {{ provinces: ProvinceChange[], seats: SeatChange[] }} Recap
 */

/** @param {ProvinceState | undefined} p */
const ownerOf = (p) => p?.owner ?? null;

/** Armies each seat has on the map. @param {View} view */
function armiesBySeat(view) {
  /** @type {Record<number, number>} */
  const total = {};
  for (const p of Object.values(view.provinces || {})) {
    if (p.owner !== null && p.owner !== undefined) total[p.owner] = (total[p.owner] || 0) + (p.armies || 0);
  }
  return total;
}

/** The provinces whose owner, armies, buildings or revolt markers changed between two views.
 *  @param {View} before @param {View} after @returns {ProvinceChange[]} */
function provinceChanges(before, after) {
  return Object.keys(after.provinces || {}).sort().flatMap((name) => {
    const a = before.provinces?.[name] || {}, b = after.provinces[name] || {};
    const built = (b.buildings || []).filter((x) => !(a.buildings || []).includes(x));
    /** @type {ProvinceChange} */
    const change = { name, owner: [ownerOf(a), ownerOf(b)], armies: [a.armies || 0, b.armies || 0], built, revolts: [a.revolt_markers || 0, b.revolt_markers || 0] };
    const same = change.owner[0] === change.owner[1] && change.armies[0] === change.armies[1] && !built.length && change.revolts[0] === change.revolts[1];
    return same ? [] : [change];
  });
}

/** @param {View} before @param {View} after @returns {Recap} */
export function recapOf(before, after) {
  const [armiesBefore, armiesAfter] = [armiesBySeat(before), armiesBySeat(after)];
  const seats = Object.keys(after.seats || {}).map(Number).sort((x, y) => x - y).map((seat) => {
    const a = before.seats?.[String(seat)], b = after.seats[String(seat)];
    /** @type {SeatChange} */
    const row = { seat, chests: [a?.chests ?? 0, b.chests], rice: [a?.rice ?? 0, b.rice], armies: [armiesBefore[seat] || 0, armiesAfter[seat] || 0], vp: [a?.vp ?? 0, b.vp] };
    return row;
  });
  return { provinces: provinceChanges(before, after), seats };
}

/** "3 → 5", or "4" when it stayed. @param {[number, number]} pair */
const arrow = ([a, b]) => (a === b ? String(a) : `${a} → ${b}`);

/** @param {ProvinceChange} c @param {Seat[]} seats */
function changeText(c, seats) {
  const who = (/** @type {number | null} */ s) => (s === null ? t("shogun-recap-nobody") : seatName(seats, s));
  const parts = [];
  if (c.owner[0] !== c.owner[1]) parts.push(t("shogun-recap-owner", { from: who(c.owner[0]), to: who(c.owner[1]) }));
  if (c.armies[0] !== c.armies[1]) parts.push(t("shogun-recap-armies", { change: arrow(c.armies) }));
  if (c.built.length) parts.push(t("shogun-recap-built", { buildings: formatList(c.built.map((b) => t(`shogun-building-${b}`))) }));
  if (c.revolts[0] !== c.revolts[1]) parts.push(t("shogun-recap-revolts", { change: arrow(c.revolts) }));
  return parts.join(" · ");
}

/** The recap panel. @param {Recap} recap @param {Seat[]} seats @param {string} when the round it tells */
export function recapHtml(recap, seats, when) {
  const provinces = recap.provinces.map((c) => `<li><strong>${esc(provinceName(c.name))}</strong>: ${esc(changeText(c, seats))}</li>`).join("");
  const head = ["shogun-col-player", "shogun-col-chests", "shogun-recap-col-rice", "shogun-armies", "shogun-vp"].map((id) => `<th>${esc(t(id))}</th>`).join("");
  const rows = recap.seats.map((s) => `<tr><td>${esc(seatName(seats, s.seat))}</td><td>${arrow(s.chests)}</td><td>${arrow(s.rice)}</td><td>${arrow(s.armies)}</td><td>${arrow(s.vp)}</td></tr>`).join("");
  return `<section class="card sg-recap" aria-label="${esc(t("shogun-recap-title", { when }))}"><h3>${esc(t("shogun-recap-title", { when }))}</h3>` +
    `<ul class="explain">${provinces || `<li>${esc(t("shogun-recap-quiet"))}</li>`}</ul>` +
    `<div class="table-scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}
