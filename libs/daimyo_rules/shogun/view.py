"""What each seat (or a spectator) may see: the allow-listed view and the last move's effects.

Secret until revealed: other seats' plans (each card shows when it is executed; bids at the
turn-order step), action cards 6-10 until they come up, the event still to come, the draft deck
and the tower's shelves (only the tray and the cube counts on the table are public). The
generator state, the seed and the log never appear. After the game the tower is shown too.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.shogun.data import ACTION_KEYS, tables
from daimyo_rules.shogun.moves import bid_json, card_json
from daimyo_rules.shogun.options import menu
from daimyo_rules.shogun.rules import ACTION_INDEX, fourth_event, owned
from daimyo_rules.shogun.state import ACTIONS, DECIDE, OVER, ShogunState
from daimyo_rules.shogun.summary import per_seat, province_json, to_act, tower_json


def _stage(st: ShogunState) -> str:
    return f"chance:{st.pending[0]}" if st.pending else st.stage


def _executed(st: ShogunState) -> int:
    """How many (action, turn position) slots have shown their cards this round."""
    if st.stage not in (ACTIONS, DECIDE) or not st.turn_order:
        return 0
    current = st.stage == DECIDE or (st.stage == ACTIONS and st.pending is not None)
    return min(st.cursor + (1 if current else 0), len(ACTION_KEYS) * st.players)


def _revealed_plans(st: ShogunState) -> dict[str, dict[str, Any]]:
    shown: dict[str, dict[str, Any]] = {str(s): {} for s in range(st.players)}
    for slot in range(_executed(st)):
        index, position = divmod(slot, st.players)
        seat, key = st.turn_order[position], st.action_order[index]
        plan = st.plans[seat]
        if plan is not None:
            shown[str(seat)][key] = card_json(plan.actions[ACTION_INDEX[key]])
    return shown


def _own_plan(st: ShogunState, seat: int | None) -> Any:
    plan = st.plans[seat] if seat is not None and 0 <= seat < st.players else None
    if plan is None:
        return None
    return {"actions": {k: card_json(c) for k, c in zip(ACTION_KEYS, plan.actions, strict=True)},
            "bid": bid_json(plan.bid)}


def _seat_json(st: ShogunState, seat: int) -> dict[str, Any]:
    plan = st.plans[seat]
    return {
        "chests": st.chests[seat], "rice": st.rice[seat], "vp": st.vp[seat], "supply": st.supply[seat],
        "province_cards": [tables().names[p] for p in owned(st, seat)],
        "planned": plan is not None,
        "bid": bid_json(plan.bid) if st.bids_shown and plan is not None else None,
        "special": st.picks[seat] or None,
    }


def _events_json(st: ShogunState) -> dict[str, Any]:
    over = st.stage == OVER
    return {"this_year": list(st.year_events), "used": list(st.used_events), "current": st.event or None,
            "seen": list(st.seen_events),
            "winter_event": fourth_event(st) or None if (over or len(st.used_events) >= 3) else None}


def _draft_json(st: ShogunState) -> dict[str, Any] | None:
    if st.setup != "draft" or not any(st.groups):
        return None
    names = tables().names
    return {"face_up": [names[p] if p >= 0 else None for p in st.face_up], "deck_size": len(st.deck),
            "groups": {str(s): sorted(g, reverse=True) for s, g in enumerate(st.groups)}}


def view(st: ShogunState, seat: int | None) -> dict[str, Any]:
    return views(st, [seat])[0]


def views(st: ShogunState, viewers: list[int | None]) -> list[dict[str, Any]]:
    """`view(st, v)` for each viewer; all but the seat, its own plan and its legal moves is
    public, so it is built once and shared (the relay sends every seat a view of each move)."""
    t = tables()
    over = st.stage == OVER
    before_seat = {"game": "shogun"}
    public = {
        "players": st.players, "side": st.side, "setup": st.setup,
        "tower_model": st.tower_model, "tower_params": dict(st.tower_params),
        "year": st.year, "season": st.season, "stage": _stage(st),
        "to_act": to_act(st), "finished": over, "winners": list(st.winners),
        "provinces": {name: dict(province_json(st, p), in_play=st.in_play[p])
                      for p, name in enumerate(t.names)},
        "seats": {str(s): _seat_json(st, s) for s in range(st.players)},
        "peasant_supply": st.peasants,
        "tower": dict(tower_json(st, over), shelves=len(st.shelves)),
        "events": _events_json(st),
        "action_cards": [k if i < st.revealed else None for i, k in enumerate(st.action_order)],
        "specials": list(st.specials),
        "bid_order": list(st.bid_order) if st.bids_shown else [],
        "turn_order": list(st.turn_order),
        "revealed_plans": _revealed_plans(st),
        "decision": _decision_json(st),
        "draft": _draft_json(st),
    }
    return [{**before_seat, "seat": seat, **public, "your_plan": _own_plan(st, seat),
             "legal": menu(st, seat) if seat is not None else None} for seat in viewers]


def reveal_all_view(st: ShogunState) -> dict[str, Any]:
    """The spectator's view plus every seat's secret plan, as its owner sees it."""
    return {**view(st, None), "plans": {str(s): _own_plan(st, s) for s in range(st.players)}}


def _decision_json(st: ShogunState) -> dict[str, Any] | None:
    if st.stage != DECIDE or st.decision is None:
        return None
    seat, key, origin = st.decision
    return {"seat": seat, "action": key, "from": tables().names[origin]}


def _redact_chance(chance: dict[str, Any]) -> dict[str, Any]:
    kind = chance["type"]
    if kind == "shuffle_deck":
        return {"type": kind, "face_up": chance["order"][:2]}
    if kind == "action_order":
        return {"type": kind, "shown": chance["order"][:5]}
    if kind == "tower":
        return {"type": kind, "out": chance["out"]}
    return chance


def last_effects(st: ShogunState, seat: int | None) -> list[dict[str, Any]]:
    if st.stage == OVER:
        return [dict(e) for e in st.effects]
    out = []
    for e in st.effects:
        out.append(dict(e, chance=_redact_chance(e["chance"])) if e["type"] == "chance" else dict(e))
    return out


__all__ = ["last_effects", "per_seat", "reveal_all_view", "view", "views"]
