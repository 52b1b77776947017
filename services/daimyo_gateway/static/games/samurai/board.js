// The Samurai board as an SVG hex map: flat-topped hexes in odd-q offset coordinates (odd
// columns shifted down half a hex), drawn from the board geometry the gateway serves.

import { esc, targetOf } from "../../shell/widgets.js";
import { formatList, t } from "../../shell/i18n.js";
import { FIGURES, SEAT_COLORS, SEAT_DARK, tileInfo, tileName, figureName } from "./tiles.js";

/** @typedef {import("./wire.js").Hex} Hex */
/** @typedef {import("./wire.js").Settlement} Settlement */
/** @typedef {import("./wire.js").Geometry} Geometry */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./tiles.js").TileInfo} TileInfo */

/**
 * What a drawing highlights: hexes to move to or from, figures to pick, the last move's hexes.
 * @typedef {object} BoardOptions
 * @property {Set<string>} [targets]
 * @property {Set<string>} [sources]
 * @property {Map<string, Set<string>>} [figurePicks]   settlement -> figures that may be picked
 * @property {import("./wire.js").FigureSpot | null} [picked]
 * @property {Set<string>} [lastHexes]
 * @property {boolean} [showIds]
 * @property {View | null} [view]
 */

const S = 30; // hex radius in SVG units
const H = Math.sqrt(3) * S;

/** @param {{ col: number, row: number }} hex @returns {[number, number]} */
export function centre(hex) {
  return [S * 1.5 * hex.col, H * (hex.row + 0.5 * (hex.col & 1))];
}

/** @param {[number, number]} centre */
function corners([x, y], r = S) {
  return [0, 60, 120, 180, 240, 300]
    .map((a) => [x + r * Math.cos((a * Math.PI) / 180), y + r * Math.sin((a * Math.PI) / 180)])
    .map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
}

// The land and one ring of sea around it: the empty sea beyond is cropped away.
/** @param {Hex[]} hexes */
function viewBox(hexes) {
  const land = hexes.filter((h) => h.kind !== "sea");
  const near = (/** @type {Hex} */ h) => land.some((l) => Math.hypot(...centre(h).map((v, i) => v - centre(l)[i])) < H * 1.05);
  const points = (land.length ? hexes.filter((h) => h.kind !== "sea" || near(h)) : hexes).map(centre);
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const pad = S + 4;
  const x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
  return `${x0.toFixed(0)} ${y0.toFixed(0)} ${(Math.max(...xs) - x0 + pad).toFixed(0)} ${(Math.max(...ys) - y0 + pad).toFixed(0)}`;
}

/** @param {string} figure @param {number} x @param {number} y */
export function figureShape(figure, x, y, r = 9) {
  if (figure === "buddha") {
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="var(--buddha)" stroke="#fff" stroke-width="1.5"/>` +
      `<circle cx="${x}" cy="${y}" r="${r * 0.38}" fill="none" stroke="#fff" stroke-width="1.4"/>`;
  }
  if (figure === "rice") {
    return `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" rx="3" fill="var(--rice)" stroke="#fff" stroke-width="1.5"/>` +
      `<path d="M${x} ${y - r * 0.6} L${x} ${y + r * 0.6} M${x - r * 0.45} ${y - r * 0.1} L${x} ${y + r * 0.25} L${x + r * 0.45} ${y - r * 0.1}" stroke="#fff" stroke-width="1.4" fill="none"/>`;
  }
  const p = [[x, y - r * 1.1], [x + r, y - r * 0.25], [x + r * 0.8, y + r], [x - r * 0.8, y + r], [x - r, y - r * 0.25]];
  return `<polygon points="${p.map((q) => q.join(",")).join(" ")}" fill="var(--castle)" stroke="#fff" stroke-width="1.5"/>` +
    `<rect x="${x - r * 0.25}" y="${y + r * 0.2}" width="${r * 0.5}" height="${r * 0.8}" fill="#fff"/>`;
}

/** @param {number} x @param {number} y */
function fastMark(x, y) {
  return `<path d="M${x - 5} ${y - 3} l3 3 l-3 3 M${x} ${y - 3} l3 3 l-3 3" stroke="#fff" stroke-width="1.6" fill="none"/>`;
}

