// The Shogun map as SVG: land drawn as soft blobs around the borders (so Honshu and Shikoku take
// shape by themselves), region colours of the chosen board side, borders as lines (sea lanes
// dashed), and on each province its owner, armies, building sites and revolt markers.

import { esc, targetOf } from "../../shell/widgets.js";
import { formatList, has, t } from "../../shell/i18n.js";
import { CENTRES, LABELS, MARGIN, NUDGES } from "./layout.js";

/** @typedef {import("./wire.js").Board} Board */
/** @typedef {import("./wire.js").Border} Border */
/** @typedef {import("./wire.js").ProvinceFacts} ProvinceFacts */
/** @typedef {import("./wire.js").ProvinceState} ProvinceState */

/**
 * What a drawing highlights: where a move starts and may go, provinces a plan may take (the one
 * under the chosen action), the plan's tags, and provinces something just happened in.
 * @typedef {object} MapOptions
 * @property {string} [origin]
 * @property {Set<string>} [targets]
 * @property {Set<string>} [selectable]
 * @property {string | null} [current]
 * @property {Map<string, string[]>} [plan]
 * @property {Set<string>} [flash]
 * @property {(seat: number) => string} [name]  a seat's player, for tooltips (else its colour alone)
 */

export const SEAT_COLORS = ["#c8382f", "#2d6fc4", "#e0a21b", "#7b4bb7", "#3b3b3b"];
/** Each seat's colour, named in the player's language (`shogun-colour-<colour>`). */
export const SEAT_NAMES = /** @type {string[]} */ (/** @type {unknown} */ (new Proxy(["red", "blue", "gold", "purple", "black"], {
  get: (colours, key) => (typeof key === "string" && /^\d+$/.test(key) ? t(`shogun-colour-${colours[Number(key)]}`) : Reflect.get(colours, key)),
})));

/** A province's name in the player's language (`shogun-province-<name>`; else as the board has it).
 *  @param {string | null | undefined} name */
export function provinceName(name) {
  const id = `shogun-province-${String(name).toLowerCase()}`;
  return has(id) ? t(id) : String(name ?? "");
}
export const PEASANT = "#58a942";
/** @type {Record<string, string>} */
export const REGION_COLORS = { green: "#bfdc9a", yellow: "#f4e08f", purple: "#d7c2ec", red: "#f3b9a8", brown: "#dcc09a" };
const R = 19;

const num = (/** @type {number} */ x) => Math.round(x * 10) / 10;

function bounds() {
  const xs = Object.values(CENTRES).map((c) => c[0]), ys = Object.values(CENTRES).map((c) => c[1]);
  const x0 = Math.min(...xs) - MARGIN, y0 = Math.min(...ys) - MARGIN - 10;
  return [x0, y0, Math.max(...xs) + MARGIN - x0, Math.max(...ys) + MARGIN + 12 - y0];
}

const at = (/** @type {string} */ name) => CENTRES[name] || [0, 0];

