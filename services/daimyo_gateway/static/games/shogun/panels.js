// Read-only pieces of a Shogun screen, shared by play, spectate and replay: the round strip
// (action cards, special cards, event), the seats with the score track, battles with what came
// out of the tower, the winter summary, the final scores and the log.

import { esc, seatName } from "../../shell/widgets.js";
import { PEASANT, SEAT_COLORS, SEAT_NAMES } from "./map.js";

/** @typedef {import("./wire.js").Board} Board */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").Effect} Effect */
/** @typedef {import("./wire.js").Cubes} Cubes */
/** @typedef {import("./wire.js").LogLine} LogLine */
/** @typedef {import("../../shell/widgets.js").Seat} Seat */
/** @typedef {Effect & { when: string }} Battle a battle effect, with when in the round it came */
/** @typedef {{ rice: Effect[], revolts: Effect[], scoring?: Effect }} Winter */

/** @type {Record<string, string>} */
export const ACTION_SHORT = {
  castle: "Castle", temple: "Temple", theatre: "Nô theatre", rice: "Rice", taxes: "Taxes",
  recruit5: "Recruit 5", recruit3: "Recruit 3", recruit1_move: "Recruit 1 + move", attack_a: "Attack A", attack_b: "Attack B",
};
/** @type {Record<string, string>} */
export const SPECIAL_NAMES = { attack: "Attack +1", defence: "Defence +1", war_chest: "War chest +1", rice: "Rice +1", recruit: "Recruit 6" };
const SEASON = (/** @type {View} */ v) => (v.season === "setup" ? "set-up" : v.season);

export const ICON = {
  chest: `<i class="sg-ic chest" aria-hidden="true"></i>`, rice: `<i class="sg-ic rice" aria-hidden="true"></i>`,
  province: `<i class="sg-ic province" aria-hidden="true"></i>`,
  army: (/** @type {number} */ seat) => `<i class="sg-ic army" style="background:${SEAT_COLORS[seat]}" aria-hidden="true"></i>`,
};

/** @param {Board} board @param {number} id @returns {string} */
export function eventText(board, id) {
  const text = board.events.find((e) => e.card === id)?.text || "";
  const same = /^same as card (\d+)/.exec(text);
  return same ? eventText(board, +same[1]) : text;
}

export const dot = (/** @type {number} */ seat) => `<span class="swatch" style="background:${SEAT_COLORS[seat]};display:inline-block;width:.8rem;height:.8rem;border-radius:50%;vertical-align:-1px"></span>`;
export const who = (/** @type {Seat[]} */ seats, /** @type {number} */ seat) => `${dot(seat)} ${esc(seatName(seats, seat))}`;

/** A card on an action: a province, or a blank war-chest card (a bluff: the action is empty).
 *  @param {string | null | undefined} card */
export function cardLabel(card) {
  if (card === null || card === undefined) return "—";
  if (card.startsWith("chest:")) return "blank card (bluff)";
  if (card.startsWith("province:")) return `${card.slice(9)} (card)`;
  return card;
}

/** A bid: war chests paid for turn order, or a province card (worth 0, and out of this round).
 *  @param {string | null | undefined} bid */
export function bidLabel(bid) {
  if (bid === null || bid === undefined) return "no bid";
  if (bid.startsWith("chest:")) return `${bid.slice(6)} war chest${bid.slice(6) === "1" ? "" : "s"}`;
  if (bid.startsWith("province:")) return `province card ${bid.slice(9)} (bids 0)`;
  return bid;
}

/** @param {Cubes | null | undefined} counts */
export function cubes(counts) {
  const items = [];
  for (const [key, n] of Object.entries(counts || {})) {
    const color = key === "peasant" ? PEASANT : SEAT_COLORS[+key];
    const name = key === "peasant" ? "peasant" : SEAT_NAMES[+key];
    for (let i = 0; i < n; i++) items.push(`<i class="sg-cube" style="background:${color}" title="${name}"></i>`);
  }
  return items.length ? `<span class="sg-cubes">${items.join("")}</span>` : `<span class="muted">none</span>`;
}