/** @param {TileInfo} info @param {number} x @param {number} y */
function tileMark(info, x, y) {
  if (FIGURES.includes(info.kind)) return figureShape(info.kind, x, y, 4.5);
  if (info.kind === "ship") {
    return `<path d="M${x - 7} ${y - 1} h14 l-3 4 h-8 z M${x} ${y - 1} v-7 l5 5 z" fill="#fff"/>`;
  }
  if (info.kind === "tile_swap") {
    return `<path d="M${x - 7} ${y - 2} h12 l-3 -3 M${x + 7} ${y + 3} h-12 l3 3" stroke="#fff" stroke-width="1.5" fill="none"/>`;
  }
  // samurai and ronin influence every type: three tiny figure dots
  return [-5, 0, 5].map((dx, i) => `<circle cx="${x + dx}" cy="${y}" r="2" fill="${["#e9d7ff", "#fff3b0", "#e0e0e0"][i]}"/>`).join("");
}

/** @param {Hex} hex @param {import("./wire.js").PlacedTile} tile @param {boolean} last @param {boolean} source */
function placedTile(hex, tile, last, source) {
  const [x, y] = centre(hex);
  const info = tileInfo(tile.tile);
  const colour = SEAT_COLORS[tile.seat], dark = SEAT_DARK[tile.seat];
  const value = info.value === null ? "" : info.value;
  const focus = source ? ` tabindex="0" role="button" aria-label="${esc(t("samurai-move-tile-from", { tile: tileName(tile.tile), hex: hexLabel(hex.id) }))}"` : "";
  const edge = source ? "#f2b63c" : last ? "#fff" : dark;
  return `<g class="placed${source ? " source" : ""}" data-hex="${hex.id}"${focus}><title>${esc(t("samurai-placed-title", { tile: tileName(tile.tile), seat: tile.seat + 1, hex: hexLabel(hex.id) }))}</title>` +
    `<polygon points="${corners([x, y], S - 3)}" fill="${colour}" stroke="${edge}" stroke-width="${source ? 5 : last ? 3.5 : 2}"/>` +
    `<text class="tile-label" x="${x}" y="${y - 5}" font-size="17">${value}</text>` +
    tileMark(info, x, y + 12) + (info.fast ? fastMark(x + 14, y - 13) : "") + `</g>`;
}

/** @param {Hex} hex @param {Settlement} site @param {string[]} figures @param {BoardOptions} opts */
function settlement(hex, site, figures, opts) {
  const [x, y] = centre(hex);
  const radius = site.kind === "village" ? 15 : site.kind === "city" ? 20 : 24;
  const spots = figures.length === 1 ? [[0, 0]] : figures.length === 2 ? [[-9, 0], [9, 0]] : [[0, -9], [-9, 7], [9, 7]];
  const picks = opts.figurePicks?.get(site.id);
  const target = opts.targets?.has(site.id);
  const figs = figures.map((f, i) => {
    const pick = picks?.has(f);
    const picked = opts.picked && opts.picked.settlement === site.id && opts.picked.figure === f;
    const cls = `figure${pick ? " pick" : ""}${picked ? " picked" : ""}${target ? " through" : ""}`;
    const attrs = pick ? ` tabindex="0" role="button" aria-label="${esc(t("samurai-figure-in", { figure: figureName(f), hex: hexLabel(site.id) }))}"` : "";
    return `<g class="${cls}" data-settlement="${site.id}" data-figure="${f}"${attrs}><title>${esc(figureName(f))}</title>` +
      (pick ? `<circle class="pick-ring" cx="${x + spots[i][0]}" cy="${y + spots[i][1]}" r="12.5"/>` : "") +
      figureShape(f, x + spots[i][0], y + spots[i][1]) + `</g>`;
  }).join("");
  const focus = target ? ` tabindex="0" role="button" aria-label="${esc(hexLabel(site.id))}"` : "";
  const empty = figures.length ? "" : " empty";
  return `<circle class="settle-base ${site.kind}${empty}${target ? " target-site" : ""}" data-hex="${site.id}" cx="${x}" cy="${y}" r="${radius}"${focus} data-site="${site.id}"><title>${esc(t("samurai-site-influence", { hex: hexLabel(site.id), influence: influenceText(opts.view, site.id, figures) }))}</title></circle>${figs}`;
}