/** @param {string} a @param {string} b @param {string} cls @param {number} [width] */
function line(a, b, cls, width) {
  const [x1, y1] = at(a), [x2, y2] = at(b);
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="${cls}"${width ? ` stroke-width="${width}"` : ""}/>`;
}

// Every three provinces that border each other pairwise: filled, so blobs have no holes.
/** @param {Border[]} edges */
function triangles(edges) {
  /** @type {Map<string, Set<string>>} */
  const next = new Map();
  const of = (/** @type {string} */ name) => /** @type {Set<string>} */ (next.get(name));
  for (const { a, b } of edges) {
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    of(a).add(b); of(b).add(a);
  }
  const out = [];
  for (const { a, b } of edges) {
    for (const c of of(a)) if (c > a && c > b && of(b).has(c)) out.push([a, b, c]);
  }
  return out.map((t) => `<polygon points="${t.map((n) => at(n).join(",")).join(" ")}"/>`).join("");
}

// Land: a fat stroke along each land border plus a disc per province, twice (coast, then land).
/** @param {Board} board */
function landHtml(board) {
  const land = board.borders.filter((b) => !b.sea);
  const fill = triangles(land);
  const shape = (/** @type {number} */ width, /** @type {number} */ radius, /** @type {string} */ cls) => `<g class="${cls}">${land.map((b) => line(b.a, b.b, "", width)).join("")}` +
    board.provinces.map((p) => `<circle cx="${at(p.name)[0]}" cy="${at(p.name)[1]}" r="${radius}"/>`).join("") + fill + "</g>";
  return shape(78, 44, "sg-coast") + shape(70, 40, "sg-land");
}

/** @param {Board} board @param {string} side */
function regionsHtml(board, side) {
  const region = Object.fromEntries(board.provinces.map((p) => [p.name, p.regions[side]]));
  const groups = Object.keys(REGION_COLORS).map((name) => {
    const members = board.provinces.filter((p) => region[p.name] === name);
    const inner = board.borders.filter((b) => !b.sea && region[b.a] === name && region[b.b] === name);
    return `<g class="sg-region" data-region="${name}" fill="${REGION_COLORS[name]}" stroke="${REGION_COLORS[name]}">` +
      inner.map((b) => line(b.a, b.b, "", 46)).join("") + triangles(inner) +
      members.map((p) => `<circle cx="${at(p.name)[0]}" cy="${at(p.name)[1]}" r="33"/>`).join("") + "</g>";
  });
  return groups.join("");
}

// A border stops short of both discs so the line reads as "these two touch".
/** @param {Board} board */
function bordersHtml(board) {
  return board.borders.map((b) => {
    const [x1, y1] = at(b.a), [x2, y2] = at(b.b);
    const d = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / d, uy = (y2 - y1) / d, cut = R + 3;
    return `<line x1="${num(x1 + ux * cut)}" y1="${num(y1 + uy * cut)}" x2="${num(x2 - ux * cut)}" y2="${num(y2 - uy * cut)}"` +
      ` class="${b.sea ? "sg-sea-lane" : "sg-border"}" data-border="${b.a}|${b.b}"/>`;
  }).join("");
}

/** @param {string} kind @param {number} x @param {number} y */
export function buildingIcon(kind, x, y, s = 6) {
  if (kind === "castle") {
    return `<g class="sg-bld castle" transform="translate(${x} ${y})"><path d="M${-s} ${s} V${-s * 0.1} H${-s * 0.55} V${-s * 0.6} H${s * 0.55} V${-s * 0.1} H${s} V${s} Z"/>` +
      `<path d="M${-s * 1.1} ${-s * 0.05} L0 ${-s * 1.15} L${s * 1.1} ${-s * 0.05} Z" class="roof"/></g>`;
  }
  if (kind === "temple") {
    return `<g class="sg-bld temple" transform="translate(${x} ${y})"><path d="M${-s * 1.1} ${-s * 0.75} Q0 ${-s * 1.05} ${s * 1.1} ${-s * 0.75} V${-s * 0.35} H${-s * 1.1} Z"/>` +
      `<rect x="${-s * 0.75}" y="${-s * 0.4}" width="${s * 0.3}" height="${s * 1.4}"/><rect x="${s * 0.45}" y="${-s * 0.4}" width="${s * 0.3}" height="${s * 1.4}"/>` +
      `<rect x="${-s * 0.9}" y="${-s * 0.05}" width="${s * 1.8}" height="${s * 0.28}"/></g>`;
  }
  return `<g class="sg-bld theatre" transform="translate(${x} ${y})"><path d="M${-s * 0.85} ${-s * 0.9} H${s * 0.85} V${s * 0.1} Q${s * 0.85} ${s} 0 ${s * 1.05} Q${-s * 0.85} ${s} ${-s * 0.85} ${s * 0.1} Z"/>` +
    `<circle cx="${-s * 0.38}" cy="${-s * 0.25}" r="${s * 0.17}" class="eye"/><circle cx="${s * 0.38}" cy="${-s * 0.25}" r="${s * 0.17}" class="eye"/></g>`;
}

// Building sites as a row of slots above the disc: built ones show their piece.
/** @param {ProvinceFacts} facts @param {ProvinceState} state @param {number} x @param {number} y */
function sitesHtml(facts, state, x, y) {
  const built = state.buildings || [];
  const slots = Math.max(facts.sites, built.length);
  const step = 15, x0 = x - ((slots - 1) * step) / 2;
  return [...Array(slots).keys()].map((i) => {
    const cx = x0 + i * step, cy = y - R - 9;
    return built[i] ? `<circle cx="${cx}" cy="${cy}" r="7.5" class="sg-site built"/>${buildingIcon(built[i], cx, cy + 0.5, 5)}`
      : `<circle cx="${cx}" cy="${cy}" r="4" class="sg-site"/>`;
  }).join("");
}

/** @param {number | undefined} count @param {number} x @param {number} y */
function markersHtml(count, x, y) {
  if (!count) return "";
  const dots = [...Array(Math.min(count, 4)).keys()].map((i) =>
    `<rect x="${x + R - 3 + i * 3}" y="${y - R + 1 - i * 3}" width="9" height="9" rx="1.5" class="sg-revolt"/>`).join("");
  return `<g class="sg-revolts" aria-label="${esc(t("shogun-province-revolts", { count }))}">${dots}` +
    (count > 1 ? `<text x="${x + R + 15 + (Math.min(count, 4) - 1) * 3}" y="${y - R + 7}" class="sg-revolt-n">${count}</text>` : "") + "</g>";
}

/** @param {string} name @param {ProvinceFacts} facts @param {number} x @param {number} y */
function labelHtml(name, facts, x, y) {
  const where = LABELS[name] || "below";
  /** @type {Record<string, [number, number, string]>} */
  const offsets = { below: [0, R + 14, "middle"], above: [0, -R - 22, "middle"], left: [-R - 6, 4, "end"], right: [R + 6, 4, "start"] };
  const [dx, dy, anchor] = offsets[where];
  const [nx, ny] = NUDGES[name] || [0, 0];
  const ly = (where === "above" && facts.sites === 0 ? y - R - 8 : y + dy) + ny;
  return `<text x="${x + dx + nx}" y="${ly}" text-anchor="${anchor}" class="sg-name">${esc(provinceName(name))}` +
    `<tspan class="sg-vals" dx="3">${facts.tax}·${facts.rice}</tspan></text>`;
}

// The actions planned in a province, as a tag over its building sites.
/** @param {string[]} tags @param {number} x @param {number} y */
function planTag(tags, x, y) {
  const text = tags.join(" · "), w = text.length * 6.4 + 10;
  const ty = y - R - 8;
  return `<g class="sg-plan-tag"><rect x="${num(x - w / 2)}" y="${ty - 9}" width="${num(w)}" height="18" rx="9"/>` +
    `<text x="${x}" y="${ty + 0.5}">${esc(text)}</text></g>`;
}

/** A province's owner in a tooltip: the player's name and colour ("Ayame (red)"), or the colour.
 *  @param {number} owner @param {MapOptions} opts */
function ownerName(owner, opts) {
  return opts.name ? `${opts.name(owner)} (${SEAT_NAMES[owner]})` : SEAT_NAMES[owner];
}

/** @param {ProvinceFacts} facts @param {ProvinceState} state @param {MapOptions} opts */
function provinceHtml(facts, state, opts) {
  const name = facts.name, [x, y] = at(name);
  const inPlay = state.in_play !== false && facts.in_play !== false;
  const owner = state.owner ?? null;
  const classes = ["sg-prov"];
  if (!inPlay) classes.push("out");
  if (opts.targets?.has(name)) classes.push("target");
  if (opts.origin === name) classes.push("origin");
  if (opts.flash?.has(name)) classes.push("flash");
  if (opts.selectable?.has(name)) classes.push("selectable");
  const fill = owner === null ? (inPlay ? "#f8f3e6" : "#cfc8b8") : SEAT_COLORS[owner];
  const parts = [t("shogun-province-facts", { name: provinceName(name), tax: facts.tax, rice: facts.rice, sites: facts.sites })];
  if (!inPlay) parts.push(t("shogun-province-out"));
  else if (owner === null) parts.push(t("shogun-province-neutral"));
  else parts.push(t("shogun-province-owner", { colour: ownerName(owner, opts), armies: state.armies ?? 0 }));
  if (state.buildings?.length) parts.push(formatList(state.buildings.map((b) => t(`shogun-building-${b}`))));
  if (state.revolt_markers) parts.push(t("shogun-province-revolts", { count: state.revolt_markers }));
  const title = esc(parts.join(", "));
  const interactive = opts.targets?.has(name) || opts.selectable?.has(name);
  const armies = owner !== null && state.armies ? `<text x="${x}" y="${y + 0.5}" class="sg-armies">${state.armies}</text>` : "";
  const ring = opts.targets?.has(name) ? `<circle cx="${x}" cy="${y}" r="${R + 7}" class="sg-target-ring"/>`
    : opts.selectable?.has(name) ? `<circle cx="${x}" cy="${y}" r="${R + 6}" class="sg-pick-ring${opts.current === name ? " on" : ""}"/>` : "";
  const tags = opts.plan?.get(name);
  return `<g class="${classes.join(" ")}" data-province="${name}"${interactive ? ` tabindex="0" role="button"` : ""}>` +
    `<title>${title}</title><g aria-hidden="true">${ring}<circle cx="${x}" cy="${y}" r="${R}" class="sg-disc" fill="${fill}"/>` +
    (inPlay ? "" : `<path d="M${x - 11} ${y - 11} L${x + 11} ${y + 11} M${x + 11} ${y - 11} L${x - 11} ${y + 11}" class="sg-out-x"/>`) +
    armies + sitesHtml(facts, state, x, y) + markersHtml(state.revolt_markers, x, y) + labelHtml(name, facts, x, y) +
    (tags ? planTag(tags, x, y) : "") + "</g></g>";
}

/** The whole map for a view (`view.provinces` keyed by name) with options for highlights.
 *  @param {Board} board @param {import("./wire.js").View | null} view @param {MapOptions} [opts] */
export function mapSvg(board, view, opts = {}) {
  const [x0, y0, w, h] = bounds();
  const side = view?.side || "sun";
  const provinces = board.provinces.map((facts) => provinceHtml(facts, view?.provinces?.[facts.name] || {}, opts)).join("");
  return `<svg viewBox="${x0} ${y0} ${w} ${h}" class="sg-map" role="group" aria-label="${esc(t("shogun-map-label", { side }))}">` +
    `<defs><pattern id="sg-waves" width="28" height="14" patternUnits="userSpaceOnUse"><path d="M0 10 q7 -6 14 0 t14 0" fill="none" stroke="rgba(255,255,255,.28)" stroke-width="1.2"/></pattern></defs>` +
    `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="url(#sg-waves)"/>` +
    landHtml(board) + `<g opacity="0.9">${regionsHtml(board, side)}</g>` + bordersHtml(board) + provinces +
    compassHtml(x0 + 40, y0 + 44) + `</svg>`;
}

/** @param {number} x @param {number} y */
function compassHtml(x, y) {
  return `<g class="sg-compass" transform="translate(${x} ${y})"><circle r="17"/><path d="M0 -14 L5 0 L0 14 L-5 0 Z"/><text y="-20">N</text></g>`;
}

/** @param {HTMLElement} el @param {(province: string) => void} onProvince */
export function bindMap(el, onProvince) {
  const pick = (/** @type {Event} */ event) => {
    const g = targetOf(event).closest?.("[data-province]");
    if (g && (g.classList.contains("target") || g.classList.contains("selectable"))) onProvince(/** @type {string} */ (g.getAttribute("data-province")));
  };
  el.addEventListener("click", pick);
  el.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(event); } });
}

/** Region legend: colour swatches of the current side. @param {string} side */
export function regionLegend(side) {
  return `<div class="sg-legend">${Object.entries(REGION_COLORS).map(([name, color]) =>
    `<span><i style="background:${color}"></i>${esc(t(`shogun-region-${name}`))}</span>`).join("")}<span class="muted">${esc(t("shogun-legend-note", { side }))}</span></div>`;
}

/** The zoom a map opens at: on a narrow screen, close enough for the names to be read. */
export const mapZoom = (/** @type {number} */ width) => (width < 720 ? 800 / width : 1);
