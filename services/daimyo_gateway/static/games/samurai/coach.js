// Samurai's guided first game (shell/coach.js): pick a tile, place it, end the turn — each learnt
// by doing it — then what surrounding a settlement, the swaps and the final scoring mean, read
// when the player has played a turn and the board starts to fill.

/** @typedef {import("../../shell/coach.js").Lesson} Lesson */

/** @param {HTMLElement} root */
const handSize = (root) => root.querySelectorAll("#hand button.tile").length;

/** @type {Lesson[]} */
export const LESSONS = [
  { id: "pick", done: (root) => !!root.querySelector("#hand .tile.selected") },
  // placed: a tile left the hand, or (a normal tile ends the turn and refills it at once) the game
  // moved on with nothing chosen any more
  { id: "place", done: (root, since) => (handSize(root) > 0 && handSize(root) < 5) || (Number(root.dataset.version) > since && !root.querySelector("#hand .tile.selected")) },
  { id: "end", done: (root) => handSize(root) === 5 && !root.querySelector("#hand [data-act=end_turn]") },
  { id: "surround" },
  { id: "swaps" },
  { id: "scoring" },
];