/** `view` may be null (board only). opts: targets/sources (Sets of hex ids), figurePicks
 *  (Map settlement -> Set of figures), picked, lastHexes, showIds (false: no faint coordinates
 *  on the empty land hexes; they are what the log and the hints name hexes by).
 *  @param {Geometry} geometry @param {View | null} view @param {BoardOptions} [opts] */
export function boardSvg(geometry, view, opts = {}) {
  useBoard(geometry);
  opts = { ...opts, view };
  /** @type {Map<string, Settlement>} */
  const sites = new Map(geometry.settlements.map((s) => [s.id, s]));
  const tiles = view?.tiles || {};
  const figures = view?.figures || {};
  const targets = opts.targets || new Set(), sources = opts.sources || new Set();
  const last = opts.lastHexes || new Set();
  const parts = [];
  for (const hex of geometry.hexes) {
    const kind = hex.kind;
    const cls = `hex ${kind}${targets.has(hex.id) ? " target" : ""}${sources.has(hex.id) ? " source" : ""}`;
    const focus = targets.has(hex.id) || sources.has(hex.id) ? ` tabindex="0" role="button" aria-label="${esc(hexLabel(hex.id))}"` : "";
    parts.push(`<polygon class="${cls}" data-hex="${hex.id}" points="${corners(centre(hex))}"${focus}><title>${esc(t("samurai-hex-title", { kind, hex: hexLabel(hex.id) }))}</title></polygon>`);
  }
  for (const hex of geometry.hexes) {
    if (tiles[hex.id]) parts.push(placedTile(hex, tiles[hex.id], last.has(hex.id), sources.has(hex.id)));
    const site = sites.get(hex.id);
    if (site) parts.push(settlement(hex, site, figures[hex.id] || [], opts));
    if (opts.showIds !== false && hex.kind === "land" && !tiles[hex.id]) {
      const [x, y] = centre(hex);
      parts.push(`<text class="hex-id" x="${x}" y="${y + 3}">${coordinate(hex)}</text>`);
    }
  }
  return `<svg viewBox="${viewBox(geometry.hexes)}" role="group" aria-label="${esc(t("samurai-board-label"))}" xmlns="http://www.w3.org/2000/svg">${parts.join("")}</svg>`;
}

/**
 * What a click, a key or a drop on the board hit.
 * @typedef {object} BoardHandlers
 * @property {(hex: string) => void} [onHex]
 * @property {(settlement: string, figure: string) => void} [onFigure]
 * @property {(hex: string, tile: string) => void} [onDrop]
 */

/** Clicks, keys and drops on the board call back with what was hit.
 *  @param {HTMLElement} container @param {BoardHandlers} handlers */
export function bindBoard(container, { onHex, onFigure, onDrop }) {
  const data = (/** @type {Element} */ el, /** @type {string} */ name) => /** @type {string} */ (el.getAttribute(`data-${name}`));
  const hit = (/** @type {Event} */ event) => {
    const figure = targetOf(event).closest("[data-figure]");
    if (figure && figure.classList.contains("pick")) return onFigure?.(data(figure, "settlement"), data(figure, "figure"));
    const hex = targetOf(event).closest("[data-hex]");
    if (hex) onHex?.(data(hex, "hex"));
    else if (figure) onHex?.(data(figure, "settlement"));
  };
  container.addEventListener("click", hit);
  container.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); hit(event); }
  });
  container.addEventListener("dragover", (event) => {
    const hex = targetOf(event).closest(".hex.target");
    if (hex) event.preventDefault();
  });
  container.addEventListener("drop", (event) => {
    const hex = targetOf(event).closest("[data-hex]");
    if (hex) { event.preventDefault(); onDrop?.(data(hex, "hex"), /** @type {DataTransfer} */ (event.dataTransfer).getData("text/plain")); }
  });
}

