"""Rules-engine speed: complete random games per second on one core, µs per `apply` and per
move choice, for every player count of both games.

The bots' search runs these engines in its inner loop (target: ≥ 200 complete random 4-player
Samurai games per second per core). Samurai players pick uniformly from `legal_moves`, so its
cost is measured; Shogun players use `random_move` (a plan is drawn, not enumerated) on the
fixed set-up and the default two-shelf tower, with chance drawn inside `apply`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from daimyo_devkit.commands import end_with_starter
from daimyo_rules import get_game
from daimyo_rules.core import Game, Rng

Chooser = Callable[[Game, Any, int, Rng], Any]


def from_legal_moves(game: Game, state: Any, seat: int, rng: Rng) -> Any:
    legal = game.legal_moves(state, seat)
    return legal[rng.below(len(legal))]


def from_random_move(game: Game, state: Any, seat: int, rng: Rng) -> Any:
    return game.random_move(state, seat, rng)


TABLES: list[tuple[str, dict[str, Any], tuple[int, ...], Chooser, str]] = [
    ("samurai", {"random_setup": True}, (2, 3, 4), from_legal_moves, "legal_moves"),
    ("shogun", {}, (3, 4, 5), from_random_move, "random_move"),
]


def play_one(game: Game, config: dict[str, Any], seed: int, choose: Chooser, timing: list[float]) -> int:
    rng = Rng(seed)
    state = game.initial_state(config, seed)
    moves = 0
    while seats := game.to_act(state):
        t0 = time.perf_counter()
        move = choose(game, state, seats[0], rng)
        t1 = time.perf_counter()
        state = game.apply(state, seats[0], move)
        timing[0] += t1 - t0
        timing[1] += time.perf_counter() - t1
        moves += 1
    return moves


def bench(game: Game, config: dict[str, Any], choose: Chooser, seconds: float = 3.0) -> tuple[float, ...]:
    timing = [0.0, 0.0]  # choosing, applying
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play_one(game, config, games, choose, timing)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games, 1e6 * timing[1] / moves, 1e6 * timing[0] / moves


def main() -> None:
    for name, config, player_counts, choose, chooser_name in TABLES:
        game = get_game(name)
        print(f"{name} engine (one core, random players)")
        print(f"{'players':>7} {'games/s':>9} {'moves/game':>11} {'µs/apply':>9} {'µs/' + chooser_name:>16}")
        for players in player_counts:
            rate, per_game, apply_us, choose_us = bench(game, {**config, "players": players}, choose)
            print(f"{players:>7} {rate:>9.1f} {per_game:>11.1f} {apply_us:>9.1f} {choose_us:>16.1f}")


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    main()
