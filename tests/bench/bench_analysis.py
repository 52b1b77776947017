"""The game review's figures: calibration of "who was ahead" over bot games, the speed of a whole
review at the default budget, and the bots' move times with four reviews running beside them
(at the analysers' low priority) against none.

Quick by default (`make bench`); the environment enlarges it:

    DAIMYO_BENCH_ANALYSIS_GAMES=200     calibration games per game (default 6)
    DAIMYO_BENCH_ANALYSIS_SHOGUN=1      also time a 4-player Shogun review (minutes)
    DAIMYO_BENCH_ANALYSIS_MOVES=200     bot moves timed per condition (default 30)
    DAIMYO_BENCH_ANALYSIS_POSITIONS=100 discrimination positions per game (default 48, Shogun 24)

Calibration: the games are played by the bots (greedy, or greedy against random, by seed); every
position's predicted score of seat 0 (2 players: its chance to win; 3 players: its rank score,
1 first .. 0 last) is set against how the game ended. Brier score against the constant baseline
(the observed mean), and the reliability table by predicted decile. CPU seconds, not wall time,
for the speed figures (`time.process_time`), so a busy machine does not inflate them.
Discrimination: at positions of bot games, the cost of a random move against the cost of the
`expert` level's move (the strongest), each with its 95 % interval.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from daimyo_analysis.evaluate import Analyser, Budget
from daimyo_devkit.commands import end_with_starter
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from tests.unit.analysis.games import Policy, play, random_policy

CALIBRATION = {"samurai": 2, "shogun": 3}  # players per calibration game
CALIBRATION_BUDGET = Budget(ahead_playouts=16, decision_worlds=0)
EXPERT_ITERATIONS = 300
POSITIONS = {"samurai": 48, "shogun": 24}  # discrimination positions by default (Shogun judges slower)


def greedy_policy(game: str) -> Policy:
    engine = get_game(game)
    greedy = importlib.import_module(f"daimyo_bot.{game}.bots").greedy_bot
    return lambda state, seat, rng: greedy(engine.view(state, seat), seat, rng)


def bot_game(game: str, players: int, seed: int) -> Any:
    """Greedy against greedy, or (every third seed) greedy against random seats."""
    policies = [greedy_policy(game)] * players
    if seed % 3 == 0:
        policies = [greedy_policy(game) if s % 2 == 0 else random_policy(game) for s in range(players)]
    return play(game, players, seed, policies)[0]


def calibration(game: str, games: int) -> None:
    pairs: list[tuple[float, float]] = []
    for seed in range(1, games + 1):
        result = Analyser(bot_game(game, CALIBRATION[game], seed), seed, CALIBRATION_BUDGET).run()
        outcome = result["ahead"][-1][0]
        pairs += [(point[0], outcome) for point in result["ahead"][:-1]]
    base = statistics.fmean(o for _, o in pairs)
    brier = statistics.fmean((p - o) ** 2 for p, o in pairs)
    constant = statistics.fmean((base - o) ** 2 for _, o in pairs)
    print(f"{game} {CALIBRATION[game]}p calibration: {games} games, {len(pairs)} positions; "
          f"Brier {brier:.4f} vs constant {constant:.4f} ({'better' if brier < constant else 'NOT better'})")
    print("  predicted decile   n   mean predicted   observed")
    for decile in range(10):
        inside = [(p, o) for p, o in pairs if min(int(p * 10), 9) == decile]
        if inside:
            predicted = statistics.fmean(p for p, _ in inside)
            observed = statistics.fmean(o for _, o in inside)
            print(f"  {decile / 10:.1f}-{(decile + 1) / 10:.1f}      {len(inside):5d}   "
                  f"{predicted:.3f}            {observed:.3f}")


def strongest_move(game: str, state: Any, seat: int, seed: int) -> Any:
    """The `expert` level's move (its search, a fixed number of iterations), or None."""
    engine = get_game(game)
    search = importlib.import_module(f"daimyo_bot.{game}.expert").search
    found = search(engine.view(state, seat), seat, seed, None, EXPERT_ITERATIONS)
    if not found.stats:
        return None
    best = max(found.stats, key=lambda move: (found.stats[move][0], found.stats[move][1]))
    return engine.move_to_json(json.loads(best) if isinstance(best, str) else best)