const total = (/** @type {Cubes | null | undefined} */ counts) => Object.values(counts || {}).reduce((a, b) => a + b, 0);

// -- the round strip ------------------------------------------------------------------------

/** @param {Board} board @param {View} view */
export function stripHtml(board, view) {
  const current = view.decision?.action;
  const cards = (view.action_cards || []).map((key, i) => {
    if (!key) return `<div class="sg-card hidden"><b>${i + 1}</b>face down</div>`;
    return `<div class="sg-card${key === current ? " now" : ""}" data-action-card="${key}"><b>${i + 1}</b>${ACTION_SHORT[key]}</div>`;
  }).join("");
  const specials = (view.specials || []).map((key, i) => {
    const holder = Object.entries(view.seats).find(([, s]) => s.special === key)?.[0];
    return `<div class="sg-card special"${holder !== undefined ? ` style="border-color:${SEAT_COLORS[+holder]};box-shadow:inset 0 -3px 0 ${SEAT_COLORS[+holder]}"` : ""}>` +
      `<b>turn ${i + 1}</b>${SPECIAL_NAMES[key] || key}</div>`;
  }).join("");
  const event = view.events?.current;
  const text = event ? eventText(board, event) : null;
  return `<div class="sg-strip" aria-label="This round">${cards ? `${cards}<span class="sep"></span>` : ""}${specials}` +
    (event ? `<span class="sep"></span><div class="sg-card" style="max-width:16rem;text-align:left" title="${esc(text)}"><b>event ${event}</b>${esc(text)}</div>` : "") + "</div>";
}

// -- seats and score -------------------------------------------------------------------------

/** @param {View} view @param {Seat[]} seats @param {number | null} mySeat */
export function seatsHtml(view, seats, mySeat) {
  const order = view.turn_order?.length ? view.turn_order : [...Array(view.players).keys()];
  const rows = order.map((s, position) => {
    const info = view.seats[String(s)];
    const active = (view.to_act || []).includes(s);
    const tag = s === mySeat ? ` <span class="muted">(you)</span>` : "";
    const special = info.special ? ` · ${SPECIAL_NAMES[info.special]}` : "";
    const turn = view.turn_order?.length ? `<span class="muted" title="turn order">#${position + 1}</span>` : "";
    return `<div class="sg-seat${active ? " active" : ""}" data-seat="${s}"><span class="swatch" style="background:${SEAT_COLORS[s]}"></span>` +
      `<span>${esc(seatName(seats, s))}${tag}</span>${turn}<span class="stats">` +
      `<span title="victory points"><b>${info.vp}</b> VP</span><span title="war chests">${ICON.chest}${info.chests}</span>` +
      `<span title="rice">${ICON.rice}${info.rice}</span><span title="provinces owned">${ICON.province}${info.province_cards.length}</span>` +
      `<span title="armies in supply">${ICON.army(s)}${info.supply}</span>` +
      `${info.bid !== null ? `<span title="bid">bid ${esc(bidLabel(info.bid))}</span>` : ""}` +
      `${view.stage === "plan" ? `<span>${info.planned ? "planned" : "planning…"}</span>` : ""}${special}</span></div>`;
  }).join("");
  return `<section class="card" aria-label="Players"><h3>Players <span class="muted" style="font-weight:400;font-size:.8rem">in turn order</span></h3>${rows}${trackHtml(view)}</section>`;
}

/** @param {View} view */
export function trackHtml(view) {
  const vps = Object.values(view.seats).map((s) => s.vp);
  const top = Math.max(30, Math.ceil((Math.max(...vps) + 4) / 10) * 10);
  const ticks = [...Array(top / 10 + 1).keys()].map((k) => `<span class="tick" style="left:${(k * 10 * 100) / top}%">${k * 10}</span>`).join("");
  /** @type {Record<number, number>} */
  const seen = {};
  const pawns = Object.entries(view.seats).map(([s, info]) => {
    const stack = (seen[info.vp] = (seen[info.vp] || 0) + 1) - 1;
    return `<span class="pawn" title="${SEAT_NAMES[+s]}: ${info.vp} VP" style="left:${(info.vp * 100) / top}%;bottom:${2 + stack * 9}px;background:${SEAT_COLORS[+s]}"></span>`;
  }).join("");
  return `<div class="sg-track" aria-label="Score track">${ticks}${pawns}</div>`;
}

