// Shogun's guided first game (shell/coach.js): plan an action on the map and send the plan — each
// learnt by doing it — then what costs, the bid, the tower, the season's event and the winter
// mean, read while the round resolves.

/** @typedef {import("../../shell/coach.js").Lesson} Lesson */

/** @type {Lesson[]} */
export const LESSONS = [
  { id: "plan", done: (root) => !!root.querySelector("#board .sg-plan-tag") },
  { id: "costs" },
  { id: "bid" },
  { id: "submit", done: (root) => !root.querySelector("#decide [data-act=submit-plan]") },
  { id: "tower" },
  { id: "events" },
  { id: "winter" },
];
