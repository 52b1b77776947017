// The 20 Samurai tiles as the client draws them (values, kinds, speed marks), and names for logs.

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

/** @type {Record<string, string>} */
const KIND_NAMES = {
  buddha: "Buddha", rice: "Rice", castle: "Castle", samurai: "Samurai", ronin: "Ronin", ship: "Ship",
  figure_swap: "Figure swap", tile_swap: "Tile swap",
};

/** @param {string} id */
export function tileName(id) {
  const info = tileInfo(id);
  return info.value === null ? KIND_NAMES[info.kind] : `${KIND_NAMES[info.kind]} ${info.value}`;
}

/** @param {string} figure */
export function figureName(figure) { return KIND_NAMES[figure] || figure; }
