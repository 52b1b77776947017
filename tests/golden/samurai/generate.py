"""Golden Samurai playthroughs: seeded games with every seat's (and a spectator's) view after
every move, one JSON line per view, so any change in rules or views shows up as a line diff.

The `legal` field is summarised (count and kinds) to keep the files small.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from daimyo_rules import get_game
from daimyo_rules.core import Rng

HERE = Path(__file__).parent
GAMES = {  # file name -> (players, seed, how the log is made)
    "samurai_2p_seed1_full_setup.jsonl": (2, 1, "selfplay"),
    "samurai_3p_seed2_random_setup.jsonl": (3, 2, "random_setup"),
    "samurai_4p_seed3_random_setup.jsonl": (4, 3, "random_setup"),
}


def _log(players: int, seed: int, how: str) -> dict[str, Any]:
    game = get_game("samurai")
    if how == "selfplay":
        log: dict[str, Any] = game.selfplay_log(players, seed, Rng(seed))
        return log
    rng = Rng(seed)
    config = {"players": players, "random_setup": True}
    state = game.initial_state(config, seed)
    moves = []
    while seats := game.to_act(state):
        move = game.random_move(state, seats[0], rng)
        state = game.apply(state, seats[0], move)
        moves.append({"seat": seats[0], "move": game.move_to_json(move)})
    return {"game": "samurai", "config": config, "seed": seed, "moves": moves}


def _compact(view: dict[str, Any]) -> dict[str, Any]:
    legal = view.pop("legal")
    view["legal"] = {kind: (len(v) if isinstance(v, list | dict) else v) for kind, v in sorted(legal.items())}
    return view


def playthrough(players: int, seed: int, how: str) -> list[str]:
    game = get_game("samurai")
    log = _log(players, seed, how)
    lines = [json.dumps({"log": {k: log[k] for k in ("game", "config", "seed")}}, sort_keys=True)]
    state = game.initial_state(log["config"], log["seed"])
    for index, entry in enumerate([None, *log["moves"]]):
        if entry is not None:
            state = game.apply(state, entry["seat"], entry["move"])
        step = {"step": index, "by": entry}
        lines.append(json.dumps(step, sort_keys=True))
        for seat in [*range(players), None]:
            seen = {"seat": seat, "view": _compact(game.view(state, seat)),
                    "effects": game.last_effects(state, seat)}
            lines.append(json.dumps(seen, sort_keys=True))
    return lines


def regenerate() -> None:
    for name, (players, seed, how) in GAMES.items():
        (HERE / name).write_text("\n".join(playthrough(players, seed, how)) + "\n")
        print(f"wrote {HERE / name}")
