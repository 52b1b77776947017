"""Bot speed on a fixed position set: search iterations per second of each search, side by side.

The positions come from greedy-vs-greedy games with fixed seeds: Samurai (the default) 2, 3 and
4 players, play phase, early to late; Shogun (`--game shogun`, 3 players unless `--players`
says otherwise) the planning steps early, midway and late in the game (an iteration there is a
whole simulated round). Every search runs a fixed number of iterations on every position, timed in CPU
seconds of its own process (`time.process_time`), so the figures hold on a busy machine where
wall-clock slices would not. `--baseline DIR` also runs the `mcts` search of another
checkout (e.g. the main branch) on the same positions, in a subprocess — "today's" speed.

    python tests/bench/bench_bot.py --iterations 150 --baseline /work/main
    python tests/bench/bench_bot.py --game shogun --iterations 60 --baseline /work/main
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from daimyo_bot.samurai import expert, mcts
from daimyo_bot.samurai.bots import greedy_bot
from daimyo_bot.shogun import expert as shogun_expert
from daimyo_bot.shogun import mcts as shogun_mcts
from daimyo_bot.shogun.bots import greedy_bot as shogun_greedy
from daimyo_devkit.commands import end_with_starter
from daimyo_rules import get_game
from daimyo_rules.core import Rng

SEARCHES: dict[str, dict[str, Callable[..., Any]]] = {
    "samurai": {"mcts": mcts.search, "expert": expert.search},
    "shogun": {"mcts": shogun_mcts.search, "expert": shogun_expert.search},
}
GREEDY = {"samurai": greedy_bot, "shogun": shogun_greedy}
DECISIONS = {"samurai": ("phase", "play"), "shogun": ("stage", "plan")}  # which views are timed
DEFAULT_PLAYERS = {"samurai": [2, 3, 4], "shogun": [3]}
STAGES = (0.15, 0.4, 0.65)  # of the timed decisions of a game

BASELINE = """
import json, sys, time
game, view, seat, iterations = json.loads(sys.stdin.read())
if game == "shogun":
    from daimyo_bot.shogun.mcts import search
else:
    try:
        from daimyo_bot.samurai_mcts import search
    except ImportError:
        from daimyo_bot.samurai.mcts import search
started = time.process_time()
result = search(view, seat, 1, None, iterations)
print(json.dumps([result.iterations, time.process_time() - started]))
"""


def positions(game: str, players: int, seed: int) -> list[tuple[dict[str, Any], int]]:
    """Views of the seat to act at fixed stages of one greedy game's timed decisions."""
    engine, (field, value) = get_game(game), DECISIONS[game]
    state, rng, views = engine.initial_state({"players": players}, seed), Rng(seed), []
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        view = engine.view(state, seat)
        if view[field] == value:
            views.append((view, seat))
        state = engine.apply(state, seat, GREEDY[game](view, seat, rng))
    return [views[int(stage * len(views))] for stage in STAGES]


def run_here(game: str, name: str, view: dict[str, Any], seat: int, iterations: int) -> tuple[int, float]:
    started = time.process_time()
    result = SEARCHES[game][name](view, seat, 1, None, iterations)
    return result.iterations, time.process_time() - started


def run_baseline(checkout: str, game: str, view: dict[str, Any], seat: int,
                 iterations: int) -> tuple[int, float]:
    path = os.pathsep.join(os.path.join(checkout, part) for part in ("libs", "services"))
    out = subprocess.run([sys.executable, "-c", BASELINE], input=json.dumps([game, view, seat, iterations]),
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": path})
    iterations, spent = json.loads(out.stdout)
    return int(iterations), float(spent)


def main(args: argparse.Namespace) -> None:
    levels = args.levels or list(SEARCHES[args.game])
    names = (["today"] if args.baseline else []) + levels
    totals = {name: [0, 0.0] for name in names}
    print(f"| players | position | {' | '.join(f'{n} it/CPU-s' for n in names)} |")
    print(f"|---|---|{'---|' * len(names)}")
    for players in args.players or DEFAULT_PLAYERS[args.game]:
        for index, (view, seat) in enumerate(positions(args.game, players, args.seed + players)):
            rates = []
            for name in names:
                its, spent = (run_baseline(args.baseline, args.game, view, seat, args.iterations)
                              if name == "today" else run_here(args.game, name, view, seat, args.iterations))
                totals[name][0] += its
                totals[name][1] += spent
                rates.append(f"{its / spent:.0f}")
            print(f"| {players} | {STAGES[index]:.0%} of {DECISIONS[args.game][1]} | {' | '.join(rates)} |",
                  flush=True)
    overall = {name: its / spent for name, (its, spent) in totals.items()}
    print(f"| all | all | {' | '.join(f'{overall[n]:.0f}' for n in names)} |")
    base = "today" if args.baseline else levels[0]
    for name in names:
        print(f"{name}: {overall[name] / overall[base]:.2f}x {base}'s iterations/s")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=150, help="iterations per position and search")
    parser.add_argument("--game", choices=sorted(SEARCHES), default="samurai")
    parser.add_argument("--players", type=lambda s: [int(p) for p in s.split(",")], default=None,
                        help="player counts (default: Samurai 2,3,4; Shogun 3)")
    parser.add_argument("--levels", type=lambda s: s.split(","), default=None,
                        help="this tree's searches to time (default: all of the game's)")
    parser.add_argument("--baseline", default="", help="a checkout whose mcts is 'today's' (subprocess)")
    parser.add_argument("--seed", type=int, default=100)
    return parser.parse_args()


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    main(parse_args())
