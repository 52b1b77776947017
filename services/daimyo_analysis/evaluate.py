"""The review of one finished game: who was ahead, what each decision cost, luck against skill.

Every number is a *score*: a seat's share of the seats it finishes ahead of (1 = sure first,
0 = sure last, ties shared), so in a 2-player game it is the chance to win and with 3–5 players
it maps to an expected rank (`1 + (players - 1) * (1 - score)`). One unit for all of it:

- *Who was ahead* before move k: each seat's mean score over playouts from the true position at k
  — every hand and hidden choice as it stood — with only the future chance re-drawn
  (`resample_future`); the review knows what the table knew then, not the future.
- *A decision's cost*: judged only from the deciding seat's view. Worlds are sampled from that
  view (the engine's sampler, as the bots do); the moves the bots' search likes best, a few
  sampled legal moves and the move played are each played in every world and played out with the
  same playout seed per world (common random numbers). The best is picked on half of the worlds
  and cost = its mean − the played move's mean on the other half, at least 0.
  Marks: inaccuracy ≥ 0.05, mistake ≥ 0.10, blunder ≥ 0.20 (in score, e.g. 20 points of win chance).
- *Luck* of a chance event (a draw, a tower battle, an event, the deal): the seats' scores just
  after it minus what they were expected to be after the same move with its chance re-drawn.
  *Skill lost*: the sum of a seat's costs.

Deterministic for (game log, analyser version, seed): every generator is seeded from the seed and
the move's index; no clock is read. Pure apart from CPU: the worker runs it in a low-priority
process.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from daimyo_analysis.plugins import GameAnalysis, analysis_for
from daimyo_rules.core import JSON, Game, Rng, RuleError
from daimyo_rules.registry import get_game

ANALYSER_VERSION = 1
"""Bumped whenever a change would alter a stored analysis; (game, version) is the idempotency key."""

MARKS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
Progress = Callable[[int, int], None]
UNJUDGED: dict[str, Any] = {"cost": None, "mark": None, "better": None, "value": None}


@dataclass(frozen=True)
class Budget:
    """How hard the review looks (the service's DAIMYO_ANALYSIS_* settings)."""

    ahead_playouts: int = 32  # playouts per position for who was ahead (and per chance event)
    decision_worlds: int = 64  # worlds sampled from the seat's view per decision (half pick, half value)
    candidates: int = 3  # the search's best moves judged beside the one played
    sampled_moves: int = 1  # random legal moves judged too (the search has none outside play)
    search_iterations: int = 200  # the bots' search, per decision, to propose candidates


@dataclass(frozen=True)
class GameLog:
    """A finished game as the engine replays it: config, seed and (seat, move) in order."""

    game: str
    config: JSON
    seed: int
    moves: tuple[tuple[int, JSON], ...]


def analysis_seed(game_id: str, version: int = ANALYSER_VERSION) -> int:
    """The review's seed for a game: from its id and the analyser version, never the game's seed."""
    digest = hashlib.sha256(f"{game_id}/{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def mix(seed: int, *parts: int) -> int:
    """A sub-seed for one step of the review (SplitMix over the parts)."""
    rng = Rng(seed)
    for part in parts:
        rng = Rng(rng.next_u64() ^ (part & ((1 << 64) - 1)))
    return rng.next_u64()


class Analyser:
    """The review of one game; `run` returns the JSON the service stores."""

    def __init__(self, log: GameLog, seed: int, budget: Budget, progress: Progress | None = None) -> None:
        self.log, self.seed, self.budget = log, seed, budget
        self.engine: Game = get_game(log.game)
        self.plugin: GameAnalysis = analysis_for(log.game)
        self.progress = progress or (lambda done, total: None)

    def run(self) -> dict[str, Any]:
        state = self.engine.initial_state(self.log.config, self.log.seed)
        ahead, moves = [self.ahead(state, -1)], []
        players = len(ahead[0])
        deal = self.engine.chance_outcomes(None, state)
        luck0 = [a - 0.5 for a in ahead[0]] if deal else [0.0] * players
        total = len(self.log.moves)
        for k, (seat, move) in enumerate(self.log.moves):
            entry, state = self.review_move(k, state, seat, move)
            ahead.append(entry.pop("ahead_after"))
            moves.append(entry)
            self.progress(k + 1, total)
        return {"game": self.log.game, "version": ANALYSER_VERSION, "seed": self.seed, "players": players,
                "budget": vars(self.budget), "thresholds": dict(MARKS), "ahead": ahead,
                "deal_luck": luck0, "moves": moves, "seats": summarise(players, moves, luck0)}

    def review_move(self, k: int, before: Any, seat: int, move: JSON) -> tuple[dict[str, Any], Any]:
        """One move: its cost from the seat's view, the position after, the luck of its chance."""
        judged = self.judge(k, before, seat, move)
        after = self.engine.apply(before, seat, move)
        ahead_after = self.ahead(after, k)
        luck = None
        if self.engine.chance_outcomes(before, after):
            expected = self.expected_after(k, before, seat, move)
            luck = [round(a - e, 4) for a, e in zip(ahead_after, expected, strict=True)]
        entry = {"index": k, "seat": seat, "move": move, **judged, "luck": luck,
                 "ahead_after": [round(a, 4) for a in ahead_after]}
        return entry, after

    # ------------------------------------------------------------ who was ahead

    def ahead(self, state: Any, k: int) -> list[float]:
        """Each seat's mean score from `state` with only its future chance re-drawn."""
        return self._mean(self._futures(state, mix(self.seed, 1, k)))

    def expected_after(self, k: int, before: Any, seat: int, move: JSON) -> list[float]:
        """The seats' mean scores after `move` with the chance it causes re-drawn."""
        rng = Rng(mix(self.seed, 2, k))
        samples = []
        for _ in range(self.budget.ahead_playouts):
            world = self.plugin.resample_future(before, rng)
            samples.append(self.plugin.rollout(self.engine.apply(world, seat, move), rng))
        return self._mean(samples)

    def _futures(self, state: Any, seed: int) -> list[list[float]]:
        rng = Rng(seed)
        return [self.plugin.rollout(self.plugin.resample_future(state, rng), rng)
                for _ in range(self.budget.ahead_playouts)]

    @staticmethod
    def _mean(samples: Sequence[Sequence[float]]) -> list[float]:
        return [sum(column) / len(samples) for column in zip(*samples, strict=True)]

    # ------------------------------------------------------------ a decision's cost

    def judge(self, k: int, before: Any, seat: int, move: JSON) -> dict[str, Any]:
        """The decision's cost judged from `seat`'s view only (see `judge_from_view`); none with
        a budget of no decision worlds (a review of who was ahead only, as calibration runs)."""
        if self.budget.decision_worlds <= 0:
            return dict(UNJUDGED)
        view = self.engine.view(before, seat)
        return judge_from_view(self.engine, self.plugin, self.budget, view, seat, move, mix(self.seed, 3, k))


def judge_from_view(engine: Game, plugin: GameAnalysis, budget: Budget, view: JSON, seat: int,
                    move: JSON, seed: int) -> dict[str, Any]:
    """Cost of `move` for `seat` from its view alone, over worlds sampled from the view (the same
    worlds and playout seeds for every candidate). The best alternative is chosen on one half of
    the worlds and both moves are valued on the other, so the noise of picking the best of several
    estimates does not turn into a cost of its own."""
    rng = Rng(seed)
    worlds = [engine.sample_state(view, seat, rng) for _ in range(budget.decision_worlds)]
    played = engine.move_to_json(engine.parse_move(move))
    options = _options(engine, plugin, budget, view, seat, played, worlds[0], rng)
    if len(options) < 2:
        return dict(UNJUDGED)
    seeds = [rng.next_u64() for _ in worlds]
    half = max(1, len(worlds) // 2)
    picking, valuing = (worlds[:half], seeds[:half]), (worlds[half:] or worlds, seeds[half:] or seeds)
    played_key = _key(played)
    picked = {key: _value(engine, plugin, *picking, seat, option) for key, option in options.items()}
    best_key = max(picked, key=lambda key: (picked[key], key == played_key, key))
    best_value = _value(engine, plugin, *valuing, seat, options[best_key])
    played_value = _value(engine, plugin, *valuing, seat, played)
    cost = max(0.0, best_value - played_value)
    better = options[best_key] if best_key != played_key and cost > 0 else None
    return {"cost": round(cost, 4), "mark": mark(cost), "better": better,
            "value": round(played_value, 4), "best_value": round(max(best_value, played_value), 4)}


def _options(engine: Game, plugin: GameAnalysis, budget: Budget, view: JSON, seat: int, played: JSON,
             world: Any, rng: Rng) -> dict[str, JSON]:
    """The moves judged: the played one, the search's best, a few sampled legal moves."""
    proposed = plugin.candidates(view, seat, rng.next_u64(), budget.search_iterations)
    found = [played, *proposed[:budget.candidates]]
    if len(engine.legal_moves(world, seat)) > 1:
        found += [engine.move_to_json(engine.random_move(world, seat, rng))
                  for _ in range(budget.sampled_moves)]
    return {_key(m): m for m in found}


def _value(engine: Game, plugin: GameAnalysis, worlds: list[Any], seeds: list[int], seat: int,
           move: JSON) -> float:
    total, counted = 0.0, 0
    for world, seed in zip(worlds, seeds, strict=True):
        try:
            after = engine.apply(world, seat, move)
        except RuleError:  # a move legal by the view is legal in every world; never counted otherwise
            continue
        total += plugin.rollout(after, Rng(seed))[seat]
        counted += 1
    return total / counted if counted else 0.0


def _key(move: JSON) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def mark(cost: float) -> str | None:
    """The mark a cost earns (thresholds in MARKS), None below the smallest."""
    return next((name for name, threshold in MARKS if cost >= threshold), None)


def summarise(players: int, moves: list[dict[str, Any]], deal_luck: list[float]) -> list[dict[str, Any]]:
    """Per seat: skill lost (sum of costs), luck (sum of chance swings), decisions and marks."""
    seats: list[dict[str, Any]] = [{"seat": s, "skill_lost": 0.0, "luck": deal_luck[s], "decisions": 0,
                                    "marks": {name: 0 for name, _ in MARKS}} for s in range(players)]
    for entry in moves:
        if entry["cost"] is not None:
            seat = seats[entry["seat"]]
            seat["skill_lost"] += entry["cost"]
            seat["decisions"] += 1
            if entry["mark"]:
                seat["marks"][entry["mark"]] += 1
        for s, swing in enumerate(entry["luck"] or []):
            seats[s]["luck"] += swing
    for seat in seats:
        seat["skill_lost"], seat["luck"] = round(seat["skill_lost"], 4), round(seat["luck"], 4)
    return seats