/** @param {View} view */
export function towerHtml(view) {
  const tray = view.tower?.tray || {};
  const stuck = view.tower?.stuck;
  return `<div class="explain">Tower tray: ${cubes(tray)}` +
    (stuck ? ` · stuck inside: ${stuck.map((s) => cubes(s)).join(" / ")}` : ` <span class="muted">(${view.tower?.shelves ?? 2} shelves, contents hidden)</span>`) +
    ` · peasants in supply: ${view.peasant_supply}</div>`;
}

// -- battles, winter, final -----------------------------------------------------------------

/** @type {Record<string, string>} */
const KIND = { pvp: "Battle", neutral: "Attack on a neutral province", revolt: "Revolt", winter: "Winter revolt", seed: "Tower seeding" };

/** Every battle of the game so far, newest first; the newest open, each other one a click away.
 *  @param {Battle[]} battles @param {Seat[]} seats */
export function battlesHtml(battles, seats) {
  if (!battles.length) return "";
  const items = battles.map((b, i) => ({ b, i })).reverse().map(({ b, i }, n) =>
    `<details class="sg-battle-item" data-battle="${i}"${n === 0 ? " open" : ""}><summary>${b.when ? `<span class="muted">${esc(b.when)}</span> ` : ""}` +
    `${KIND[b.kind] || "Battle"} at ${esc(b.province)} — ${esc(b.result)}</summary>${battleBody(b, seats)}</details>`).join("");
  return `<section class="card sg-battle" aria-label="Battles"><h3>Battles <span class="muted" style="font-weight:400;font-size:.8rem">${battles.length}, newest first</span></h3>${items}</section>`;
}

/** @param {Effect | null} battle @param {Seat[]} seats */
export function battleHtml(battle, seats) {
  if (!battle) return "";
  return `<section class="card sg-battle" aria-label="Last battle"><h3>${KIND[battle.kind] || "Battle"} at ${esc(battle.province)}</h3>${battleBody(battle, seats)}</section>`;
}

/** @param {Effect} battle @param {Seat[]} seats */
function battleBody(battle, seats) {
  /** @type {[string, string][]} */
  const sides = [];
  if (battle.attacker !== null && battle.attacker !== undefined) sides.push(["Attacker", String(battle.attacker)]);
  if (battle.defender !== null && battle.defender !== undefined) sides.push(["Defender", String(battle.defender)]);
  if (battle.kind !== "pvp") sides.push(["Peasants", "peasant"]);
  const rows = sides.map(([role, key]) => {
    const label = key === "peasant" ? "Peasants" : `${role}: ${who(seats, +key)}`;
    return `<tr><td>${label}</td><td>${battle.thrown?.[key] ?? 0}</td><td>${cubes({ [key]: battle.out?.[key] || 0 })}</td></tr>`;
  }).join("");
  const peasantsOut = battle.kind === "pvp" && battle.out?.peasant ? `<tr><td>Peasants</td><td></td><td>${cubes({ peasant: battle.out.peasant })}</td></tr>` : "";
  return `<table><thead><tr><th></th><th title="cubes thrown in">in</th><th>came out of the tower</th></tr></thead><tbody>${rows}${peasantsOut}</tbody></table>` +
    `<p class="explain">All out: ${cubes(battle.out)} (${total(battle.out)} cubes, tray cubes included).</p>` +
    `<p class="explain"><strong>${esc(battle.result)}</strong>${battle.owner !== null && battle.owner >= 0 ? ` — ${who(seats, battle.owner)} holds it with ${battle.armies}` : ""}</p>`;
}

/** The latest winter: each seat's rice check, then the points scored.
 *  @param {Winter | null} winter @param {Seat[]} seats */
