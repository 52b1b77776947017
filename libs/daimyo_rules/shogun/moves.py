"""Shogun's player moves: typed values, and their JSON notation (shogun.md, "Notation").

Cards inside a plan are small ints (see state.py): a province index, `CHEST + k` for the
war-chest card k, or `NO_CARD`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from daimyo_rules.core import MalformedMove
from daimyo_rules.shogun.data import ACTION_KEYS, tables
from daimyo_rules.shogun.state import CHEST, NO_CARD

DRAFT_TAKES = ("face_up_0", "face_up_1", "deck")


@dataclass(frozen=True, slots=True)
class Draft:
    take: str
    armies: int


@dataclass(frozen=True, slots=True)
class Plan:
    actions: tuple[int, ...]  # one card per action key, in ACTION_KEYS order
    bid: int  # NO_CARD, CHEST + k, or a province index (a province-card bid)


@dataclass(frozen=True, slots=True)
class PickSpecial:
    card: str


@dataclass(frozen=True, slots=True)
class MoveArmies:
    to: int
    armies: int


@dataclass(frozen=True, slots=True)
class Skip:
    pass


Move = Draft | Plan | PickSpecial | MoveArmies | Skip
SKIP = Skip()


def _province(name: Any) -> int:
    if not isinstance(name, str) or name not in tables().index:
        raise MalformedMove(f"unknown province {name!r}")
    return tables().index[name]


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedMove(f"{what} must be an integer, got {value!r}")
    return value


def _chest(text: str) -> int:
    digits = text[len("chest:"):]
    if digits not in ("0", "1", "2", "3", "4"):
        raise MalformedMove(f"war-chest cards are chest:0 .. chest:4, got {text!r}")
    return CHEST + int(digits)


def parse_card(value: Any) -> int:
    """An action-space card: null, "chest:k" or a province name."""
    if value is None:
        return NO_CARD
    if isinstance(value, str) and value.startswith("chest:"):
        return _chest(value)
    return _province(value)


def parse_bid(value: Any) -> int:
    if value is None:
        return NO_CARD
    if isinstance(value, str) and value.startswith("chest:"):
        return _chest(value)
    if isinstance(value, str) and value.startswith("province:"):
        return _province(value[len("province:"):])
    raise MalformedMove(f"a bid is null, \"chest:k\" or \"province:Name\", got {value!r}")


def card_json(card: int) -> str | None:
    if card == NO_CARD:
        return None
    if card >= CHEST:
        return f"chest:{card - CHEST}"
    return tables().names[card]


def bid_json(card: int) -> str | None:
    if card == NO_CARD or card >= CHEST:
        return card_json(card)
    return f"province:{tables().names[card]}"


def _parse_plan(move: dict[str, Any]) -> Plan:
    actions = move.get("actions")
    if not isinstance(actions, dict) or set(actions) != set(ACTION_KEYS):
        raise MalformedMove(f"a plan names exactly the ten actions {', '.join(ACTION_KEYS)}")
    if "bid" not in move:
        raise MalformedMove("a plan needs a bid (null for none)")
    return Plan(tuple(parse_card(actions[k]) for k in ACTION_KEYS), parse_bid(move["bid"]))


def _parse_draft(move: dict[str, Any]) -> Draft:
    if move.get("take") not in DRAFT_TAKES:
        raise MalformedMove(f"draft take must be one of {', '.join(DRAFT_TAKES)}")
    return Draft(move["take"], _int(move.get("armies"), "draft armies"))


def _parse_pick(move: dict[str, Any]) -> PickSpecial:
    card = move.get("card")
    if card not in tables().special_keys:
        raise MalformedMove(f"unknown special card {card!r}")
    return PickSpecial(card)


def _parse_move(move: dict[str, Any]) -> MoveArmies:
    return MoveArmies(_province(move.get("to")), _int(move.get("armies"), "armies"))


def _parse_skip(move: dict[str, Any]) -> Skip:
    return SKIP


_PARSERS: dict[str, Callable[[dict[str, Any]], Move]] = {
    "plan": _parse_plan, "draft": _parse_draft, "pick_special": _parse_pick,
    "move": _parse_move, "skip": _parse_skip,
}


def parse_move(move: Any) -> Move:
    if isinstance(move, Draft | Plan | PickSpecial | MoveArmies | Skip):
        return move
    if not isinstance(move, dict) or move.get("type") not in _PARSERS:
        raise MalformedMove(f"a move is an object whose type is one of {', '.join(_PARSERS)}")
    return _PARSERS[move["type"]](move)


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Plan):
        return {"type": "plan",
                "actions": {k: card_json(c) for k, c in zip(ACTION_KEYS, move.actions, strict=True)},
                "bid": bid_json(move.bid)}
    if isinstance(move, Draft):
        return {"type": "draft", "take": move.take, "armies": move.armies}
    if isinstance(move, PickSpecial):
        return {"type": "pick_special", "card": move.card}
    if isinstance(move, MoveArmies):
        return {"type": "move", "to": tables().names[move.to], "armies": move.armies}
    return {"type": "skip"}
