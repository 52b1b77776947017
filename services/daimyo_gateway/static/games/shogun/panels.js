// Read-only pieces of a Shogun screen, shared by play, spectate and replay: the round strip
// (action cards, special cards, event), the seats with the score track, battles with what came
// out of the tower, the winter summary, the final scores and the log.

import { esc, seatName } from "../../shell/widgets.js";
import { formatList, messageTable, t, tHtml } from "../../shell/i18n.js";
import { PEASANT, SEAT_COLORS, SEAT_NAMES, provinceName } from "./map.js";

/** @typedef {import("./wire.js").Board} Board */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Effect} Effect */
/** @typedef {import("./wire.js").Cubes} Cubes */
/** @typedef {import("./wire.js").LogLine} LogLine */
/** @typedef {import("../../shell/widgets.js").Seat} Seat */
/** @typedef {Effect & { when: string }} Battle a battle effect, with when in the round it came */
/** @typedef {{ rice: Effect[], revolts: Effect[], scoring?: Effect }} Winter */

/** The ten actions' names (`shogun-action-<key>`), in the order of the plan. */
export const ACTION_SHORT = messageTable("shogun-action-", ["castle", "temple", "theatre", "rice", "taxes", "recruit5", "recruit3", "recruit1_move", "attack_a", "attack_b"]);
/** The special cards' names (`shogun-special-<key>`). */
export const SPECIAL_NAMES = messageTable("shogun-special-", ["attack", "defence", "war_chest", "rice", "recruit"]);
const seasonName = (/** @type {string} */ season) => t(`shogun-season-${season}`);
const SEASON = (/** @type {View} */ v) => seasonName(v.season);

// The engine names an action's or a battle's outcome with a fixed English phrase (kept in
// recorded games); each is said here by its message, anything else as it came.
/** @type {Record<string, string>} */
const OUTCOMES = {
  "attacker wins": "shogun-outcome-attacker-wins", "defender wins": "shogun-outcome-defender-wins",
  "tie: the province becomes neutral": "shogun-outcome-tie-neutral", "the province stays neutral": "shogun-outcome-stays-neutral",
  "the owner keeps the province": "shogun-outcome-owner-keeps", "the province becomes neutral": "shogun-outcome-becomes-neutral",
  "skipped: the province is no longer theirs": "shogun-outcome-skipped-not-theirs", "skipped: no free site for it": "shogun-outcome-skipped-no-site",
  "skipped: cannot pay": "shogun-outcome-skipped-cannot-pay", "skipped: no armies left in supply": "shogun-outcome-skipped-no-armies",
  "skipped: fewer than 2 armies there": "shogun-outcome-skipped-few-armies",
};

/** @param {string | undefined} result */
export function outcomeText(result) {
  const id = OUTCOMES[String(result)];
  return id ? t(id) : String(result ?? "");
}

export const ICON = {
  chest: `<i class="sg-ic chest" aria-hidden="true"></i>`, rice: `<i class="sg-ic rice" aria-hidden="true"></i>`,
  province: `<i class="sg-ic province" aria-hidden="true"></i>`,
  army: (/** @type {number} */ seat) => `<i class="sg-ic army" style="background:${SEAT_COLORS[seat]}" aria-hidden="true"></i>`,
};

/** An event card's effect, from the game's catalogue (`shogun-event-text-<card>`).
 *  @param {Board} _board @param {number} id @returns {string} */
export function eventText(_board, id) {
  return t(`shogun-event-text-${id}`);
}

/** A special card's effect (`shogun-special-text-<key>`). @param {string} key */
export const specialText = (key) => t(`shogun-special-text-${key.replaceAll("_", "-")}`);

export const dot = (/** @type {number} */ seat) => `<span class="swatch" style="background:${SEAT_COLORS[seat]};display:inline-block;width:.8rem;height:.8rem;border-radius:50%;vertical-align:-1px"></span>`;
export const who = (/** @type {Seat[]} */ seats, /** @type {number} */ seat) => `${dot(seat)} ${esc(seatName(seats, seat))}`;
const place = (/** @type {string | null | undefined} */ name) => esc(provinceName(name));

/** A card on an action: a province, or a blank war-chest card (a bluff: the action is empty).
 *  @param {string | null | undefined} card */
