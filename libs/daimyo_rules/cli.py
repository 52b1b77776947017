"""`python -m daimyo_rules replay|selfplay|show`: the engines from a terminal, over game logs.

A log is `{"game", "config", "seed", "moves": [{"seat", "move"}, ...]}` (see the notation in
shared/rules/). `replay` prints the final summary or `{"error", "move_index"}` with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from daimyo_rules.core import Game, ReplayError, Rng
from daimyo_rules.registry import game_names, get_game


class ReplayFailed(Exception):
    def __init__(self, message: str, move_index: int) -> None:
        super().__init__(message)
        self.message, self.move_index = message, move_index


def replay(log: dict[str, Any], upto: int | None = None) -> tuple[Game, Any]:
    """(game, state after `upto` moves, or all); ReplayFailed names the first bad move."""
    game = get_game(log.get("game", ""))
    try:
        state, _ = game.replay_log(log, upto)
    except ReplayError as error:
        raise ReplayFailed(error.message, error.move_index) from error
    return game, state


def _cmd_replay(args: argparse.Namespace) -> int:
    log = _read(args.log)
    try:
        game, state = replay(log)
    except ReplayFailed as failure:
        print(json.dumps({"error": failure.message, "move_index": failure.move_index}))
        return 2
    except KeyError as error:
        print(json.dumps({"error": str(error), "move_index": -1}))
        return 2
    print(json.dumps(game.summary(state), sort_keys=False))
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    rng = Rng(args.seed * 7919 + 17)
    log = game.selfplay_log(args.players, args.seed, rng)
    text = json.dumps(log, indent=None if args.compact else 1)
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w") as handle:
            handle.write(text + "\n")
        print(f"wrote {args.out}: {len(log['moves'])} moves", file=sys.stderr)
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    log = _read(args.log)
    try:
        game, state = replay(log, upto=args.at)
    except ReplayFailed as failure:
        print(f"error at move {failure.move_index}: {failure.message}", file=sys.stderr)
        return 2
    print(game.render(state, args.seat))
    effects = game.last_effects(state, args.seat)
    if effects:
        print("last move caused:")
        for effect in effects:
            print("  " + json.dumps(effect))
    return 0


def _read(path: str) -> dict[str, Any]:
    with (sys.stdin if path == "-" else open(path)) as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _seat(text: str) -> int | None:
    return None if text in ("spectator", "none", "-") else int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m daimyo_rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a log and print the final summary JSON")
    p.add_argument("log")
    p.set_defaults(run=_cmd_replay)
    p = sub.add_parser("selfplay", help="write a complete game between random legal players")
    p.add_argument("--game", default="samurai", choices=game_names())
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="-")
    p.add_argument("--compact", action="store_true")
    p.set_defaults(run=_cmd_selfplay)
    p = sub.add_parser("show", help="render the game at move K as a seat sees it")
    p.add_argument("log")
    p.add_argument("--at", type=int, default=None, help="after this many moves (default: all)")
    p.add_argument("--seat", type=_seat, default=None, help="a seat number, or 'spectator'")
    p.set_defaults(run=_cmd_show)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code
