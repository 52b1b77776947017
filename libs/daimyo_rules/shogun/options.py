"""What a seat may do now: legal move lists, random moves and the compact menu for views.

Planning has far too many legal plans to list (every card or bluff on each of ten actions,
times the bids), so during planning `legal_moves` returns a `PlanChoices` sequence:
`plan in choices` checks any plan exactly, while len, indexing and iteration cover the
*simple* plans — for every legal bid, the empty plan and each plan with exactly one province
card on one action. `random_move` draws plans from the whole space: the bid uniformly among the
legal bids, then each action in card order uniformly among nothing and the cards still free.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from daimyo_rules.core import Rng, RuleError
from daimyo_rules.shogun.data import ACTION_KEYS, tables
from daimyo_rules.shogun.moves import (
    DRAFT_TAKES,
    SKIP,
    Draft,
    Move,
    MoveArmies,
    PickSpecial,
    Plan,
    bid_json,
    parse_move,
)
from daimyo_rules.shogun.rules import can_build, check_plan, check_target, move_limit, owned
from daimyo_rules.shogun.state import BUILDING_BITS, CHEST, DECIDE, DRAFT, NO_CARD, PICK, PLAN, ShogunState
from daimyo_rules.shogun.summary import to_act

EMPTY_ACTIONS = (NO_CARD,) * len(ACTION_KEYS)


def action_cards(st: ShogunState, seat: int, key: str, provinces: list[int]) -> list[int]:
    if key in BUILDING_BITS:
        return [p for p in provinces if can_build(st, p, key)]
    return provinces


def legal_bids(st: ShogunState, seat: int, provinces: list[int]) -> list[int]:
    chests = [CHEST + k for k in range(5) if k <= st.chests[seat]]
    return [NO_CARD, *chests, *provinces]


class PlanChoices(Sequence[Move]):
    """The planning moves of one seat (see the module docstring for what it enumerates)."""

    def __init__(self, st: ShogunState, seat: int) -> None:
        self._st, self._seat = st, seat
        self._simple: list[Move] | None = None

    def _plans(self) -> list[Move]:
        if self._simple is None:
            provinces = owned(self._st, self._seat)
            simple: list[Move] = []
            for bid in legal_bids(self._st, self._seat, provinces):
                simple.append(Plan(EMPTY_ACTIONS, bid))
                for i, key in enumerate(ACTION_KEYS):
                    for p in action_cards(self._st, self._seat, key, provinces):
                        if p != bid:
                            simple.append(Plan((*EMPTY_ACTIONS[:i], p, *EMPTY_ACTIONS[i + 1:]), bid))
            self._simple = simple
        return self._simple

    def __len__(self) -> int:
        return len(self._plans())

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        return self._plans()[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._plans())

    def __contains__(self, move: object) -> bool:
        try:
            plan = parse_move(move)
            if not isinstance(plan, Plan):
                return False
            check_plan(self._st, self._seat, plan)
        except RuleError:
            return False
        return True


def _targets(st: ShogunState, seat: int) -> list[int]:
    assert st.decision is not None
    return [to for to in tables().neighbours[st.decision[2]] if not check_target(st, seat, to)]


def _draft_takes(st: ShogunState) -> list[str]:
    return [t for t in DRAFT_TAKES if (st.deck if t == "deck" else st.face_up[int(t[-1])] >= 0)]


def legal_moves(st: ShogunState, seat: int) -> Sequence[Move]:
    if seat not in to_act(st):
        return []
    if st.stage == PLAN:
        return PlanChoices(st, seat)
    if st.stage == PICK:
        return [PickSpecial(c) for c in st.specials if c not in st.picks]
    if st.stage == DRAFT:
        return [Draft(t, a) for t in _draft_takes(st) for a in sorted(set(st.groups[seat]))]
    limit = move_limit(st)
    return [SKIP, *(MoveArmies(to, n) for to in _targets(st, seat) for n in range(1, limit + 1))]


def random_plan(st: ShogunState, seat: int, rng: Rng) -> Plan:
    provinces = owned(st, seat)
    bids = legal_bids(st, seat, provinces)
    bid = bids[rng.below(len(bids))]
    used = {bid}
    cards = []
    for key in ACTION_KEYS:
        choices = [NO_CARD, *(c for c in action_cards(st, seat, key, provinces) if c not in used),
                   *(CHEST + k for k in range(5) if CHEST + k not in used)]
        card = choices[rng.below(len(choices))]
        used.add(card)
        cards.append(card)
    return Plan(tuple(cards), bid)


def random_move(st: ShogunState, seat: int, rng: Rng) -> Move:
    if seat not in to_act(st):
        raise RuleError(f"seat {seat} may not act now")
    if st.stage == PLAN:
        return random_plan(st, seat, rng)
    if st.stage == DECIDE:
        targets, limit = _targets(st, seat), move_limit(st)
        pick = rng.below(1 + len(targets) * limit)
        return SKIP if pick == 0 else MoveArmies(targets[(pick - 1) // limit], 1 + (pick - 1) % limit)
    moves = legal_moves(st, seat)
    return moves[rng.below(len(moves))]


def menu(st: ShogunState, seat: int) -> dict[str, Any] | None:
    """What `seat` may do now, compactly enough for a client to offer only legal moves."""
    if seat not in to_act(st):
        return None
    names = tables().names
    if st.stage == PLAN:
        provinces = owned(st, seat)
        return {"type": "plan",
                "actions": {k: [names[p] for p in action_cards(st, seat, k, provinces)] for k in ACTION_KEYS},
                "chest_cards": [f"chest:{k}" for k in range(5)],
                "bids": [bid_json(b) for b in legal_bids(st, seat, provinces)],
                "rule": "each province card and each war-chest card at most once (actions and bid)"}
    if st.stage == PICK:
        return {"type": "pick_special", "cards": [c for c in st.specials if c not in st.picks]}
    if st.stage == DRAFT:
        return {"type": "draft", "take": _draft_takes(st), "armies": sorted(set(st.groups[seat]))}
    assert st.decision is not None
    return {"type": "move", "action": st.decision[1], "from": names[st.decision[2]],
            "max_armies": move_limit(st),
            "targets": [{"to": names[t], "battle": st.owner[t] != seat} for t in _targets(st, seat)],
            "skip": True}