export function cardLabel(card) {
  if (card === null || card === undefined) return "—";
  if (card.startsWith("chest:")) return t("shogun-blank-card");
  if (card.startsWith("province:")) return t("shogun-province-card", { name: provinceName(card.slice(9)) });
  return provinceName(card);
}

/** A bid: war chests paid for turn order, or a province card (worth 0, and out of this round).
 *  @param {string | null | undefined} bid */
export function bidLabel(bid) {
  if (bid === null || bid === undefined) return t("shogun-no-bid");
  if (bid.startsWith("chest:")) return t("shogun-bid-chests", { count: Number(bid.slice(6)) });
  if (bid.startsWith("province:")) return t("shogun-bid-province", { name: provinceName(bid.slice(9)) });
  return bid;
}

/** @param {Cubes | null | undefined} counts */
export function cubes(counts) {
  const items = [];
  for (const [key, n] of Object.entries(counts || {})) {
    const color = key === "peasant" ? PEASANT : SEAT_COLORS[+key];
    const name = key === "peasant" ? t("shogun-peasant") : SEAT_NAMES[+key];
    for (let i = 0; i < n; i++) items.push(`<i class="sg-cube" style="background:${color}" title="${esc(name)}"></i>`);
  }
  return items.length ? `<span class="sg-cubes">${items.join("")}</span>` : `<span class="muted">${esc(t("shogun-none"))}</span>`;
}

const total = (/** @type {Cubes | null | undefined} */ counts) => Object.values(counts || {}).reduce((a, b) => a + b, 0);

// -- the round strip ------------------------------------------------------------------------

/** @param {Board} board @param {View} view */
export function stripHtml(board, view) {
  const current = view.decision?.action;
  const cards = (view.action_cards || []).map((key, i) => {
    if (!key) return `<div class="sg-card hidden"><b>${i + 1}</b>${esc(t("shogun-face-down"))}</div>`;
    return `<div class="sg-card${key === current ? " now" : ""}" data-action-card="${key}"><b>${i + 1}</b>${esc(ACTION_SHORT[key])}</div>`;
  }).join("");
  const specials = (view.specials || []).map((key, i) => {
    const holder = Object.entries(view.seats).find(([, s]) => s.special === key)?.[0];
    return `<div class="sg-card special"${holder !== undefined ? ` style="border-color:${SEAT_COLORS[+holder]};box-shadow:inset 0 -3px 0 ${SEAT_COLORS[+holder]}"` : ""}>` +
      `<b>${esc(t("shogun-turn-n", { n: i + 1 }))}</b>${esc(SPECIAL_NAMES[key] || key)}</div>`;
  }).join("");
  const event = view.events?.current;
  const text = event ? eventText(board, event) : null;
  return `<div class="sg-strip" role="group" tabindex="0" aria-label="${esc(t("shogun-this-round"))}">${cards ? `${cards}<span class="sep"></span>` : ""}${specials}` +
    (event ? `<span class="sep"></span><div class="sg-card" style="max-width:16rem;text-align:left" title="${esc(text)}"><b>${esc(t("shogun-event-n", { card: event, name: t(`shogun-event-name-${event}`) }))}</b>${esc(text)}</div>` : "") + "</div>";
}

// -- seats and score -------------------------------------------------------------------------

