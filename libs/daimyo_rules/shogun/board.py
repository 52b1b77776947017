"""The public facts a browser needs to draw and explain a Shogun table, read from the package
data: provinces with their values and both sides' regions, the borders (land or sea lane),
which provinces sit out with 3 players, and the card texts (actions, specials, events, the
winter table).

The map has no coordinates in its data: the web client holds the hand-placed layout
(`static/games/shogun/layout.js`) and takes everything else from here.
"""

from __future__ import annotations

import csv
import io
from functools import cache
from importlib import resources
from typing import Any

from daimyo_rules.core import MalformedMove
from daimyo_rules.shogun.data import ACTION_KEYS

PLAYER_COUNTS = (3, 4, 5)


@cache
def _rows(name: str) -> tuple[dict[str, str], ...]:
    text = resources.files("daimyo_rules.shogun").joinpath(f"data/{name}").read_text(encoding="utf-8")
    return tuple(csv.DictReader(io.StringIO(text)))


def _province(row: dict[str, str], players: int) -> dict[str, Any]:
    return {"name": row["province"], "tax": int(row["tax_chests"]), "rice": int(row["rice"]),
            "sites": int(row["building_sites"]),
            "regions": {"sun": row["sun_region"], "moon": row["moon_region"]},
            "in_play": not (players == 3 and row["unused_3p_sun"] == "yes")}


def _actions() -> list[dict[str, Any]]:
    rows = _rows("action_cards.csv")
    return [{"key": key, "name": row["name"], "cost": int(row["cost_chests"]), "effect": row["effect"],
             "revolt_marker": row["revolt_marker"].startswith("+1")}
            for key, row in zip(ACTION_KEYS, rows, strict=True)]


def board_json(players: int) -> dict[str, Any]:
    """Everything static about a `players`-seat Shogun table, as plain JSON."""
    return {
        "game": "shogun", "players": players,
        "provinces": [_province(row, players) for row in _rows("provinces.csv")],
        "borders": [{"a": r["province_a"], "b": r["province_b"], "sea": r["kind"] == "sea"}
                    for r in _rows("adjacency.csv")],
        "actions": _actions(),
        "specials": [{"key": r["card"], "text": r["effect_as_implemented"]}
                     for r in _rows("special_cards.csv")],
        "events": [{"card": int(r["card"]), "text": r["effect_as_implemented"].split(" (")[0],
                    "winter_rice_loss": int(r["winter_rice_loss"])} for r in _rows("events.csv")],
        "winter_table": [{"shortfall": r["rice_shortfall"], "revolts": int(r["revolts"]),
                          "extra_peasants": int(r["extra_peasant_cubes_per_revolt"])}
                         for r in _rows("winter_table.csv")],
    }


def client_board(config: Any) -> dict[str, Any]:
    """The board a web client draws for a table `config` (only its player count matters)."""
    players = config.get("players") if isinstance(config, dict) else None
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise MalformedMove(f"Shogun is for 3 to 5 players, not {players!r}")
    return board_json(players)
