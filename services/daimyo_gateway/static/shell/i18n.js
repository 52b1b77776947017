// THROW-AWAY STUB of the language contract's module (the languages branch, i30-locales, brings
// the real one: Fluent catalogues per owner, locales, Intl formatting). Until it is merged, a
// feature that needs `t` reads its English here; the coordinator replaces this file at merge.
// Only the review's strings (static/analysis/locales/en.ftl) are in it.

/** @type {Record<string, string>} */
const EN = {
  "analysis-title": "Game review",
  "analysis-request": "Review this game",
  "analysis-none": "This game has not been reviewed yet.",
  "analysis-queued": "Waiting for a reviewer…",
  "analysis-progress": "Analysing… { $percent } %",
  "analysis-failed": "The review failed ({ $error }).",
  "analysis-retry": "Try again",
  "analysis-refused": "The review could not be asked for: { $message }",
  "analysis-chart-win": "Chance to win before each move (click a point to go there)",
  "analysis-chart-rank": "Expected rank before each move (click a point to go there)",
  "analysis-point-win": "{ $seat }, move { $move }: { $value } % to win",
  "analysis-point-rank": "{ $seat }, move { $move }: expected rank { $value }",
  "analysis-axis-start": "start",
  "analysis-axis-end": "end",
  "analysis-summary-title": "Skill and luck",
  "analysis-col-player": "Player",
  "analysis-col-skill": "Skill lost",
  "analysis-col-luck": "Luck",
  "analysis-col-marks": "Inaccuracies · mistakes · blunders",
  "analysis-points": "{ $points } pts",
  "analysis-moves-title": "Decisions",
  "analysis-move": "Move { $move } · { $seat }",
  "analysis-cost": "cost { $points } pts",
  "analysis-mark-inaccuracy": "Inaccuracy",
  "analysis-mark-mistake": "Mistake",
  "analysis-mark-blunder": "Blunder",
  "analysis-show-better": "Show the better move",
  "analysis-hide-better": "Hide the better move",
  "analysis-better": "Better: { $move }",
  "analysis-help-title": "How to read the review",
  "analysis-help-unit": "Every number is a score: 100 means sure to finish first, 0 sure to finish last. With two players it is the chance to win; with more it is shown as an expected rank. Points are hundredths of that score.",
  "analysis-help-ahead": "Who was ahead: before each move, every seat's score if the game were played on from there with every hand and hidden choice as it stood, and only the future chance (draws, tower fights, events) drawn anew. The review knows what the table knew then, not what came later.",
  "analysis-help-cost": "A decision's cost: judged only from what the deciding player could see, over many guesses of what they could not see (as the bots guess). It is the score of the best alternative found minus the score of the move played, never below 0.",
  "analysis-help-marks": "Marks: an inaccuracy costs 5 points or more, a mistake 10 or more, a blunder 20 or more.",
  "analysis-help-luck": "Luck: how much each chance event (a draw, a tower battle, an event card, the deal) moved a player's score compared with what was expected before it; added up over the game.",
  "analysis-help-skill": "Skill lost: the sum of a player's decision costs, in the same points as luck.",
  "analysis-move-place": "place { $tile } on { $hex }",
  "analysis-move-tile_swap": "move the tile from { $from } to { $to }",
  "analysis-move-figure_swap": "swap two figures",
  "analysis-move-end_turn": "end the turn",
  "analysis-move-pass": "pass",
  "analysis-move-choose_hand": "another opening hand",
  "analysis-move-plan": "another plan (bid { $bid })",
  "analysis-move-move": "march { $armies } to { $to }",
  "analysis-move-draft": "draft { $take }",
  "analysis-move-pick_special": "pick { $card }",
  "analysis-move-skip": "skip",
  "analysis-move-other": "another move ({ $type })",
};

/** @type {Set<() => void>} */
const listeners = new Set();

/** The message `id` with its `{ $name }` placeables filled from `args` (the id when unknown).
 * @param {string} id @param {Record<string, unknown>} [args] */
export function t(id, args = {}) {
  const text = EN[id];
  if (text === undefined) return id;
  return text.replace(/\{ *\$([a-zA-Z0-9_-]+) *\}/g, (_, name) => String(args[name] ?? ""));
}

export const currentLocale = () => "en";

/** @param {string} _tag */
export function setLocale(_tag) { listeners.forEach((fn) => fn()); }

/** @param {() => void} fn */
export function onLocaleChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

/** @param {number} n @param {Intl.NumberFormatOptions} [opts] */
export const formatNumber = (n, opts) => new Intl.NumberFormat("en", opts).format(n);

/** Fill `data-i18n` (text) and `data-i18n-attr` ("attr:id,attr2:id2") under `root`. @param {ParentNode} root */
export function localize(root) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(/** @type {string} */ (el.getAttribute("data-i18n"))); });
  root.querySelectorAll("[data-i18n-attr]").forEach((el) => {
    for (const pair of (el.getAttribute("data-i18n-attr") || "").split(",")) {
      const [attr, id] = pair.split(":");
      if (attr && id) el.setAttribute(attr.trim(), t(id.trim()));
    }
  });
}