/** @param {View} view @param {Seat[]} seats @param {number | null} mySeat */
export function seatsHtml(view, seats, mySeat) {
  const order = view.turn_order?.length ? view.turn_order : [...Array(view.players).keys()];
  const rows = order.map((s, position) => {
    const info = view.seats[String(s)];
    const active = (view.to_act || []).includes(s);
    const tag = s === mySeat ? ` <span class="muted">${esc(t("shogun-you-tag"))}</span>` : "";
    const special = info.special ? ` · ${esc(SPECIAL_NAMES[info.special])}` : "";
    const say = (/** @type {string} */ id) => esc(t(id));
    const turn = view.turn_order?.length ? `<span class="muted" title="${say("shogun-turn-order")}">#${position + 1}</span>` : "";
    return `<div class="sg-seat${active ? " active" : ""}" data-seat="${s}"><span class="swatch" style="background:${SEAT_COLORS[s]}"></span>` +
      `<span>${esc(seatName(seats, s))}${tag}</span>${turn}<span class="stats">` +
      `<span title="${say("shogun-vp-title")}"><b>${info.vp}</b> ${say("shogun-vp")}</span><span title="${say("shogun-chests-title")}">${ICON.chest}${info.chests}</span>` +
      `<span title="${say("shogun-rice-title")}">${ICON.rice}${info.rice}</span><span title="${say("shogun-provinces-title")}">${ICON.province}${info.province_cards.length}</span>` +
      `<span title="${say("shogun-supply-title")}">${ICON.army(s)}${info.supply}</span>` +
      `${info.bid !== null ? `<span title="${say("shogun-bid-title")}">${esc(t("shogun-bid-is", { bid: bidLabel(info.bid) }))}</span>` : ""}` +
      `${view.stage === "plan" ? `<span>${say(info.planned ? "shogun-planned" : "shogun-planning")}</span>` : ""}${special}</span></div>`;
  }).join("");
  return `<section class="card" aria-label="${esc(t("shogun-players"))}"><h3>${esc(t("shogun-players"))} <span class="muted" style="font-weight:400;font-size:.8rem">${esc(t("shogun-in-turn-order"))}</span></h3>${rows}${trackHtml(view, seats)}</section>`;
}

/** @param {View} view @param {Seat[]} [seats] names the pawns' players in their tooltips */
export function trackHtml(view, seats) {
  const vps = Object.values(view.seats).map((s) => s.vp);
  const top = Math.max(30, Math.ceil((Math.max(...vps) + 4) / 10) * 10);
  const ticks = [...Array(top / 10 + 1).keys()].map((k) => `<span class="tick" style="left:${(k * 10 * 100) / top}%">${k * 10}</span>`).join("");
  /** @type {Record<number, number>} */
  const seen = {};
  const pawns = Object.entries(view.seats).map(([s, info]) => {
    const stack = (seen[info.vp] = (seen[info.vp] || 0) + 1) - 1;
    return `<span class="pawn" title="${esc(t("shogun-pawn-title", { colour: seats ? `${seatName(seats, +s)} (${SEAT_NAMES[+s]})` : SEAT_NAMES[+s], vp: info.vp }))}" style="left:${(info.vp * 100) / top}%;bottom:${2 + stack * 9}px;background:${SEAT_COLORS[+s]}"></span>`;
  }).join("");
  return `<div class="sg-track" aria-label="${esc(t("shogun-score-track"))}">${ticks}${pawns}</div>`;
}

/** @param {View} view */
export function towerHtml(view) {
  const tray = view.tower?.tray || {};
  const stuck = view.tower?.stuck;
  return `<div class="explain">${esc(t("shogun-tower-tray"))} ${cubes(tray)}` +
    (stuck ? ` · ${esc(t("shogun-tower-stuck"))} ${stuck.map((s) => cubes(s)).join(" / ")}` : ` <span class="muted">${esc(t("shogun-tower-hidden", { shelves: view.tower?.shelves ?? 2 }))}</span>`) +
    ` · ${esc(t("shogun-peasant-supply", { count: view.peasant_supply }))}</div>`;
}

// -- battles, winter, final -----------------------------------------------------------------

/** The kinds of battle, named (`shogun-battle-kind-<kind>`). */
const KIND = messageTable("shogun-battle-kind-", ["pvp", "neutral", "revolt", "winter", "seed"]);
const whenText = (/** @type {string} */ when) => (when === "winter" ? seasonName("winter") : when);

/** Every battle of the game so far, newest first; the newest open, each other one a click away.
 *  @param {Battle[]} battles @param {Seat[]} seats */
export function battlesHtml(battles, seats) {
  if (!battles.length) return "";
  const items = battles.map((b, i) => ({ b, i })).reverse().map(({ b, i }, n) =>
    `<details class="sg-battle-item" data-battle="${i}"${n === 0 ? " open" : ""}><summary>${b.when ? `<span class="muted">${esc(whenText(b.when))}</span> ` : ""}` +
    `${esc(t("shogun-battle-at", { kind: KIND[b.kind] || KIND.pvp, province: provinceName(b.province), result: outcomeText(b.result) }))}</summary>${n === 0 ? towerDrop(b) : ""}${battleBody(b, seats)}</details>`).join("");
  return `<section class="card sg-battle" aria-label="${esc(t("shogun-battles"))}"><h3>${esc(t("shogun-battles"))} <span class="muted" style="font-weight:400;font-size:.8rem">${esc(t("shogun-battles-count", { count: battles.length }))}</span></h3>${items}</section>`;
}

