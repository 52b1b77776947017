"""The public facts a browser needs to draw and explain a Shogun table, read from the engine's
package data: provinces with their values and both sides' regions, the borders (land or sea
lane), which provinces sit out with 3 players, and the card texts (actions, specials, events,
the winter table).

The engine has no `board()` like Samurai's (its map has no geometry); the client holds the
hand-placed layout (`static/js/shogun_layout.js`) and takes everything else from here.
"""

from __future__ import annotations

import csv
import io
from importlib import resources
from typing import Any

PLAYERS = (3, 4, 5)


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("daimyo_rules.shogun").joinpath(f"data/{name}").read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _province(row: dict[str, str], players: int) -> dict[str, Any]:
    return {"name": row["province"], "tax": int(row["tax_chests"]), "rice": int(row["rice"]),
            "sites": int(row["building_sites"]),
            "regions": {"sun": row["sun_region"], "moon": row["moon_region"]},
            "in_play": not (players == 3 and row["unused_3p_sun"] == "yes")}


def _actions() -> list[dict[str, Any]]:
    from daimyo_rules.shogun.data import ACTION_KEYS

    rows = _rows("action_cards.csv")
    return [{"key": key, "name": row["name"], "cost": int(row["cost_chests"]), "effect": row["effect"],
             "revolt_marker": row["revolt_marker"].startswith("+1")}
            for key, row in zip(ACTION_KEYS, rows, strict=True)]


def shogun_board(players: int) -> dict[str, Any]:
    """Everything static about a `players`-seat Shogun table, as plain JSON."""
    if players not in PLAYERS:
        raise ValueError(f"Shogun is for 3 to 5 players, not {players}")
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
