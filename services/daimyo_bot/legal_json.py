"""Moves from a view's compact `legal` field, without the engine.

The driver's last resort (a random legal move when the bot service is slow or down) and the
`random` level both read only the view, exactly like a human's client does. The compact form
groups moves by type: `{type: {key: [values]}}`, `{type: [[...]]}`, `{type: true}`, and for
a secret choice `{type: {"from": [...], "count": n}}`.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import Rng

Move = dict[str, Any]


def legal_count(legal: dict[str, Any]) -> int:
    return sum(_group_size(kind, group) for kind, group in legal.items())


def random_legal_move(legal: dict[str, Any], rng: Rng) -> Move:
    """A uniformly random move among those `legal` lists; ValueError when there is none."""
    total = legal_count(legal)
    if total == 0:
        raise ValueError("the view offers no legal move")
    pick = rng.below(total)
    for kind in sorted(legal):
        size = _group_size(kind, legal[kind])
        if pick < size:
            return _nth(kind, legal[kind], pick, rng)
        pick -= size
    raise AssertionError("unreachable")


def _group_size(kind: str, group: Any) -> int:
    if group is True:
        return 1
    if isinstance(group, list):
        return len(group)
    if _is_choice(group):
        return 1  # one draw of a uniform subset stands for every subset
    return sum(len(values) for values in group.values())


def _is_choice(group: Any) -> bool:
    return isinstance(group, dict) and set(group) == {"from", "count"}


def _nth(kind: str, group: Any, index: int, rng: Rng) -> Move:
    if group is True:
        return {"type": kind}
    if _is_choice(group):
        return {"type": kind, "tiles": rng.shuffled(group["from"])[: group["count"]]}
    if isinstance(group, list):
        return _from_row(kind, group[index])
    for key in sorted(group):
        if index < len(group[key]):
            return _from_pair(kind, key, group[key][index])
        index -= len(group[key])
    raise AssertionError("unreachable")


def _from_pair(kind: str, key: str, value: str) -> Move:
    if kind == "place":
        return {"type": kind, "tile": key, "hex": value}
    if kind == "tile_swap":
        return {"type": kind, "from": key, "to": value}
    if kind == "place_figure":
        return {"type": kind, "settlement": key, "figure": value}
    raise ValueError(f"unknown grouped move type {kind!r}")


def _from_row(kind: str, row: list[Any]) -> Move:
    if kind == "figure_swap":
        return {"type": kind, "a": {"settlement": row[0], "figure": row[1]},
                "b": {"settlement": row[2], "figure": row[3]}}
    if kind == "choose_hand":
        return {"type": kind, "tiles": list(row)}
    raise ValueError(f"unknown listed move type {kind!r}")