/** The newest battle as a drop through the tower (issue 33): the cubes thrown in fall into it,
 *  those that came out land beside it; drawn once per battle, so it plays once. The table under
 *  it says the same in words, so this is hidden from screen readers.
 *  @param {Effect} battle */
export function towerDrop(battle) {
  return `<div class="sg-drop" aria-hidden="true"><span class="sg-drop-in">${cubes(battle.thrown)}</span>` +
    `<span class="sg-drop-tower"></span><span class="sg-drop-out">${cubes(battle.out)}</span></div>`;
}

/** @param {Effect | null} battle @param {Seat[]} seats */
export function battleHtml(battle, seats) {
  if (!battle) return "";
  return `<section class="card sg-battle" aria-label="${esc(t("shogun-last-battle"))}"><h3>${esc(t("shogun-battle-where", { kind: KIND[battle.kind] || KIND.pvp, province: provinceName(battle.province) }))}</h3>${battleBody(battle, seats)}</section>`;
}

/** @param {Effect} battle @param {Seat[]} seats */
function battleBody(battle, seats) {
  /** @type {[string, string][]} */
  const sides = [];
  if (battle.attacker !== null && battle.attacker !== undefined) sides.push(["shogun-attacker", String(battle.attacker)]);
  if (battle.defender !== null && battle.defender !== undefined) sides.push(["shogun-defender", String(battle.defender)]);
  if (battle.kind !== "pvp") sides.push(["shogun-peasants", "peasant"]);
  const say = (/** @type {string} */ id) => esc(t(id));
  const rows = sides.map(([role, key]) => {
    const label = key === "peasant" ? say("shogun-peasants") : tHtml("shogun-role-who", { role: esc(t(role)), who: who(seats, +key) });
    return `<tr><td>${label}</td><td>${battle.thrown?.[key] ?? 0}</td><td>${cubes({ [key]: battle.out?.[key] || 0 })}</td></tr>`;
  }).join("");
  const peasantsOut = battle.kind === "pvp" && battle.out?.peasant ? `<tr><td>${say("shogun-peasants")}</td><td></td><td>${cubes({ peasant: battle.out.peasant })}</td></tr>` : "";
  const holds = battle.owner !== null && battle.owner >= 0 ? ` — ${tHtml("shogun-battle-holds", { who: who(seats, battle.owner), armies: battle.armies ?? 0 })}` : "";
  return `<table><thead><tr><th></th><th title="${say("shogun-thrown-in-title")}">${say("shogun-thrown-in")}</th><th>${say("shogun-came-out")}</th></tr></thead><tbody>${rows}${peasantsOut}</tbody></table>` +
    `<p class="explain">${tHtml("shogun-all-out", { cubes: cubes(battle.out), count: total(battle.out) })}</p>` +
    `<p class="explain"><strong>${esc(outcomeText(battle.result))}</strong>${holds}</p>`;
}

/** The latest winter: each seat's rice check, then the points scored.
 *  @param {Winter | null} winter @param {Seat[]} seats */
