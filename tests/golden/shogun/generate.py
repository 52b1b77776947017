"""Golden Shogun playthroughs: seeded random games written entry by entry (player moves and
chance outcomes) with what every seat and a spectator were told, so any change in rules, chance
handling or views shows up as a line diff. Every seat's full view is written at a few steps;
the other steps carry the summary's public essentials and the redacted effects.

Regenerate with `make golden` (or `regenerate()` here) when a change is intended.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from daimyo_rules.core import Rng
from daimyo_rules.shogun.engine import ShogunGame

HERE = Path(__file__).parent
GAME = ShogunGame()
GAMES = {  # file name -> (config, seed)
    "shogun_3p_fixed_two_shelf_seed1.jsonl": ({"players": 3, "tower": "imrihil_two_shelf"}, 1),
    "shogun_4p_draft_single_pool_seed2.jsonl": (
        {"players": 4, "setup": "draft", "tower": "wallenstein_online_single_pool"}, 2),
    "shogun_5p_moon_all_pass_seed3.jsonl": ({"players": 5, "side": "moon", "tower": "all_pass"}, 3),
}
FULL_VIEWS_EVERY = 40  # entries


def _essentials(state: Any) -> dict[str, Any]:
    summary = GAME.summary(state)
    return {k: summary[k] for k in ("year", "season", "to_act", "vp", "chests", "rice", "supply")}


def _compact_view(view: dict[str, Any]) -> dict[str, Any]:
    view = dict(view)
    view["provinces"] = {name: [p["owner"], p["armies"], p["buildings"], p["revolt_markers"]]
                         for name, p in view["provinces"].items() if p["owner"] is not None}
    return view


def playthrough(config: dict[str, Any], seed: int) -> list[str]:
    players = config["players"]
    log = GAME.selfplay_log(players, seed, Rng(seed), config)
    lines = [json.dumps({"log": {k: log[k] for k in ("game", "config", "seed")}}, sort_keys=True)]
    state, _ = GAME.replay_log(dict(log, moves=[]))
    for index, entry in enumerate(log["moves"]):
        if "chance" in entry:
            state = GAME.apply_chance(state, entry["chance"])
        else:
            state = GAME.apply(state, entry["seat"], entry["move"])
        step = {"step": index, "entry": entry, "now": _essentials(state),
                "effects": GAME.last_effects(state, None)}
        lines.append(json.dumps(step, sort_keys=True))
        if index % FULL_VIEWS_EVERY == 0 or index == len(log["moves"]) - 1:
            for seat in [*range(players), None]:
                seen = {"seat": seat, "view": _compact_view(GAME.view(state, seat))}
                lines.append(json.dumps(seen, sort_keys=True))
    lines.append(json.dumps({"summary": GAME.summary(state)}, sort_keys=True))
    return lines


def regenerate() -> None:
    for name, (config, seed) in GAMES.items():
        (HERE / name).write_text("\n".join(playthrough(config, seed)) + "\n")
        print(f"wrote {HERE / name}")


if __name__ == "__main__":
    regenerate()
