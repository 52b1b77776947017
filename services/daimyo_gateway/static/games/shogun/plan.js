// Planning on the map: the ten action cards as a compact row, one chosen at a time; the map then
// highlights the provinces the view's `legal.plan` menu allows for it (each already on another
// action left out), and a click puts the province card on the action. The plan shows as tags on
// the map and on the card row; the bid is a row of war-chest payments. The dropdown form stays
// below, folded, as the accessible alternative (both edit the same plan).

import { esc } from "../../shell/widgets.js";
import { messageTable, t } from "../../shell/i18n.js";
import { provinceName } from "./map.js";
import { ACTION_SHORT, ICON, bidLabel, cardLabel } from "./panels.js";

/** @typedef {import("./wire.js").Board} Board */
/** @typedef {import("./wire.js").PlanMenu} PlanMenu */

/** The actions' short tags on cards and the map (`shogun-tag-<key>`). */
export const ACTION_TAG = messageTable("shogun-tag-", ["castle", "temple", "theatre", "rice", "taxes", "recruit5", "recruit3", "recruit1_move", "attack_a", "attack_b"]);

const chestOf = (/** @type {string | null | undefined} */ card) => (card && card.startsWith("chest:") ? card : null);
const provinceOf = (/** @type {string | null | undefined} */ bid) => (bid && bid.startsWith("province:") ? bid.slice(9) : null);

/** A plan being made: a card (province or blank chest card) per action, and the bid. */
export class PlanDraft {
  /** @param {Board} board @param {PlanMenu} menu */
  constructor(board, menu) {
    this.board = board; this.menu = menu;
    this.keys = board.actions.map((a) => a.key).filter((k) => k in menu.actions); // card order 1..10
    /** @type {Record<string, string | null>} */
    this.actions = Object.fromEntries(this.keys.map((k) => [k, null]));
    /** @type {string | null} */
    this.bid = null;
    this.current = this.keys.find((k) => menu.actions[k].length) || this.keys[0];
    this.costs = Object.fromEntries(board.actions.map((a) => [a.key, a.cost]));
    this.facts = Object.fromEntries(board.provinces.map((p) => [p.name, p]));
  }

  /** Cards (province names, chest cards) used anywhere but on `except` (an action key or "bid").
   *  @param {string} except @returns {Set<string>} */
  used(except) {
    const cards = Object.entries(this.actions).filter(([k]) => k !== except).map(([, c]) => c);
    if (except !== "bid") cards.push(chestOf(this.bid) ?? provinceOf(this.bid));
    return new Set(/** @type {string[]} */ (cards.filter(Boolean)));
  }

  /** Provinces the current action may still take (legal, and not on another action or the bid). */
  free(key = this.current) {
    const taken = this.used(key);
    return (this.menu.actions[key] || []).filter((p) => !taken.has(p));
  }

  freeBlank(key = this.current) {
    const taken = this.used(key);
    return this.menu.chest_cards.find((c) => !taken.has(c)) || null;
  }

  /** @param {string} key */
  choose(key) { if (key in this.actions) this.current = key; }

  /** A click on a province: put it on the current action (again: take it off), then go on to the next action.
   *  @param {string} province */
  place(province) {
    const key = this.current;
    if (this.actions[key] === province) { this.actions[key] = null; return true; }
    if (!this.free(key).includes(province)) return false;
    this.actions[key] = province;
    this.advance();
    return true;
  }

  blank() {
    const card = this.actions[this.current] && chestOf(this.actions[this.current]) ? this.actions[this.current] : this.freeBlank();
    if (card) { this.actions[this.current] = card; this.advance(); }
  }

  clear() { this.actions[this.current] = null; }

  advance() {
    const start = this.keys.indexOf(this.current);
    for (let i = 1; i < this.keys.length; i++) {
      const key = this.keys[(start + i) % this.keys.length];
      if (!this.actions[key] && this.free(key).length) { this.current = key; return; }
    }
  }

  /** @param {string | null} bid */
  bidAllowed(bid) {
    const card = chestOf(bid) ?? provinceOf(bid);
    return !card || !this.used("bid").has(card);
  }

  spend() {
    const actions = Object.entries(this.actions).filter(([, c]) => c && !chestOf(c)).reduce((sum, [k]) => sum + this.costs[k], 0);
    const chest = chestOf(this.bid);
    return actions + (chest ? +chest.slice(6) : 0);
  }

  /** province -> the tags of the actions planned there (for the map). */
  onMap() {
    /** @type {Map<string, string[]>} */
    const tags = new Map();
    for (const [key, card] of Object.entries(this.actions)) {
      if (!card || chestOf(card)) continue;
      tags.set(card, [...(tags.get(card) || []), ACTION_TAG[key]]);
    }
    const bidProvince = provinceOf(this.bid);
    if (bidProvince) tags.set(bidProvince, [...(tags.get(bidProvince) || []), t("shogun-tag-bid")]);
    return tags;
  }

  move() { return { type: "plan", actions: { ...this.actions }, bid: this.bid }; }
}

/** What an action would give or cost in a province, in a few words.
 *  @param {PlanDraft} draft @param {string} key @param {string} province */
export function gain(draft, key, province) {
  const f = draft.facts[province];
  if (!f) return "";
  if (key === "taxes") return t("shogun-gain-chests", { count: f.tax });
  if (key === "rice") return t("shogun-gain-rice", { count: f.rice });
  const cost = draft.costs[key];
  return cost ? t("shogun-costs", { cost }) : t("shogun-free");
}