export function winterHtml(winter, seats) {
  if (!winter?.scoring) return "";
  const rice = Object.fromEntries((winter.rice || []).map((r) => [r.seat, r]));
  const scoring = winter.scoring;
  const rows = Object.entries(/** @type {Record<string, { provinces: number, buildings: number, majorities: number }>} */ (scoring.points)).map(([s, p]) => {
    const r = rice[+s];
    const check = r ? `${r.rice}/${r.needed}${r.revolts ? ` <strong title="${esc(t("shogun-revolts-title"))}">${esc(t("shogun-revolts-n", { count: r.revolts }))}</strong>` : ` ${esc(t("shogun-rice-ok"))}`}` : "";
    return `<tr><td>${who(seats, +s)}</td><td>${check}</td><td>${p.provinces}</td><td>${p.buildings}</td><td>${p.majorities}</td>` +
      `<td>+${p.provinces + p.buildings + p.majorities}</td><td><b>${scoring.vp[s]}</b></td></tr>`;
  }).join("");
  const th = (/** @type {string} */ key) => `<th title="${esc(t(`shogun-winter-${key}-title`))}">${esc(t(`shogun-winter-${key}`))}</th>`;
  return `<section class="card sg-winter" aria-label="${esc(seasonName("winter"))}"><h3>${esc(t("shogun-winter-of", { year: scoring.year }))}</h3>` +
    `<div class="table-scroll"><table><thead><tr><th></th>${["rice", "prov", "bldg", "maj"].map(th).join("")}<th>+${esc(t("shogun-vp"))}</th><th>${esc(t("shogun-vp"))}</th></tr></thead><tbody>${rows}</tbody></table></div>` +
    (winter.revolts?.length ? `<p class="explain">${esc(t("shogun-revolts-label"))} ${winter.revolts.map((r) => tHtml("shogun-revolts-in", { who: who(seats, r.seat), provinces: r.provinces.map(place).join(", ") })).join("; ")}</p>` : "") + "</section>";
}

/** `honest`: the game's winners less seats a bot finished for an absent player (shell/after.js).
 *  @param {View} view @param {Seat[]} seats @param {number[] | false | null | undefined} [honest] */
export function finalHtml(view, seats, honest = null) {
  if (!view.finished) return "";
  if (honest) view = { ...view, winners: honest };
  const n = view.players;
  const all = [...Array(n).keys()];
  const vp = (/** @type {number} */ s) => view.seats[String(s)].vp, chests = (/** @type {number} */ s) => view.seats[String(s)].chests;
  const ranked = all.slice().sort((a, b) => vp(b) - vp(a) || chests(b) - chests(a));
  const rows = ranked.map((s) => `<tr class="${view.winners.includes(s) ? "winner" : ""}"><td>${who(seats, s)}</td><td>${vp(s)}</td><td>${chests(s)}</td>` +
    `<td>${view.seats[String(s)].province_cards.length}</td><td>${view.winners.includes(s) ? `<i class="win-mark" role="img" title="${esc(t("shogun-winner"))}" aria-label="${esc(t("shogun-winner"))}"></i>` : ""}</td></tr>`).join("");
  const best = Math.max(...all.map(vp));
  const tied = all.filter((s) => vp(s) === best);
  const name = (/** @type {number} */ s) => seatName(seats, s);
  let how;
  if (tied.length === 1) how = t("shogun-final-most-vp", { name: name(tied[0]), vp: best });
  else {
    const most = Math.max(...tied.map(chests));
    const still = tied.filter((s) => chests(s) === most);
    how = `${t("shogun-final-tied", { names: formatList(tied.map(name)), vp: best, chests: tied.map((s) => `${name(s)} ${chests(s)}`).join(", ") })} ` +
      (still.length > 1 ? t("shogun-final-still-tied") : t("shogun-final-wins", { name: name(still[0]) }));
  }
  const names = formatList(view.winners.map(name));
  const title = view.winners.length ? t("shogun-final-winners", { count: view.winners.length, names }) : t("shogun-final-no-winner");
  const say = (/** @type {string} */ id) => esc(t(id));
  return `<section class="card sg-final final" aria-label="${say("shogun-final-label")}"><h2>${esc(title)}</h2>` +
    `<div class="table-scroll"><table><thead><tr><th>${say("shogun-col-player")}</th><th>${say("shogun-vp")}</th><th>${say("shogun-col-chests")}</th><th>${say("shogun-col-provinces")}</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>` +
    `<p class="explain">${esc(how)}</p></section>`;
}

// -- the log --------------------------------------------------------------------------------

/** One log line per effect, from the effect's data (the server sends no sentence): a message of
 *  the game's catalogue (`shogun-log-<type>`) with its arguments, as HTML (names come with their
 *  seat's colour dot).
 *  @param {Effect} effect @param {Seat[]} seats @param {Board} board @returns {string | LogLine | null} */
