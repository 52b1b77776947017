// The 20 Samurai tiles as the client draws them (values, kinds, speed marks), and names for logs.

import { t } from "../../shell/i18n.js";

export const FIGURES = ["buddha", "rice", "castle"];
export const SEAT_COLORS = ["#c8382f", "#2d6fc4", "#2f9a4c", "#d99a19"];
export const SEAT_DARK = ["#7e1f19", "#173f75", "#195a2a", "#86600c"];

/** @typedef {{ id: string, kind: string, value: number | null, fast: boolean, sea: boolean }} TileInfo */

/** @param {string} id @returns {TileInfo} */
export function tileInfo(id) {
  const caste = /^(buddha|rice|castle)(\d)$/.exec(id);
  if (caste) return { id, kind: caste[1], value: +caste[2], fast: false, sea: false };
  if (id.startsWith("samurai")) return { id, kind: "samurai", value: +id[7], fast: false, sea: false };
  if (id === "ronin1") return { id, kind: "ronin", value: 1, fast: true, sea: false };
  if (id.startsWith("ship")) return { id, kind: "ship", value: +id[4], fast: true, sea: true };
  if (id === "figure_swap") return { id, kind: "figure_swap", value: null, fast: true, sea: false };
  return { id, kind: "tile_swap", value: 0, fast: false, sea: false };
}

/** A tile kind's or figure's name (`samurai-kind-<kind>` in the game's catalogue). @param {string} kind */
export function kindName(kind) {
  const id = `samurai-kind-${kind.replaceAll("_", "-")}`;
  const name = t(id);
  return name === id ? kind : name;
}

/** @param {string} id */
export function tileName(id) {
  const info = tileInfo(id);
  return info.value === null ? kindName(info.kind) : t("samurai-tile-named", { kind: kindName(info.kind), value: info.value });
}

/** @param {string} figure */
export function figureName(figure) { return kindName(figure); }