export function winterHtml(winter, seats) {
  if (!winter?.scoring) return "";
  const rice = Object.fromEntries((winter.rice || []).map((r) => [r.seat, r]));
  const scoring = winter.scoring;
  const rows = Object.entries(/** @type {Record<string, { provinces: number, buildings: number, majorities: number }>} */ (scoring.points)).map(([s, p]) => {
    const r = rice[+s];
    const check = r ? `${r.rice}/${r.needed}${r.revolts ? ` <strong title="revolts">${r.revolts} revolt${r.revolts > 1 ? "s" : ""}</strong>` : " ok"}` : "";
    return `<tr><td>${who(seats, +s)}</td><td>${check}</td><td>${p.provinces}</td><td>${p.buildings}</td><td>${p.majorities}</td>` +
      `<td>+${p.provinces + p.buildings + p.majorities}</td><td><b>${scoring.vp[s]}</b></td></tr>`;
  }).join("");
  return `<section class="card sg-winter" aria-label="Winter"><h3>Winter of year ${scoring.year}</h3>` +
    `<table><thead><tr><th></th><th title="rice held / needed">rice</th><th title="1 VP per province">prov.</th><th title="1 VP per building">bldg.</th>` +
    `<th title="region majorities: castles 3, temples 2, Nô theatres 1 (ties: one less)">maj.</th><th>+VP</th><th>VP</th></tr></thead><tbody>${rows}</tbody></table>` +
    (winter.revolts?.length ? `<p class="explain">Revolts: ${winter.revolts.map((r) => `${who(seats, r.seat)} in ${r.provinces.map(esc).join(", ")}`).join("; ")}</p>` : "") + "</section>";
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
    `<td>${view.seats[String(s)].province_cards.length}</td><td>${view.winners.includes(s) ? `<i class="win-mark" title="winner" aria-label="winner"></i>` : ""}</td></tr>`).join("");
  const best = Math.max(...all.map(vp));
  const tied = all.filter((s) => vp(s) === best);
  const name = (/** @type {number} */ s) => esc(seatName(seats, s));
  let how;
  if (tied.length === 1) how = `${name(tied[0])} has the most victory points (${best}) and wins.`;
  else {
    const most = Math.max(...tied.map(chests));
    const still = tied.filter((s) => chests(s) === most);
    how = `${tied.map(name).join(", ")} are tied on ${best} VP; the tie-break is war chests: ${tied.map((s) => `${name(s)} ${chests(s)}`).join(", ")}. ` +
      (still.length > 1 ? "Still tied, so they share the victory." : `${name(still[0])} wins.`);
  }
  const names = view.winners.map(name).join(" and ");
  return `<section class="card sg-final final" aria-label="Final scores"><h2>${view.winners.length > 1 ? "Shared victory: " : view.winners.length ? "Winner: " : "No winner (a bot finished every seat)"}${names}</h2>` +
    `<table><thead><tr><th>Player</th><th>VP</th><th>Chests</th><th>Provinces</th><th></th></tr></thead><tbody>${rows}</tbody></table>` +
    `<p class="explain">${how}</p></section>`;
}

// -- the log --------------------------------------------------------------------------------

