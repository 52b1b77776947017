"""Exact JSON snapshots of a Shogun state (secret parts included: snapshots are server data)."""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import MalformedMove
from daimyo_rules.shogun.moves import Plan
from daimyo_rules.shogun.state import History, ShogunState, history_entries

_TUPLES = ("decision", "in_play")


def _plan_json(plan: Plan | None) -> Any:
    return None if plan is None else {"actions": list(plan.actions), "bid": plan.bid}


def _plan(data: Any) -> Plan | None:
    return None if data is None else Plan(tuple(data["actions"]), data["bid"])


def state_to_json(st: ShogunState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ShogunState.__slots__:
        value = getattr(st, name)
        if name == "plans":
            value = [_plan_json(p) for p in value]
        elif name == "history":
            value = history_entries(value)
        elif name == "pending" and value is not None:
            value = [value[0], list(value[1]) if isinstance(value[1], tuple) else value[1]]
        elif isinstance(value, tuple):
            value = list(value)
        out[name] = value
    return {"game": "shogun", "state": out}


def state_from_json(data: Any) -> ShogunState:
    if not isinstance(data, dict) or data.get("game") != "shogun" or not isinstance(data.get("state"), dict):
        raise MalformedMove("not a shogun snapshot")
    fields = data["state"]
    st = object.__new__(ShogunState)
    try:
        for name in ShogunState.__slots__:
            setattr(st, name, _field(name, fields[name]))
    except (KeyError, TypeError) as err:
        raise MalformedMove(f"broken shogun snapshot: {err}") from err
    return st


def _field(name: str, value: Any) -> Any:
    if name == "plans":
        return [_plan(p) for p in value]
    if name == "history":
        chain: History = None
        for entry in value:
            chain = (entry, chain)
        return chain
    if name == "pending" and value is not None:
        return (value[0], tuple(value[1]) if isinstance(value[1], list) else value[1])
    if name in _TUPLES and value is not None:
        return tuple(value)
    return value
