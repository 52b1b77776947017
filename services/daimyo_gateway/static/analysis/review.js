// The review of a finished game, under its replay (shell/replay.js mounts it): "review this
// game" or "analysing… n %" while it runs, then the chart of who was ahead (click a point to go
// there), the skill and luck of each seat, the decisions with their marks, the better move drawn
// on the board and said in words (both by the game's own games/<game>/review.js, whose catalogue
// holds the game's words), and the help that defines it all. Every other string comes from the
// catalogue (analysis/locales/*.ftl) through `t`.

import { call, get } from "../shell/api.js";
import { t } from "../shell/i18n.js";
import { esc, find, messageOf, seatName, targetOf } from "../shell/widgets.js";
import { MARKS, chartLines, judged, percent, points, positionAt, positionVersions, scoreValue, summaryRows } from "./model.js";

const POLL_MS = 2000;
const WIDTH = 640, HEIGHT = 180;
const STYLE = new URL("./style.css", import.meta.url).href;

/**
 * @typedef {import("./model.js").Analysis} Analysis
 * @typedef {import("./model.js").MoveReview} MoveReview
 * @typedef {{ status: string, progress: number, analysis: Analysis | null, error?: string | null }} Answer
 * @typedef {{ markBetterMove: (board: Element, move: Record<string, any>) => boolean,
 *   describeMove: (move: Record<string, any>) => string }} GameReview
 * @typedef {{ root: HTMLElement, info: import("../shell/games.js").GameInfo,
 *   events: import("./model.js").LogEvent[], go: (version: number) => void }} ReviewHost
 */

/** @type {GameReview} */
const NO_DRAWING = { markBetterMove: () => false, describeMove: (move) => t("analysis-move-other", { type: String(move.type) }) };

/** @param {string} game @returns {Promise<GameReview>} */
async function gameReview(game) {
  if (!/^[a-z][a-z0-9_]*$/.test(game)) return NO_DRAWING;
  return import(`../games/${game}/review.js`).then((m) => /** @type {GameReview} */ (m)).catch(() => NO_DRAWING);
}

function addStyle() {
  if (document.querySelector("link[data-analysis]")) return;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: STYLE });
  link.dataset.analysis = "";
  document.head.append(link);
}

/** @param {ReviewHost} host */
export function mountReview({ root, info, events, go }) {
  addStyle();
  const section = document.createElement("section");
  section.className = "card analysis";
  section.setAttribute("aria-label", t("analysis-title"));
  root.append(section);
  const versions = positionVersions(events);
  const review = gameReview(info.game);
  /** @type {Answer | null} */
  let answer = null;
  let at = info.version, selected = -1, better = false, gone = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  async function load() {
    try {
      answer = /** @type {Answer} */ (await get(`/api/games/${info.game_id}/analysis`));
    } catch (error) {
      answer = { status: "failed", progress: 0, analysis: null, error: messageOf(error) };
    }
    if (gone) return;
    render();
    if (answer.status === "queued" || answer.status === "running") timer = setTimeout(load, POLL_MS);
  }

  async function request() {
    try {
      answer = /** @type {Answer} */ (await call("POST", `/api/games/${info.game_id}/analysis`));
      render();
      clearTimeout(timer);
      timer = setTimeout(load, POLL_MS);
    } catch (error) {
      find(section, "[data-analysis-status]").textContent = t("analysis-refused", { message: messageOf(error) });
    }
  }

  function render() {
    const analysis = answer?.status === "done" ? answer.analysis : null;
    section.innerHTML = `<h3>${esc(t("analysis-title"))}</h3>` + (analysis
      ? chartHtml(analysis, info, positionAt(versions, at)) + summaryHtml(analysis, info) + decisionsHtml(analysis, info, selected, better)
      : statusHtml(answer)) + helpHtml();
    if (analysis) describeBetter(analysis);
  }

  /** @param {Analysis} analysis */
  async function describeBetter(analysis) {
    const game = await review;
    section.querySelectorAll("[data-better-text]").forEach((el) => {
      const move = analysis.moves[Number(el.getAttribute("data-better-text"))]?.better;
      if (move) el.textContent = t("analysis-better", { move: game.describeMove(move) });
    });
  }

  async function drawBetter() {
    const analysis = answer?.analysis;
    const decision = analysis && selected >= 0 ? analysis.moves[selected] : null;
    if (!better || !decision?.better || positionAt(versions, at) !== decision.index) return;
    const board = root.querySelector("#board");
    if (board) (await review).markBetterMove(board, decision.better);
  }

  section.addEventListener("click", (event) => {
    const target = targetOf(event);
    const point = target.closest("[data-position]");
    const decision = target.closest("[data-decision]");
    const toggle = target.closest("[data-better]");
    if (target.closest("[data-request]")) request();
    else if (point) go(versions[Number(point.getAttribute("data-position"))] ?? 1);
    else if (toggle) { better = !better; render(); go(versions[selected] ?? 1); }
    else if (decision) { selected = Number(decision.getAttribute("data-decision")); render(); go(versions[selected] ?? 1); }
  });
  load();
  return {
    /** The replay shows version `next` (after its board is drawn). @param {number} next */
    shown(next) {
      at = next;
      const marker = section.querySelector("[data-now]");
      const analysis = answer?.analysis;
      if (marker && analysis) {
        const [line] = chartLines(analysis.ahead, WIDTH, HEIGHT);
        const x = line?.points[positionAt(versions, at)]?.[0] ?? 0;
        marker.setAttribute("x1", String(x));
        marker.setAttribute("x2", String(x));
      }
      drawBetter();
    },
    close() { gone = true; clearTimeout(timer); },
  };
}