/** @param {Effect} effect @param {Seat[]} seats @param {Board} board @returns {string | LogLine | null} */
export function describe(effect, seats, board) {
  const w = (/** @type {number} */ s) => who(seats, s);
  const eventOf = (/** @type {number} */ id) => eventText(board, id);
  switch (effect.type) {
    case "planned": return `${w(effect.seat)} planned (secret)`;
    case "drafted": return `${w(effect.seat)} drafted ${esc(effect.province)} with ${effect.armies} armies`;
    case "bids": return `Bids: ${Object.entries(/** @type {Record<string, string | null>} */ (effect.bids)).map(([s, b]) => `${w(+s)} ${esc(bidLabel(b))}`).join(", ")}`;
    case "special_taken": return `${w(effect.seat)} took ${SPECIAL_NAMES[effect.card] || effect.card} — plays #${effect.position}`;
    case "action_revealed": return { strong: true, text: `Action card ${effect.position}: ${ACTION_SHORT[effect.action]}` };
    case "action": {
      const act = ACTION_SHORT[effect.action];
      if (effect.result === "nothing") return effect.card ? `${w(effect.seat)}: ${act} — ${esc(cardLabel(effect.card))}` : null;
      if (effect.result !== "done") return `${w(effect.seat)}: ${act} in ${esc(effect.card)} ${esc(effect.result)}`;
      const extra = effect.amount !== undefined ? ` (+${effect.amount})` : effect.armies !== undefined ? ` (+${effect.armies} armies)` : "";
      return `${w(effect.seat)}: ${act} in ${esc(effect.card)}${extra}`;
    }
    case "moved": {
      const m = effect.move;
      if (m.type === "skip" || !m.armies) return `${w(effect.seat)} stayed in ${esc(effect.origin)}`;
      return `${w(effect.seat)} sent ${m.armies} from ${esc(effect.origin)} to ${esc(m.to)}`;
    }
    case "battle":
      if (effect.kind === "seed") return "The tower was seeded";
      return { strong: true, text: `${KIND[effect.kind]} at ${esc(effect.province)}: ${total(effect.out)} cubes out — ${esc(effect.result)}` };
    case "tower_seeded": return "The tower was seeded";
    case "round_over": return { strong: true, text: `End of ${effect.season}, year ${effect.year}` };
    case "winter_rice": return `${w(effect.seat)} winter rice ${effect.rice}/${effect.needed}${effect.revolts ? ` — ${effect.revolts} revolt(s)` : ""}`;
    case "scoring": return { strong: true, text: `Winter scoring, year ${effect.year}: ${Object.entries(effect.vp).map(([s, v]) => `${w(+s)} ${v}`).join(", ")}` };
    case "game_over": return { strong: true, text: "Game over" };
    case "chance": return describeChance(effect.chance, w, eventOf);
    default: return null;
  }
}

/** @param {Effect} c @param {(seat: number) => string} w @param {(card: number) => string} eventText
 *  @returns {string | LogLine | null} */
function describeChance(c, w, eventText) {
  switch (c.type) {
    case "event": return { strong: true, text: `Event ${c.card}: ${esc(eventText(c.card))}` };
    case "event_cards": return `This year's events: ${c.cards.join(", ")}`;
    case "bid_tiebreak": return `Tied bids, drawn order: ${c.order.map(w).join(", ")}`;
    case "winter_revolts": return `Winter revolts for ${w(c.seat)}: ${c.provinces.map(esc).join(", ")}`;
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
  return `<section class="card" aria-label="Log"><h3>Log</h3><ul class="log sg-log">${items || "<li class=muted>Nothing yet</li>"}</ul></section>`;
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
      if (e.type === "action" && ACTION_SHORT[e.action]) this.when = ACTION_SHORT[e.action];
      if (e.type === "moved" && e.action && ACTION_SHORT[e.action]) this.when = ACTION_SHORT[e.action];
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

/** @param {View} view @param {Seat[]} seats @param {number | null} mySeat */
export function statusText(view, seats, mySeat) {
  const when = `Year ${view.year} · ${SEASON(view)}`;
  const watching = mySeat === null ? ` <span class="muted">· spectating</span>` : "";
  if (view.finished) return `Game over${watching}`;
  const name = (/** @type {number} */ s) => esc(seatName(seats, s));
  const mine = mySeat !== null && (view.to_act || []).includes(mySeat);
  let what;
  if (view.stage === "plan") {
    what = mine ? "<strong>Your turn</strong> — plan your actions and bid (secret)" : `Planning: waiting for ${view.to_act.map(name).join(", ")}`;
  } else if (view.stage === "pick") {
    what = mine ? "<strong>Your turn</strong> — pick a special card (it sets your turn order)" : `${name(view.to_act[0])} picks a special card`;
  } else if (view.stage === "draft") {
    what = mine ? "<strong>Your turn</strong> — draft a starting province" : `${name(view.to_act[0])} drafts`;
  } else if (view.stage === "decide" && view.decision) {
    const d = view.decision;
    what = mine ? `<strong>Your turn</strong> — ${ACTION_SHORT[d.action]} from ${esc(d.from)}: where to, how many?`
      : `${name(d.seat)}: ${ACTION_SHORT[d.action]} from ${esc(d.from)}`;
  } else what = "Resolving…";
  return `${view.to_act?.length ? dot(view.to_act[0]) : ""} ${what} <span class="muted">· ${when}</span>${watching}`;
}
