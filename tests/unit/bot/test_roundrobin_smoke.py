"""A shortened `make bench-bots`: the round robin plays whole games with every level and prints its
table. A smoke test only — it checks that games finish with legal moves, never how strong or fast
a level is (that is the benchmark's job, on a quiet machine)."""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator

import pytest

from daimyo_bot.levels import Levels, build_levels
from daimyo_bot.search_pool import SearchPool
from tests.bench import bots_roundrobin as bench


@pytest.fixture(scope="module")
async def levels() -> AsyncIterator[Levels]:
    pool = SearchPool(1)
    await pool.warm_up()
    yield build_levels(pool)
    pool.close()


@pytest.mark.parametrize(("game", "players", "pairing"),
                         [("samurai", 2, "mcts:greedy"), ("samurai", 3, "greedy:random"),
                          ("shogun", 3, "expert:greedy")])
async def test_a_round_robin_game_ends_with_legal_moves_only(levels: Levels, game: str, players: int,
                                                             pairing: str) -> None:
    first, second = pairing.split(":")
    seats = bench.seatings(first, second, players, game_index=1)
    speed = bench.Speed()
    winners = await bench.play_game(levels, game, seats, seed=11, seconds=0.05, speed=speed)
    assert winners and all(0 <= s < players for s in winners)  # the engine refused no move
    assert speed.slowest_s < 0.05 + 2.0  # answered near its deadline (generous: a smoke test)


def test_the_report_gives_the_wilson_interval_and_fair_share() -> None:
    tally = bench.Tally(games=100, wins=65)
    line = bench.report_line("expert:mcts", 2, tally)
    assert line == "| 2p | expert vs mcts | 100 | 65 | 65.0% | [55.3%, 73.6%] | 50% |"


def test_the_arguments_choose_games_levels_counts_and_time() -> None:
    args = bench.parse_args(["--game", "shogun", "--pairings", "expert:greedy", "--games", "3",
                             "--seconds-per-move", "0.2", "--seed", "7"])
    assert isinstance(args, argparse.Namespace)
    assert (args.game, args.pairings, args.games, args.seconds_per_move, args.seed) == (
        "shogun", ["expert:greedy"], 3, 0.2, 7)
