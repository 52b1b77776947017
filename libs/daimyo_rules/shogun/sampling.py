"""Determinization for search: a full Shogun state consistent with one seat's view.

A bot only receives its seat's view. `sample_state` rebuilds everything public from the view
and draws the secrets at random: the other seats' unexecuted plan cards (and plans not yet
revealed), the action cards still face down, the draft deck, how the tower's stuck cubes sit
on its shelves (their per-colour totals are public: what is on neither board, supply nor tray),
and the generator (so the coming event, tie-breaks and tower drops are fresh chance). The
sampled state's view for that seat equals the given view.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import MalformedMove, Rng
from daimyo_rules.shogun import tower
from daimyo_rules.shogun.data import ACTION_KEYS, tables
from daimyo_rules.shogun.moves import Plan, parse_bid, parse_card
from daimyo_rules.shogun.rules import ACTION_INDEX, ARMY_CUBES, PEASANT_CUBES, can_build, owned
from daimyo_rules.shogun.setup import new_state
from daimyo_rules.shogun.state import (
    ACTIONS,
    BUILDING_BITS,
    CHEST,
    COLOURS,
    DECIDE,
    NO_CARD,
    PEASANT,
    PICK,
    PLAN,
    SEASONS,
    ShogunState,
)

FIRST_SHELF_SHARE = 0.54  # two-shelf model: sticking on shelf 1 (0.15) vs on shelf 2 (0.85 * 0.15)


def sample_state(view: dict[str, Any], rng: Rng) -> ShogunState:
    if str(view.get("stage", "")).startswith("chance:"):
        raise MalformedMove("a view waiting for a logged chance outcome cannot be sampled")
    config = {"players": view["players"], "side": view["side"], "setup": "fixed",
              "tower": {"model": view["tower_model"], **view["tower_params"]}
              if view["tower_params"] else view["tower_model"]}
    st = new_state(config, rng.next_u64(), auto=True)
    st.setup = view["setup"]
    _public(st, view)
    _tower(st, rng)
    _draft(st, view, rng)
    _round(st, view, rng)
    st.effects, st.history = [], None
    return st


def _public(st: ShogunState, view: dict[str, Any]) -> None:
    t = tables()
    st.year, st.season, st.stage = view["year"], view["season"], view["stage"]
    st.round = SEASONS.index(st.season) if st.season in SEASONS else (0 if st.season == "setup" else 3)
    for p, name in enumerate(t.names):
        province = view["provinces"][name]
        st.owner[p] = -1 if province["owner"] is None else province["owner"]
        st.armies[p], st.markers[p] = province["armies"], province["revolt_markers"]
        st.buildings[p] = sum(BUILDING_BITS[b] for b in province["buildings"])
    seats = [view["seats"][str(s)] for s in range(st.players)]
    st.chests = [s["chests"] for s in seats]
    st.rice = [s["rice"] for s in seats]
    st.vp = [s["vp"] for s in seats]
    st.supply = [s["supply"] for s in seats]
    st.picks = [s["special"] or "" for s in seats]
    st.peasants, st.winners = view["peasant_supply"], list(view["winners"])
    st.tray = tower.parse_counts(view["tower"]["tray"], st.players)
    events = view["events"]
    st.year_events, st.used_events = list(events["this_year"]), list(events["used"])
    st.seen_events, st.event = list(events["seen"]), events["current"] or 0


def _stuck_totals(st: ShogunState) -> list[int]:
    totals = [0] * COLOURS
    for seat in range(st.players):
        board = sum(a for p, a in enumerate(st.armies) if st.owner[p] == seat)
        totals[seat] = ARMY_CUBES - board - st.supply[seat] - st.tray[seat]
    totals[PEASANT] = PEASANT_CUBES - st.peasants - st.tray[PEASANT]
    return totals


def _stuck_in_tower(st: ShogunState) -> list[int]:
    """Cubes per colour that the view cannot account for; a view claiming more is malformed."""
    totals = _stuck_totals(st)
    limits = [ARMY_CUBES] * st.players + [0] * (COLOURS - st.players - 1) + [PEASANT_CUBES]
    for colour, (n, limit) in enumerate(zip(totals, limits, strict=True)):
        if not 0 <= n <= limit:
            raise MalformedMove(f"the view's cube counts leave {n} cubes of colour {colour} in the tower "
                                f"(0 to {limit} possible)")
    return totals


def _tower(st: ShogunState, rng: Rng) -> None:
    st.shelves = [[] for _ in st.shelves]
    cubes = [c for c, n in enumerate(_stuck_in_tower(st)) for _ in range(n)]
    if not cubes or not st.shelves:
        return
    for cube in rng.shuffled(cubes):
        first = len(st.shelves) == 1 or rng.below(100) < FIRST_SHELF_SHARE * 100
        st.shelves[0 if first else 1].append(cube)


def _draft(st: ShogunState, view: dict[str, Any], rng: Rng) -> None:
    draft = view["draft"]
    if draft is None:
        st.groups = [[] for _ in range(st.players)]
        return
    t = tables()
    st.face_up = [t.index[n] if n else -1 for n in draft["face_up"]]
    st.groups = [list(draft["groups"][str(s)]) for s in range(st.players)]
    st.draft_turn = st.players * len(t.army_pattern[st.players]) - sum(map(len, st.groups))
    unseen = [p for p in range(len(t.names)) if st.in_play[p] and st.owner[p] < 0 and p not in st.face_up]
    st.deck = rng.shuffled(unseen)[:draft["deck_size"]]


def _round(st: ShogunState, view: dict[str, Any], rng: Rng) -> None:
    shown = [k for k in view["action_cards"] if k]
    st.action_order = shown + rng.shuffled([k for k in ACTION_KEYS if k not in shown]) if shown else []
    st.revealed, st.specials = len(shown), list(view["specials"])
    st.bid_order, st.turn_order = list(view["bid_order"]), list(view["turn_order"])
    st.bids_shown = st.stage in (PICK, ACTIONS, DECIDE)
    executed = sum(len(cards) for cards in view["revealed_plans"].values())
    st.cursor = max(0, executed - 1) if st.stage == DECIDE else executed
    decision = view["decision"]
    st.decision = None if decision is None else (
        decision["seat"], decision["action"], tables().index[decision["from"]])
    st.plans = [_plan(st, view, s, rng) for s in range(st.players)]


def _plan(st: ShogunState, view: dict[str, Any], seat: int, rng: Rng) -> Plan | None:
    if seat == view["seat"] and view["your_plan"] is not None:
        mine = view["your_plan"]
        return Plan(tuple(parse_card(mine["actions"][k]) for k in ACTION_KEYS), parse_bid(mine["bid"]))
    if st.stage not in (PLAN, PICK, ACTIONS, DECIDE) or not view["seats"][str(seat)]["planned"]:
        return None
    bid = parse_bid(view["seats"][str(seat)]["bid"]) if st.bids_shown else NO_CARD
    cards = [NO_CARD] * len(ACTION_KEYS)
    for key, card in view["revealed_plans"][str(seat)].items():
        cards[ACTION_INDEX[key]] = parse_card(card)
    free = [i for i, key in enumerate(ACTION_KEYS) if key not in view["revealed_plans"][str(seat)]]
    used = {bid, *cards}
    for i in rng.shuffled(free):
        key = ACTION_KEYS[i]
        provinces = [p for p in owned(st, seat) if p not in used]
        choices = [NO_CARD, *(p for p in provinces if key not in BUILDING_BITS or can_build(st, p, key)),
                   *(CHEST + k for k in range(5) if CHEST + k not in used)]
        cards[i] = choices[rng.below(len(choices))]
        used.add(cards[i])
    return Plan(tuple(cards), bid)