/** The zoom the board opens at: closer on a narrow screen. */
export const boardZoom = () => 1; // the hexes are big enough on a phone; + zooms in

// -- names for hexes a person can read --------------------------------------------------------
// Hex ids ("h89") are the engine's; people read "E7" (column letter, row number, the same grid
// the board is drawn on) and, next to a settlement, which one ("by the city at F6").

/** @type {{ geometry: Geometry | null, byId: Map<string, Hex>, sites: Map<string, Settlement>, col0: number, row0: number }} */
const named = { geometry: null, byId: new Map(), sites: new Map(), col0: 0, row0: 0 };

/** The board the names below are read from (each drawing sets it; a screen sets it first).
 *  @param {Geometry} geometry */
export function useBoard(geometry) {
  if (named.geometry === geometry) return;
  named.geometry = geometry;
  named.byId = new Map(geometry.hexes.map((h) => [h.id, h]));
  named.sites = new Map(geometry.settlements.map((s) => [s.id, s]));
  named.col0 = Math.min(...geometry.hexes.map((h) => h.col));
  named.row0 = Math.min(...geometry.hexes.map((h) => h.row));
}

/** @param {Hex} hex */
function coordinate(hex) {
  const col = hex.col - named.col0, row = hex.row - named.row0 + 1;
  return `${col >= 26 ? String.fromCharCode(64 + Math.floor(col / 26)) : ""}${String.fromCharCode(65 + (col % 26))}${row}`;
}

/** @param {string} id @returns {Hex[]} */
export function neighbours(id) {
  const hex = named.byId.get(id);
  if (!hex || !named.geometry) return [];
  const [x, y] = centre(hex);
  return named.geometry.hexes.filter((h) => h.id !== id && Math.hypot(centre(h)[0] - x, centre(h)[1] - y) < H * 1.05);
}

/** "the city at F6" for a settlement, "E7" (or "E7, by the village at E6") for any other hex. */
/** @param {string} id */
export function hexLabel(id) {
  const hex = named.byId.get(id);
  if (!hex) return t("samurai-a-hex");
  const site = named.sites.get(id);
  if (site) return t("samurai-site-at", { kind: site.kind, at: coordinate(hex) });
  const near = neighbours(id).find((h) => named.sites.has(h.id));
  const nearKind = near && /** @type {Settlement} */ (named.sites.get(near.id)).kind;
  return near ? t("samurai-hex-near", { at: coordinate(hex), kind: nearKind, near: coordinate(near) }) : coordinate(hex);
}

/** Each seat's influence on a settlement, per figure type still on it (tiles on its neighbours). */
/** @param {View | null | undefined} view @param {string} siteId */
export function influence(view, siteId) {
  /** @type {Record<string, import("./wire.js").FigureCounts>} */
  const out = {};
  for (const hex of neighbours(siteId)) {
    const tile = view?.tiles?.[hex.id];
    if (!tile) continue;
    const info = tileInfo(tile.tile);
    const types = FIGURES.includes(info.kind) ? [info.kind] : ["samurai", "ronin", "ship"].includes(info.kind) ? FIGURES : [];
    const seat = (out[tile.seat] ??= Object.fromEntries(FIGURES.map((f) => [f, 0])));
    for (const f of types) seat[f] += info.value || 0;
  }
  return out;
}

/** @param {View | null | undefined} view @param {string} siteId @param {string[]} figures */
export function influenceText(view, siteId, figures, seatName = (/** @type {string} */ s) => t("shell-seat-number", { seat: +s + 1 })) {
  if (!figures.length) return t("samurai-influence-none-left");
  const per = influence(view, siteId);
  const seats = Object.keys(per);
  if (!seats.length) return t("samurai-influence-none-yet", { figures: formatList(figures.map(figureName)) });
  return seats.map((s) => t("samurai-influence-seat", { name: seatName(s), values: figures.map((f) => t("samurai-influence-figure", { figure: figureName(f), value: per[s][f] })).join(", ") })).join("; ");
}