export function describe(effect, seats, board) {
  const w = (/** @type {number} */ s) => who(seats, s);
  const eventOf = (/** @type {number} */ id) => eventText(board, id);
  const say = tHtml;
  switch (effect.type) {
    case "planned": return say("shogun-log-planned", { who: w(effect.seat) });
    case "drafted": return say("shogun-log-drafted", { who: w(effect.seat), province: place(effect.province), armies: effect.armies });
    case "bids": return say("shogun-log-bids", { bids: Object.entries(/** @type {Record<string, string | null>} */ (effect.bids)).map(([s, b]) => `${w(+s)} ${esc(bidLabel(b))}`).join(", ") });
    case "special_taken": return say("shogun-log-special-taken", { who: w(effect.seat), card: esc(SPECIAL_NAMES[effect.card] || effect.card), position: effect.position });
    case "action_revealed": return { strong: true, text: say("shogun-log-action-revealed", { position: effect.position, action: esc(ACTION_SHORT[effect.action]) }) };
    case "action": return describeAction(effect, w);
    case "moved": {
      const m = effect.move;
      if (m.type === "skip" || !m.armies) return say("shogun-log-stayed", { who: w(effect.seat), province: place(effect.origin) });
      return say("shogun-log-moved", { who: w(effect.seat), armies: m.armies, from: place(effect.origin), to: place(m.to) });
    }
    case "battle":
      if (effect.kind === "seed") return say("shogun-log-tower-seeded");
      return { strong: true, text: say("shogun-log-battle", { kind: esc(KIND[effect.kind]), province: place(effect.province), count: total(effect.out), result: esc(outcomeText(effect.result)) }) };
    case "tower_seeded": return say("shogun-log-tower-seeded");
    case "round_over": return { strong: true, text: say("shogun-log-round-over", { season: esc(seasonName(effect.season)), year: effect.year }) };
    case "winter_rice": return say(effect.revolts ? "shogun-log-winter-rice-revolts" : "shogun-log-winter-rice", { who: w(effect.seat), rice: effect.rice, needed: effect.needed, count: effect.revolts || 0 });
    case "scoring": return { strong: true, text: say("shogun-log-scoring", { year: effect.year, scores: Object.entries(effect.vp).map(([s, v]) => `${w(+s)} ${v}`).join(", ") }) };
    case "game_over": return { strong: true, text: say("shogun-log-game-over") };
    case "chance": return describeChance(effect.chance, w, eventOf);
    default: return null;
  }
}

/** @param {Effect} effect @param {(seat: number) => string} w @returns {string | null} */
function describeAction(effect, w) {
  const act = esc(ACTION_SHORT[effect.action]);
  if (effect.result === "nothing") return effect.card ? tHtml("shogun-log-action-nothing", { who: w(effect.seat), action: act, card: esc(cardLabel(effect.card)) }) : null;
  const args = { who: w(effect.seat), action: act, province: place(effect.card) };
  if (effect.result !== "done") return tHtml("shogun-log-action-result", { ...args, result: esc(outcomeText(effect.result)) });
  if (effect.amount !== undefined) return tHtml("shogun-log-action-amount", { ...args, amount: effect.amount });
  if (effect.armies !== undefined) return tHtml("shogun-log-action-armies", { ...args, armies: effect.armies });
  return tHtml("shogun-log-action-done", args);
}

/** @param {Effect} c @param {(seat: number) => string} w @param {(card: number) => string} eventText
 *  @returns {string | LogLine | null} */
function describeChance(c, w, eventText) {
  switch (c.type) {
    case "event": return { strong: true, text: tHtml("shogun-log-event", { card: c.card, name: esc(t(`shogun-event-name-${c.card}`)), text: esc(eventText(c.card)) }) };
    case "event_cards": return tHtml("shogun-log-event-cards", { cards: c.cards.join(", ") });
    case "bid_tiebreak": return tHtml("shogun-log-bid-tiebreak", { order: c.order.map(w).join(", ") });
    case "winter_revolts": return tHtml("shogun-log-winter-revolts", { who: w(c.seat), provinces: c.provinces.map(place).join(", ") });
    default: return null;
  }
}