/** @param {Answer | null} answer */
function statusHtml(answer) {
  const status = answer?.status ?? "none";
  if (status === "queued") return `<p data-analysis-status>${esc(t("analysis-queued"))}</p>`;
  if (status === "running") {
    const n = percent(answer?.progress ?? 0);
    return `<p data-analysis-status>${esc(t("analysis-progress", { percent: n }))}</p>` +
      `<progress max="100" value="${n}" aria-label="${esc(t("analysis-progress", { percent: n }))}"></progress>`;
  }
  const said = status === "failed" ? t("analysis-failed", { error: answer?.error ?? "" }) : t("analysis-none");
  const button = status === "failed" ? t("analysis-retry") : t("analysis-request");
  return `<p data-analysis-status>${esc(said)}</p><button type="button" data-request>${esc(button)}</button>`;
}

/** @param {Analysis} analysis @param {import("../shell/games.js").GameInfo} info @param {number} now */
function chartHtml(analysis, info, now) {
  const players = analysis.players;
  const lines = chartLines(analysis.ahead, WIDTH, HEIGHT);
  const x = lines[0]?.points[now]?.[0] ?? 0;
  const label = t(players <= 2 ? "analysis-chart-win" : "analysis-chart-rank");
  const pointId = players <= 2 ? "analysis-point-win" : "analysis-point-rank";
  const paths = lines.map(({ seat, points: pts }) =>
    `<polyline class="review-line seat-${seat}" points="${pts.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ")}"/>` +
    pts.map(([px, py], k) => `<circle class="review-point seat-${seat}" data-position="${k}" cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3.5" tabindex="0" role="button">` +
      `<title>${esc(t(pointId, { seat: seatName(info.seats, seat), move: k, value: scoreValue(analysis.ahead[k][seat], players) }))}</title></circle>`).join("")).join("");
  const legend = lines.map(({ seat }) => `<span class="review-key seat-${seat}">${esc(seatName(info.seats, seat))}</span>`).join(" ");
  return `<figure class="review-chart"><figcaption>${esc(label)}</figcaption>` +
    `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${esc(label)}" data-analysis-chart>` +
    `<line class="review-mid" x1="0" x2="${WIDTH}" y1="${HEIGHT / 2}" y2="${HEIGHT / 2}"/>` +
    `<line class="review-now" data-now x1="${x}" x2="${x}" y1="0" y2="${HEIGHT}"/>${paths}</svg>` +
    `<div class="review-legend">${legend}</div></figure>`;
}

/** @param {Analysis} analysis @param {import("../shell/games.js").GameInfo} info */
function summaryHtml(analysis, info) {
  const rows = summaryRows(analysis.seats).map((r) => `<tr><td><span class="review-key seat-${r.seat}">${esc(seatName(info.seats, r.seat))}</span></td>` +
    `<td>${esc(t("analysis-points", { points: r.skill }))}</td><td>${esc(t("analysis-points", { points: r.luck > 0 ? `+${r.luck}` : r.luck }))}</td>` +
    `<td>${r.marks.join(" · ")}</td></tr>`).join("");
  return `<table class="review-summary" data-analysis-summary><caption>${esc(t("analysis-summary-title"))}</caption>` +
    `<thead><tr><th>${esc(t("analysis-col-player"))}</th><th>${esc(t("analysis-col-skill"))}</th><th>${esc(t("analysis-col-luck"))}</th>` +
    `<th>${esc(t("analysis-col-marks"))}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** @param {Analysis} analysis @param {import("../shell/games.js").GameInfo} info @param {number} selected @param {boolean} better */
function decisionsHtml(analysis, info, selected, better) {
  const items = judged(analysis.moves).map((m) => {
    const mark = m.mark && MARKS.includes(m.mark) ? `<span class="review-mark ${m.mark}" data-mark="${m.mark}">${esc(t(`analysis-mark-${m.mark}`))}</span>` : "";
    const chosen = m.index === selected;
    const extra = chosen && m.better
      ? `<span data-better-text="${m.index}"></span> <button type="button" data-better aria-pressed="${better}">${esc(t(better ? "analysis-hide-better" : "analysis-show-better"))}</button>`
      : "";
    return `<li class="${chosen ? "selected" : ""}"><button type="button" class="link" data-decision="${m.index}">` +
      `${esc(t("analysis-move", { move: m.index + 1, seat: seatName(info.seats, m.seat) }))}</button> ` +
      `<span class="muted">${esc(t("analysis-cost", { points: points(m.cost ?? 0) }))}</span> ${mark} ${extra}</li>`;
  }).join("");
  return `<h4>${esc(t("analysis-moves-title"))}</h4><ol class="review-moves" data-analysis-moves>${items}</ol>`;
}

function helpHtml() {
  const parts = ["unit", "ahead", "cost", "marks", "luck", "skill"].map((k) => `<p>${esc(t(`analysis-help-${k}`))}</p>`).join("");
  return `<details class="review-help"><summary>${esc(t("analysis-help-title"))}</summary>${parts}</details>`;
}
