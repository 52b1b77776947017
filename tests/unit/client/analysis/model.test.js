// What the review shows, without the DOM: positions to replay versions, how scores read, the
// chart's lines and the summary rows.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  chartLines, percent, points, positionAt, positionVersions, scoreValue, summaryRows,
} from "../../../../services/daimyo_gateway/static/analysis/model.js";

const EVENTS = [
  { version: 2, type: "MoveMade", seat: 0, move: { type: "place" } },
  { version: 3, type: "SeatTakenOver", seat: 1, move: null },
  { version: 4, type: "MoveMade", seat: 1, move: { type: "end_turn" } },
  { version: 5, type: "GameFinished", seat: null, move: null },
];

describe("positionVersions", () => {
  test("maps the start to version 1 and each move to the version right after it", () => {
    assert.deepEqual(positionVersions(EVENTS), [1, 2, 4]);
  });

  test("finds the position a replay version shows, seat changes and the end included", () => {
    const versions = positionVersions(EVENTS);
    assert.deepEqual([1, 2, 3, 4, 5].map((v) => positionAt(versions, v)), [0, 1, 1, 2, 2]);
  });
});

describe("scores", () => {
  test("read as per cent to win with two players and as an expected rank with more", () => {
    assert.equal(scoreValue(0.734, 2), 73);
    assert.equal(scoreValue(1, 4), 1);
    assert.equal(scoreValue(0, 4), 4);
    assert.equal(scoreValue(0.5, 3), 2);
  });

  test("costs and luck are hundredths of a score, progress whole per cent within 0..100", () => {
    assert.equal(points(0.1234), 12.3);
    assert.equal(points(-0.05), -5);
    assert.deepEqual([percent(-1), percent(0.426), percent(2)], [0, 42, 100]);
  });
});

describe("chartLines", () => {
  test("draws one line per seat, left to right, a higher score higher up", () => {
    const lines = chartLines([[0.5, 0.5], [1, 0], [0, 1]], 100, 50, 0);
    assert.equal(lines.length, 2);
    assert.deepEqual(lines[0].points, [[0, 25], [50, 0], [100, 50]]);
    assert.deepEqual(lines[1].points.map(([x]) => x), [0, 50, 100]);
  });
});

describe("summaryRows", () => {
  test("gives skill lost and luck in points and the marks in a fixed order", () => {
    const rows = summaryRows([{ seat: 0, skill_lost: 0.42, luck: -0.1, decisions: 9, marks: { blunder: 1, inaccuracy: 2 } }]);
    assert.deepEqual(rows, [{ seat: 0, skill: 42, luck: -10, marks: [2, 0, 1] }]);
  });
});
