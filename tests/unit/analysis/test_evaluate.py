"""The review of a finished game: deterministic, fair to the deciding seat, able to tell good
moves from random ones, and shaped as the service stores it."""

from __future__ import annotations

import math
from statistics import mean, stdev

from daimyo_analysis.evaluate import MARKS, Analyser, Budget, analysis_seed, mark
from daimyo_analysis.plugins import analysis_for
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from tests.unit.analysis.games import play, random_policy

TINY = Budget(ahead_playouts=2, decision_worlds=3, candidates=1, sampled_moves=1, search_iterations=20)


def test_the_same_game_version_and_seed_give_the_same_analysis() -> None:
    log, _ = play("samurai", 2, 11, [random_policy("samurai")] * 2)
    first = Analyser(log, 5, TINY).run()
    assert Analyser(log, 5, TINY).run() == first
    assert Analyser(log, 6, TINY).run() != first


def test_an_analysis_has_a_point_per_position_and_an_entry_per_move() -> None:
    log, _ = play("samurai", 2, 12, [random_policy("samurai")] * 2)
    done: list[tuple[int, int]] = []
    result = Analyser(log, 1, TINY, lambda n, total: done.append((n, total))).run()
    assert len(result["ahead"]) == len(log.moves) + 1
    assert [m["index"] for m in result["moves"]] == list(range(len(log.moves)))
    assert done[-1] == (len(log.moves), len(log.moves))
    assert all(0.0 <= v <= 1.0 for point in result["ahead"] for v in point)
    assert sorted(result["ahead"][-1]) == [0.0, 1.0]  # the end is known: one won, one lost


def test_a_decisions_cost_ignores_hidden_information_its_seat_could_not_see() -> None:
    engine = get_game("samurai")
    log, states = play("samurai", 2, 13, [random_policy("samurai")] * 2)
    analyser = Analyser(log, 3, TINY)
    k = next(k for k, s in enumerate(states) if s.phase == "play" and k > 10)
    seat, move = log.moves[k]
    true_state = states[k]
    other = engine.sample_state(engine.view(true_state, seat), seat, Rng(99))
    assert other.hands[1 - seat] != true_state.hands[1 - seat]  # the rival's hand is another one
    assert engine.view(other, seat) == engine.view(true_state, seat)
    assert analyser.judge(k, other, seat, move) == analyser.judge(k, true_state, seat, move)


def test_random_moves_cost_more_than_the_strongest_levels_moves() -> None:
    engine, plugin = get_game("samurai"), analysis_for("samurai")
    budget = Budget(ahead_playouts=2, decision_worlds=32, candidates=3, search_iterations=150)
    random_costs, best_costs = [], []
    for seed in (21, 22):
        log, states = play("samurai", 2, seed, [random_policy("samurai")] * 2)
        analyser = Analyser(log, seed, budget)
        for k, state in enumerate(states[6:36:2], 6):
            seat = engine.to_act(state)[0]
            view = engine.view(state, seat)
            strongest = plugin.candidates(view, seat, k, 300)
            if not strongest:
                continue
            random_move = engine.move_to_json(engine.random_move(state, seat, Rng(k)))
            random_costs.append(analyser.judge(k, state, seat, random_move)["cost"])
            best_costs.append(analyser.judge(k, state, seat, strongest[0])["cost"])
    low, high = interval(best_costs), interval(random_costs)
    assert low[1] < high[0], f"strongest {low}, random {high}"


def test_marks_follow_the_stated_thresholds() -> None:
    assert [mark(t) for _, t in MARKS] == ["blunder", "mistake", "inaccuracy"]
    assert mark(0.049) is None and mark(0.0) is None


def test_the_review_seed_comes_from_the_game_id_and_version_only() -> None:
    assert analysis_seed("g1") == analysis_seed("g1") != analysis_seed("g2")
    assert analysis_seed("g1", 1) != analysis_seed("g1", 2)


def interval(values: list[float]) -> tuple[float, float]:
    """A 95 % interval of the mean (normal approximation)."""
    half = 1.96 * stdev(values) / math.sqrt(len(values))
    return mean(values) - half, mean(values) + half
