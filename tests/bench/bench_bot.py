"""Bot speed in one process: decisions per second for `random`/`greedy`, and MCTS iterations
per second (one worker; the service runs one per core) for 2, 3 and 4 players. About 8 s."""

from __future__ import annotations

import time
from typing import Any

from daimyo_bot.samurai.bots import greedy_bot, random_bot
from daimyo_bot.samurai.mcts import search
from daimyo_rules import get_game
from daimyo_rules.core import Rng

ENGINE = get_game("samurai")


def midgame_view(players: int, moves: int, seed: int) -> tuple[dict[str, Any], int]:
    state, rng = ENGINE.initial_state({"players": players}, seed), Rng(seed)
    for _ in range(moves):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
    seat = ENGINE.to_act(state)[0]
    return ENGINE.view(state, seat), seat


def decisions_per_second(bot: Any, view: dict[str, Any], seat: int, seconds: float = 0.5) -> float:
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        bot(view, seat, Rng(count))
        count += 1
    return count / (time.perf_counter() - started)


def mcts_iterations_per_second(view: dict[str, Any], seat: int, seconds: float = 1.0) -> float:
    started = time.perf_counter()
    result = search(view, seat, 1, time.monotonic() + seconds, None)
    return result.iterations / (time.perf_counter() - started)


def main() -> None:
    print("| players | position | random moves/s | greedy moves/s | mcts iterations/s (1 worker) |")
    print("|---|---|---|---|---|")
    for players in (2, 3, 4):
        for label, moves in (("opening", 0), ("midgame", 12 * players)):
            view, seat = midgame_view(players, moves, seed=players)
            print(f"| {players} | {label} | {decisions_per_second(random_bot, view, seat):.0f} | "
                  f"{decisions_per_second(greedy_bot, view, seat):.0f} | "
                  f"{mcts_iterations_per_second(view, seat):.0f} |", flush=True)


if __name__ == "__main__":
    main()
