"""Shogun engine speed: complete random games per second on one core and µs per apply, for 3, 4
and 5 players (fixed set-up, the default two-shelf tower, `random_move` for every seat; chance
is drawn inside `apply`, and a game's applies are its player moves).

The bots' search runs this engine in its inner loop, so these are the numbers to watch.
"""

from __future__ import annotations

import time

from daimyo_rules.core import Rng
from daimyo_rules.shogun.engine import ShogunGame

GAME = ShogunGame()


def play_one(players: int, seed: int, timing: dict[str, float]) -> int:
    rng = Rng(seed)
    state = GAME.initial_state({"players": players}, seed)
    moves = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        t0 = time.perf_counter()
        move = GAME.random_move(state, seat, rng)
        t1 = time.perf_counter()
        state = GAME.apply(state, seat, move)
        t2 = time.perf_counter()
        timing["random"] += t1 - t0
        timing["apply"] += t2 - t1
        moves += 1
    return moves


def bench(players: int, seconds: float = 3.0) -> tuple[float, float, float, float]:
    timing = {"random": 0.0, "apply": 0.0}
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play_one(players, games, timing)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games, 1e6 * timing["apply"] / moves, 1e6 * timing["random"] / moves


def main() -> None:
    print("Shogun engine (one core, random players, fixed set-up, imrihil_two_shelf tower)")
    print(f"{'players':>7} {'games/s':>9} {'moves/game':>11} {'µs/apply':>9} {'µs/random_move':>15}")
    for players in (3, 4, 5):
        rate, per_game, apply_us, random_us = bench(players)
        print(f"{players:>7} {rate:>9.1f} {per_game:>11.1f} {apply_us:>9.1f} {random_us:>15.1f}")


if __name__ == "__main__":
    main()