/** @param {PlanDraft} draft @param {import("./wire.js").View} view @param {number} chests */
export function planHtml(draft, view, chests) {
  const order = view.action_cards || [];
  const cards = draft.keys.map((key) => {
    const card = draft.actions[key], position = order.indexOf(key), cost = draft.costs[key];
    const on = card ? (chestOf(card) ? esc(t("shogun-blank")) : esc(provinceName(card))) : draft.menu.actions[key].length ? "—" : esc(t("shogun-no-province"));
    const cls = `sg-pcard${key === draft.current ? " current" : ""}${card ? (chestOf(card) ? " blank" : " set") : ""}`;
    return `<button type="button" class="${cls}" data-plan-action="${key}" aria-pressed="${key === draft.current}"` +
      `><span class="sr-only">${esc(t(cost ? "shogun-pcard-label-cost" : "shogun-pcard-label", { action: ACTION_SHORT[key], cost, card: card ? cardLabel(card) : t("shogun-nothing") }))}</span>` +
      `<b aria-hidden="true">${esc(ACTION_TAG[key])}</b><small aria-hidden="true">${cost ? `${cost}${ICON.chest}` : esc(t("shogun-free"))}${position >= 0 ? ` · #${position + 1}` : ""}</small><span aria-hidden="true">${on}</span></button>`;
  }).join("");
  const key = draft.current, free = draft.free(key), mine = draft.actions[key];
  const chips = free.map((p) => `<button type="button" class="sg-chip${mine === p ? " on" : ""}" data-plan-province="${esc(p)}" aria-pressed="${mine === p}">` +
    `${esc(provinceName(p))} <small>${esc(gain(draft, key, p))}</small></button>`).join("");
  const cost = draft.costs[key];
  const about = `<p class="hint"><strong>${esc(ACTION_SHORT[key])}</strong>${cost ? ` ${esc(t("shogun-costs-when-done", { cost }))}` : ""}: ` +
    esc(t(free.length ? "shogun-plan-click" : "shogun-plan-none")) + `</p>`;
  const extra = `<button type="button" data-plan-blank ${draft.freeBlank() || chestOf(mine) ? "" : `disabled title="${esc(t("shogun-blank-why-not"))}"`}>${esc(t("shogun-blank-card"))}</button>` +
    `<button type="button" data-plan-clear ${mine ? "" : `disabled title="${esc(t("shogun-clear-why-not"))}"`}>${esc(t("shogun-nothing-here"))}</button>`;
  const bids = draft.menu.bids.map((b) => {
    const label = esc(bidLabel(b));
    // a greyed bid says why: its card is already placed on one of this round's actions (issue 33)
    const why = draft.bidAllowed(b) ? "" : ` disabled title="${esc(t("shogun-bid-why-not"))}"`;
    return `<button type="button" class="sg-chip${draft.bid === b ? " on" : ""}" data-plan-bid="${esc(b ?? "")}" aria-pressed="${draft.bid === b}"${why}>${label}</button>`;
  }).filter((_, i) => !provinceOf(draft.menu.bids[i]) || provinceOf(draft.menu.bids[i]) === provinceOf(draft.bid)).join("");
  const spend = draft.spend();
  return `<div class="sg-pcards" role="group" aria-label="${esc(t("shogun-action-cards"))}">${cards}</div>${about}` +
    `<div class="sg-chips" role="group" aria-label="${esc(t("shogun-provinces-for", { action: ACTION_SHORT[key] }))}">${chips}</div><div class="actions">${extra}</div>` +
    `<h4>${esc(t("shogun-bid-heading"))} <small class="muted">${esc(t("shogun-bid-heading-note"))}</small></h4><div class="sg-chips" role="group" aria-label="${esc(t("shogun-bid"))}">${bids}</div>` +
    `<p class="hint ${spend > chests ? "" : "muted"}">${esc(t("shogun-planned-cost", { spend, chests }))}` +
    `${spend > chests ? ` ${esc(t("shogun-planned-cost-over"))}` : ""} ${esc(t("shogun-blank-hides"))}</p>`;
}

/** The folded dropdown form: one select per action and one for the bid.
 *  @param {PlanDraft} draft @param {boolean} open */
export function listsHtml(draft, open) {
  const rows = draft.keys.map((key) => {
    const taken = draft.used(key), value = draft.actions[key];
    const options = [`<option value="">${esc(t("shogun-option-nothing"))}</option>`]
      .concat(draft.menu.actions[key].map((p) => `<option value="${esc(p)}" ${taken.has(p) ? "disabled" : ""} ${value === p ? "selected" : ""}>${esc(provinceName(p))}</option>`))
      .concat(draft.menu.chest_cards.map((c) => `<option value="${c}" ${taken.has(c) ? "disabled" : ""} ${value === c ? "selected" : ""}>${esc(t("shogun-blank-card-n", { n: c.slice(6) }))}</option>`));
    return `<label for="plan-${key}">${esc(ACTION_SHORT[key])}</label><select id="plan-${key}" data-action="${key}">${options.join("")}</select>`;
  }).join("");
  const bids = draft.menu.bids.map((b) => `<option value="${esc(b ?? "")}" ${draft.bidAllowed(b) ? "" : "disabled"} ${draft.bid === b ? "selected" : ""}>${esc(bidLabel(b))}</option>`).join("");
  return `<details class="sg-lists"${open ? " open" : ""}><summary>${esc(t("shogun-plan-lists"))}</summary><div class="sg-plan">${rows}` +
    `<label for="plan-bid" class="bid">${esc(t("shogun-bid"))}</label><select id="plan-bid" class="bid">${bids}</select></div></details>`;
}