def discrimination(game: str, players: int, positions: int) -> None:
    """Mean cost of a random move against the strongest level's, at the same positions of bot
    games, with 95 % intervals (normal approximation)."""
    engine = get_game(game)
    costs: dict[str, list[float]] = {"random": [], "expert": []}
    seed = 50
    while len(costs["random"]) < positions:
        log, states = play(game, players, seed, [greedy_policy(game)] * players)
        analyser = Analyser(log, seed, Budget())
        for k in range(2, len(states), 4):
            seat = engine.to_act(states[k])[0]
            best = strongest_move(game, states[k], seat, k)
            if best is None or len(engine.legal_moves(states[k], seat)) < 2:
                continue
            if len(costs["random"]) >= positions:
                break
            random_move = engine.move_to_json(engine.random_move(states[k], seat, Rng(seed * 1000 + k)))
            for level, move in (("random", random_move), ("expert", best)):
                costs[level].append(analyser.judge(k, states[k], seat, move)["cost"] or 0.0)
        seed += 1
    intervals = {level: interval(values) for level, values in costs.items()}
    apart = intervals["expert"][1] < intervals["random"][0]
    said = ", ".join(f"{level} mean cost {statistics.fmean(v) * 100:.1f} pts "
                     f"[{intervals[level][0] * 100:.1f}, {intervals[level][1] * 100:.1f}]"
                     for level, v in costs.items())
    verdict = "apart" if apart else "NOT apart"
    print(f"{game} {players}p discrimination over {positions} positions: {said} — {verdict}")


def interval(values: list[float]) -> tuple[float, float]:
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return statistics.fmean(values) - half, statistics.fmean(values) + half


def speed(game: str, players: int) -> None:
    log = bot_game(game, players, 4)
    started = time.process_time()
    result = Analyser(log, 1, Budget()).run()
    spent = time.process_time() - started
    judged = sum(1 for m in result["moves"] if m["cost"] is not None)
    print(f"{game} {players}p review at the default budget: {len(log.moves)} moves ({judged} judged), "
          f"{spent:.1f} s of one core")


def _review_forever(nice: int) -> None:
    """One background reviewer, niced as the service's workers are (ends with the bench)."""
    from daimyo_analysis.worker import lower_priority
    from daimyo_kit.shutdown import parent_death_signal

    parent_death_signal()
    lower_priority(nice)
    seed = 100
    while True:
        Analyser(bot_game("samurai", 2, seed), seed, Budget()).run()
        seed += 1


def bot_move_times(moves: int) -> list[float]:
    """Wall seconds of `moves` `mcts` searches of 300 iterations on positions of bot games."""
    from daimyo_bot.samurai import mcts

    engine, times = get_game("samurai"), []
    log = bot_game("samurai", 2, 7)
    state = engine.initial_state(log.config, log.seed)
    positions = []
    for seat, move in log.moves:
        if engine.view(state, seat).get("phase") == "play":
            positions.append((engine.view(state, seat), seat))
        state = engine.apply(state, seat, move)
    for n in range(moves):
        view, seat = positions[n % len(positions)]
        started = time.perf_counter()
        mcts.search(view, seat, n, None, 300)
        times.append(time.perf_counter() - started)
    return times


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def bots_beside_reviews(moves: int, rounds: int = 2) -> None:
    """Bot moves alone and beside four reviews, in alternating rounds (a shared machine's load
    drifts; alternating spreads the drift over both)."""
    alone: list[float] = []
    beside: list[float] = []
    for _ in range(rounds):
        alone += bot_move_times(moves // rounds)
        beside += _beside_reviews(moves // rounds)
    for name, times in (("without reviews", alone), ("with 4 reviews (nice 19)", beside)):
        print(f"bot move (mcts, 300 iterations) {name}: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p99 {p99(times) * 1000:.0f} ms over {len(times)} moves")


def _beside_reviews(moves: int) -> list[float]:
    context = multiprocessing.get_context("spawn")
    reviewers = [context.Process(target=_review_forever, args=(19,), daemon=True) for _ in range(4)]
    for reviewer in reviewers:
        reviewer.start()
    time.sleep(2.0)  # the reviewers are busy reviewing by now
    try:
        return bot_move_times(moves)
    finally:
        for reviewer in reviewers:
            reviewer.terminate()
            reviewer.join(5)


def main() -> None:
    games = int(os.environ.get("DAIMYO_BENCH_ANALYSIS_GAMES", "6"))
    for game in CALIBRATION:
        calibration(game, games)
    asked = os.environ.get("DAIMYO_BENCH_ANALYSIS_POSITIONS")
    for game, players in CALIBRATION.items():
        discrimination(game, players, int(asked) if asked else POSITIONS[game])
    speed("samurai", 2)
    if os.environ.get("DAIMYO_BENCH_ANALYSIS_SHOGUN"):
        speed("shogun", 4)
    bots_beside_reviews(int(os.environ.get("DAIMYO_BENCH_ANALYSIS_MOVES", "30")))


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    main()
