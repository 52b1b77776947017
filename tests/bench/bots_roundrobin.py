"""Round-robin of bot levels: win rates with 95% Wilson intervals, search speed.

Plays the levels exactly as the bot service runs them (same registry, same worker pool),
in process and without the network, with seats rotated: Samurai (the default) for 2, 3 and 4
players, Shogun (`--game shogun`) for 3 players unless `--players` says otherwise. In a game of
more than two players the first level of a pairing holds one seat and the second level the
others, so its fair share of wins is 1/players.

    python tests/bench/bots_roundrobin.py --games 100 --players 2 --pairings expert:mcts \
        --seconds-per-move 0.5
    python tests/bench/bots_roundrobin.py --game shogun --games 60 --pairings expert:greedy,mcts:greedy

Each game's seed (`--seed` + 1000 x players + game index), seating and winners go to stderr, so a
run can be repeated or split over processes (`--seed`, `--workers 1`) and the tallies added up.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from daimyo_bot.legal_json import legal_count
from daimyo_bot.levels import Ask, Level, Levels, build_levels, stand_in
from daimyo_bot.search_pool import SearchPool
from daimyo_devkit.commands import end_with_starter
from daimyo_rules import get_game

DEFAULT_PAIRINGS = {"samurai": ["expert:mcts", "mcts:greedy", "greedy:random"],
                    "shogun": ["expert:greedy", "mcts:greedy", "expert:mcts"]}
DEFAULT_PLAYERS = {"samurai": [2, 3, 4], "shogun": [3]}


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # a shared victory counts 1/k
    search_iterations: int = 0
    search_seconds: float = 0.0

    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Speed:
    iterations: dict[int, int] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    slowest_s: float = 0.0  # the longest answer of any level

    def add(self, players: int, iterations: int, seconds: float) -> None:
        self.iterations[players] = self.iterations.get(players, 0) + iterations
        self.seconds[players] = self.seconds.get(players, 0.0) + seconds


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seatings(first: str, second: str, players: int, game_index: int) -> list[str]:
    """The first level in one seat, rotating through every seat game by game."""
    seats = [second] * players
    seats[game_index % players] = first
    return seats


async def play_game(levels: Levels, game: str, seats: list[str], seed: int, seconds: float,
                    speed: Speed) -> list[int]:
    engine = get_game(game)
    state = engine.initial_state({"players": len(seats)}, seed)
    step = 0
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        view = engine.view(state, seat)
        move = await _decide(levels[game], seats[seat], view, seat, seed * 7919 + step, seconds, speed)
        state = engine.apply(state, seat, move)
        step += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    return list(outcome["winners"])


async def _decide(levels: dict[str, Level], level: str, view: dict[str, Any], seat: int, seed: int,
                  seconds: float, speed: Speed) -> Any:
    ask = Ask(seat, view, seconds, seed)
    if view.get("game") != "shogun" and legal_count(view["legal"]) == 1 and level != "random":
        return (await levels["greedy"].strategy.suggest(ask)).move
    start = time.monotonic()
    chosen = stand_in(levels, level)
    assert chosen is not None, f"no level {level!r}"
    answer = await chosen.strategy.suggest(ask)
    spent = time.monotonic() - start
    speed.slowest_s = max(speed.slowest_s, spent)
    if answer.iterations:
        speed.add(view["players"], answer.iterations, spent)
    return answer.move


async def run_pairing(levels: Levels, game: str, pairing: str, players: int, games: int, seconds: float,
                      speed: Speed, seed_base: int = 0) -> Tally:
    first, second = pairing.split(":")
    tally = Tally()
    for index in range(games):
        seats = seatings(first, second, players, index)
        seed = seed_base + 1000 * players + index
        winners = await play_game(levels, game, seats, seed, seconds, speed)
        mine = [s for s in winners if seats[s] == first]
        tally.games += 1
        tally.wins += len(mine) / len(winners) if winners else 0.0
        print(f"  {players}p {pairing} game {index + 1}/{games} seed {seed} seats {','.join(seats)} "
              f"winners {winners}: {first} {tally.wins:g}/{tally.games}",
              file=sys.stderr, flush=True)
    return tally


def report_line(pairing: str, players: int, tally: Tally) -> str:
    low, high = wilson(tally.wins, tally.games)
    first, second = pairing.split(":")
    return (f"| {players}p | {first} vs {second} | {tally.games} | {tally.wins:g} | "
            f"{100 * tally.rate():.1f}% | [{100 * low:.1f}%, {100 * high:.1f}%] | {100 / players:.0f}% |")


async def main(args: argparse.Namespace) -> None:
    pool = SearchPool(args.workers)
    await pool.warm_up()
    levels = build_levels(pool)
    speed = Speed()
    games = _games_per_pairing(args)
    players_list = args.players or DEFAULT_PLAYERS[args.game]
    seeds = f"seeds {args.seed} + 1000 x players + game index"
    print(f"{args.game.capitalize()} round-robin, {args.seconds_per_move:g} s per move, "
          f"{pool.workers} search workers, {seeds}")
    print("| players | pairing (first vs rest) | games | first's wins | win rate | 95% Wilson CI "
          "| fair share |")
    print("|---|---|---|---|---|---|---|")
    try:
        for players in players_list:
            for pairing in args.pairings or DEFAULT_PAIRINGS[args.game]:
                tally = await run_pairing(levels, args.game, pairing, players, games[players],
                                          args.seconds_per_move, speed, args.seed)
                print(report_line(pairing, players, tally), flush=True)
        print("\n| players | MCTS iterations/s (all workers) |\n|---|---|")
        for players in sorted(speed.iterations):
            print(f"| {players}p | {speed.iterations[players] / speed.seconds[players]:.0f} |")
    finally:
        pool.close()


def _games_per_pairing(args: argparse.Namespace) -> dict[int, int]:
    """Samurai: --games for 2 players, fewer for more (longer games); Shogun: --games each."""
    if args.game == "shogun":
        return {3: args.games_3p or args.games, 4: args.games_4p or args.games, 5: args.games}
    return {2: args.games, 3: args.games_3p or max(1, args.games // 3),
            4: args.games_4p or max(1, args.games // 4)}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(DEFAULT_PLAYERS), default="samurai")
    parser.add_argument("--games", type=int, default=40,
                        help="games per pairing (Samurai: with 2 players; Shogun: with any number)")
    parser.add_argument("--games-3p", type=int, default=0, help="games per pairing with 3 players")
    parser.add_argument("--games-4p", type=int, default=0, help="games per pairing with 4 players")
    parser.add_argument("--seconds-per-move", type=float, default=1.0)
    parser.add_argument("--players", type=lambda s: [int(p) for p in s.split(",")], default=None,
                        help="player counts (default: Samurai 2,3,4; Shogun 3)")
    parser.add_argument("--pairings", type=lambda s: s.split(","), default=None,
                        help="first:second level pairs (default per game)")
    parser.add_argument("--workers", type=int, default=0, help="search processes (default: cores)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (runs in parallel use others)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    asyncio.run(main(parse_args()))
