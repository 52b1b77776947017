"""The Shogun game facts, read once from the package data (copied from shared/data/shogun).

Everything the data files hold is read from them here: provinces and their values, both board
sides' regions, borders, fixed set-ups, action costs, event and special-card effects, the
winter table and the tower models. The rest of the engine only sees the `Tables` built here.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

ACTION_KEYS = (
    "castle", "temple", "theatre", "rice", "taxes",
    "recruit5", "recruit3", "recruit1_move", "attack_a", "attack_b",
)  # in the order of action_cards.csv (card 1..10)
BUILDING_KEYS = ("castle", "temple", "theatre")
SIDES = ("sun", "moon")


@dataclass(frozen=True, slots=True)
class Event:
    card: int
    kind: str  # riot, farmer, palace, noAttack, maxThaler, minThaler, minCrop, maxCrop, army
    winter_loss: int
    limit: int  # the min/max of the tax and rice events, 0 otherwise
    recruit: tuple[int, int]  # (armies of recruit5, armies of recruit3) under the army event


@dataclass(frozen=True, slots=True)
class Tables:
    names: tuple[str, ...]
    index: dict[str, int]
    tax: tuple[int, ...]
    rice: tuple[int, ...]
    sites: tuple[int, ...]
    regions: dict[str, tuple[str, ...]]  # side -> region of each province
    unused_3p: frozenset[int]
    neighbours: tuple[tuple[int, ...], ...]
    action_cost: dict[str, int]
    action_marks: frozenset[str]  # the actions that add a revolt marker
    recruit_armies: dict[str, int]  # armies each recruit action gives (from the card names)
    events: dict[int, Event]
    special_keys: tuple[str, ...]
    special_bonus: dict[str, int]
    winter: tuple[tuple[int, int], ...]  # index = shortfall (last row repeats): (revolts, extra)
    tower_models: dict[str, dict[str, Any]]
    setups: dict[int, tuple[tuple[tuple[int, int], ...], ...]]  # players -> seat -> (prov, armies)
    army_pattern: dict[int, tuple[int, ...]]


def _text(name: str) -> str:
    return resources.files("daimyo_rules.shogun").joinpath(f"data/{name}").read_text(encoding="utf-8")


def _rows(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(_text(name))))


def _number_after(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    return int(found.group(1)) if found else 0


def _event(row: dict[str, str]) -> Event:
    kind = re.sub(r"\d+$", "", row["wallenstein_equivalent"])
    effect = row["effect_as_implemented"]
    limit = _number_after(r"at (?:most|least) (\d+)", effect)
    pairs = re.findall(r"(\d+) armies for (\d+) chests", effect)
    by_cost = {int(chests): int(armies) for armies, chests in pairs}
    return Event(int(row["card"]), kind, int(row["winter_rice_loss"]), limit,
                 (by_cost.get(3, 0), by_cost.get(2, 0)))


def _special_bonus(parameter: str) -> int:
    name, value = parameter.split("=")
    return int(value) - 5 if name == "recruitment5" else int(value)  # recruit: 6 instead of 5


def _winter_table() -> tuple[tuple[int, int], ...]:
    rows = [(int(r["rice_shortfall"].rstrip("+")), int(r["revolts"]),
             int(r["extra_peasant_cubes_per_revolt"])) for r in _rows("winter_table.csv")]
    rows.sort()
    return tuple((revolts, extra) for _, revolts, extra in rows)


def _setups(index: dict[str, int]) -> tuple[dict[int, Any], dict[int, tuple[int, ...]]]:
    raw = json.loads(_text("setups_sun.json"))
    setups = {
        int(players): tuple(
            tuple((index[name], int(armies)) for name, armies in seats[letter])
            for letter in sorted(seats)
        )
        for players, seats in raw["setups"].items()
    }
    pattern = {int(p): tuple(int(a) for a in groups) for p, groups in raw["_armies_pattern"].items()}
    return setups, pattern


@cache
def tables() -> Tables:
    provinces = _rows("provinces.csv")
    names = tuple(r["province"] for r in provinces)
    index = {name: i for i, name in enumerate(names)}
    neighbours: list[set[int]] = [set() for _ in names]
    for row in _rows("adjacency.csv"):
        a, b = index[row["province_a"]], index[row["province_b"]]
        neighbours[a].add(b)
        neighbours[b].add(a)
    actions = _rows("action_cards.csv")
    specials = _rows("special_cards.csv")
    setups, pattern = _setups(index)
    models = {k: v for k, v in json.loads(_text("tower_models.json")).items() if not k.startswith("_")}
    return Tables(
        names=names,
        index=index,
        tax=tuple(int(r["tax_chests"]) for r in provinces),
        rice=tuple(int(r["rice"]) for r in provinces),
        sites=tuple(int(r["building_sites"]) for r in provinces),
        regions={side: tuple(r[f"{side}_region"] for r in provinces) for side in SIDES},
        unused_3p=frozenset(i for i, r in enumerate(provinces) if r["unused_3p_sun"] == "yes"),
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        action_cost={key: int(r["cost_chests"]) for key, r in zip(ACTION_KEYS, actions, strict=True)},
        action_marks=frozenset(
            key for key, r in zip(ACTION_KEYS, actions, strict=True) if r["revolt_marker"].startswith("+1")
        ),
        recruit_armies={
            key: _number_after(r"Recruit (\d+) arm", r["name"])
            for key, r in zip(ACTION_KEYS, actions, strict=True) if r["name"].startswith("Recruit")
        },
        events={e.card: e for e in map(_event, _rows("events.csv"))},
        special_keys=tuple(r["card"] for r in specials),
        special_bonus={r["card"]: _special_bonus(r["imrihil_parameter"]) for r in specials},
        winter=_winter_table(),
        tower_models=models,
        setups=setups,
        army_pattern=pattern,
    )
