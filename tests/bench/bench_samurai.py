"""Samurai engine speed: complete random games per second on one core, µs per apply and per
legal_moves, for 2, 3 and 4 players (random setup, uniform random legal moves).

The bots' search runs this engine in its inner loop; the target is ≥ 200 complete random
4-player games per second per core.
"""

from __future__ import annotations

import time

from daimyo_rules import get_game
from daimyo_rules.core import Rng

GAME = get_game("samurai")


def play_one(players: int, seed: int, timing: dict[str, float]) -> int:
    rng = Rng(seed)
    state = GAME.initial_state({"players": players, "random_setup": True}, seed)
    moves = 0
    while (seats := GAME.to_act(state)):
        seat = seats[0]
        t0 = time.perf_counter()
        legal = GAME.legal_moves(state, seat)
        move = legal[rng.below(len(legal))]
        t1 = time.perf_counter()
        state = GAME.apply(state, seat, move)
        t2 = time.perf_counter()
        timing["legal"] += t1 - t0
        timing["apply"] += t2 - t1
        moves += 1
    return moves


def bench(players: int, seconds: float = 3.0) -> tuple[float, float, float, float]:
    timing = {"legal": 0.0, "apply": 0.0}
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play_one(players, games, timing)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games, 1e6 * timing["apply"] / moves, 1e6 * timing["legal"] / moves


def main() -> None:
    print("Samurai engine (one core, random legal players, random setup)")
    print(f"{'players':>7} {'games/s':>9} {'moves/game':>11} {'µs/apply':>9} {'µs/legal_moves':>15}")
    for players in (2, 3, 4):
        rate, per_game, apply_us, legal_us = bench(players)
        print(f"{players:>7} {rate:>9.1f} {per_game:>11.1f} {apply_us:>9.1f} {legal_us:>15.1f}")


if __name__ == "__main__":
    main()