/** @param {import("./wire.js").Effects} effects @param {Seat[]} seats @param {Board} board @returns {LogLine[]} */
export function logLines(effects, seats, board) {
  const list = Array.isArray(effects) ? effects : effects?.public || [];
  return list.map((e) => describe(e, seats, board)).filter((d) => d !== null && d !== "")
    .map((d) => (typeof d === "string" ? { text: d } : /** @type {LogLine} */ (d)));
}

/** @param {LogLine[]} lines */
export function logHtml(lines) {
  const items = lines.slice(-80).reverse().map((l) => `<li class="${l.strong ? "capture" : ""}">${l.text}</li>`).join("");
  return `<section class="card" aria-label="${esc(t("shogun-log-title"))}"><h3>${esc(t("shogun-log-title"))}</h3><ul class="log sg-log" tabindex="0" aria-label="${esc(t("shogun-log-title"))}">${items || `<li class=muted>${esc(t("shogun-log-empty"))}</li>`}</ul></section>`;
}

/** What the effects of a stretch of play leave for the side panels: last battle, last winter. */
export class Chronicle {
  constructor() {
    /** @type {Battle | null} */
    this.battle = null;
    /** @type {Battle[]} */
    this.battles = [];
    /** @type {Winter | null} */
    this.winter = null;
    /** @type {Winter} */
    this.pendingWinter = { rice: [], revolts: [] };
    this.when = "";
  }

  /** @param {import("./wire.js").Effects} effects */
  add(effects) {
    const list = Array.isArray(effects) ? effects : effects?.public || [];
    for (const e of list) {
      if (e.type === "action" && e.action in ACTION_SHORT) this.when = ACTION_SHORT[e.action];
      if (e.type === "moved" && e.action && e.action in ACTION_SHORT) this.when = ACTION_SHORT[e.action];
      if (e.type === "round_over") this.when = "";
      if (e.type === "battle" && e.kind !== "seed") {
        this.battle = { ...e, when: e.kind === "winter" ? "winter" : this.when };
        this.battles = this.battles.concat([this.battle]).slice(-60);
      }
      if (e.type === "winter_rice") this.pendingWinter.rice.push(e);
      if (e.type === "chance" && e.chance.type === "winter_revolts") this.pendingWinter.revolts.push(e.chance);
      if (e.type === "scoring") { this.winter = { ...this.pendingWinter, scoring: e }; this.pendingWinter = { rice: [], revolts: [] }; }
    }
  }
}

/** @param {View} view @param {Seat[]} seats @param {number | null} mySeat
 *  @param {boolean} [away] the player left the seat to a bot: its turns are the bot's */
export function statusText(view, seats, mySeat, away = false) {
  const when = t("shogun-year-season", { year: view.year, season: SEASON(view) });
  const watching = mySeat === null ? ` <span class="muted">${esc(t("shogun-spectating"))}</span>` : "";
  if (view.finished) return `${esc(t("shogun-game-over"))}${watching}`;
  const name = (/** @type {number} */ s) => (away && s === mySeat ? t("shogun-bot-for-you") : seatName(seats, s));
  const mine = !away && mySeat !== null && (view.to_act || []).includes(mySeat);
  const yours = (/** @type {string} */ id, /** @type {Record<string, string>} */ args = {}) => `<strong>${esc(t("shogun-your-turn"))}</strong> — ${esc(t(id, args))}`;
  let what;
  if (view.stage === "plan") {
    what = mine ? yours("shogun-status-plan") : esc(t("shogun-status-planning", { names: formatList(view.to_act.map(name)) }));
  } else if (view.stage === "pick") {
    what = mine ? yours("shogun-status-pick") : esc(t("shogun-status-picks", { name: name(view.to_act[0]) }));
  } else if (view.stage === "draft") {
    what = mine ? yours("shogun-status-draft") : esc(t("shogun-status-drafts", { name: name(view.to_act[0]) }));
  } else if (view.stage === "decide" && view.decision) {
    const d = view.decision, args = { action: ACTION_SHORT[d.action], province: provinceName(d.from) };
    what = mine ? yours("shogun-status-decide", args) : esc(t("shogun-status-decides", { name: name(d.seat), ...args }));
  } else what = esc(t("shogun-status-resolving"));
  return `${view.to_act?.length ? dot(view.to_act[0]) : ""} ${what} <span class="muted">· ${esc(when)}</span>${watching}`;
}
