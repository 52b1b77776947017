"""The replay summary of shogun.md's notation section: the whole state, as plain JSON."""

from __future__ import annotations

from typing import Any

from daimyo_rules.shogun import tower
from daimyo_rules.shogun.data import BUILDING_KEYS, tables
from daimyo_rules.shogun.state import BUILDING_BITS, DECIDE, DRAFT, OVER, PICK, PLAN, ShogunState


def to_act(st: ShogunState) -> list[int]:
    from daimyo_rules.shogun.rules import drafter, next_picker

    if st.pending is not None:
        return []
    if st.stage == PLAN:
        return [s for s in range(st.players) if st.plans[s] is None]
    if st.stage == DRAFT:
        return [drafter(st)]
    if st.stage == PICK:
        return [next_picker(st)]
    if st.stage == DECIDE and st.decision is not None:
        return [st.decision[0]]
    return []


def per_seat(values: list[int]) -> dict[str, int]:
    return {str(s): v for s, v in enumerate(values)}


def buildings_json(bits: int) -> list[str]:
    return [key for key in BUILDING_KEYS if bits & BUILDING_BITS[key]]


def province_json(st: ShogunState, p: int) -> dict[str, Any]:
    owner = st.owner[p]
    return {"owner": owner if owner >= 0 else None, "armies": st.armies[p],
            "buildings": buildings_json(st.buildings[p]), "revolt_markers": st.markers[p]}


def tower_json(st: ShogunState, with_stuck: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"tray": tower.counts_json(st.tray)}
    if with_stuck:
        out["stuck"] = [tower.counts_json(tower.shelf_counts(s)) for s in st.shelves]
    return out


def summary(st: ShogunState) -> dict[str, Any]:
    names = tables().names
    return {
        "moves_applied": st.steps,
        "finished": st.stage == OVER,
        "winners": list(st.winners),
        "year": st.year,
        "season": st.season,
        "to_act": to_act(st),
        "vp": per_seat(st.vp),
        "chests": per_seat(st.chests),
        "rice": per_seat(st.rice),
        "provinces": {names[p]: province_json(st, p) for p in range(len(names))},
        "supply": per_seat(st.supply),
        "tower": tower_json(st, True),
        "peasant_supply": st.peasants,
        "event": st.event or None,
    }
