"""The Shogun game machine: set-up, rounds, actions, battles, winter and the end (shogun.md).

`advance` runs the game forward from `state.stage` until it needs a player's move or a chance
outcome. Chance is drawn from the state's generator when `state.auto` is set (live games) and
otherwise waits in `state.pending` for the log's next chance entry (replay). Every chance
outcome is recorded in `state.history` in the notation of shogun.md. All functions here change
the state they are given: callers pass a fresh copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from daimyo_rules.core import IllegalMove, Rng
from daimyo_rules.shogun import tower
from daimyo_rules.shogun.data import ACTION_KEYS, tables
from daimyo_rules.shogun.moves import (
    Draft,
    MoveArmies,
    PickSpecial,
    Plan,
    bid_json,
    card_json,
    move_to_json,
)
from daimyo_rules.shogun.state import (
    ACTIONS,
    BUILDING_BITS,
    CASTLE,
    CHEST,
    COLOURS,
    DECIDE,
    DRAFT,
    NO_CARD,
    OVER,
    PEASANT,
    PICK,
    PLAN,
    ROUND_EVENT,
    ROUND_START,
    SEASONS,
    SEED_TOWER,
    SETUP_DECK,
    TEMPLE,
    THEATRE,
    TIEBREAK,
    WINTER,
    YEAR_EVENTS,
    ShogunState,
)

T = tables()
ROUND_SPECIALS = "round_specials"
ACTION_INDEX = {key: i for i, key in enumerate(ACTION_KEYS)}
ARMY_CUBES = 62
PEASANT_CUBES = 20
START_CHESTS = {3: 18, 4: 15, 5: 12}
TOWER_SEED_CUBES, TOWER_SEED_PEASANTS = 7, 10
MAJORITY_VP = ((CASTLE, 3), (TEMPLE, 2), (THEATRE, 1))
NEUTRAL_PEASANTS, FARMER_PEASANTS = 1, 2
DECISION_ACTIONS = ("recruit1_move", "attack_a", "attack_b")


# ---------------------------------------------------------------- bookkeeping


def record(st: ShogunState, entry: dict[str, Any]) -> None:
    st.history = (entry, st.history)
    st.steps += 1


def effect(st: ShogunState, **fields: Any) -> None:
    st.effects.append(fields)


def owned(st: ShogunState, seat: int) -> list[int]:
    return [p for p, o in enumerate(st.owner) if o == seat]


def building_count(bits: int) -> int:
    return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1)


def event_kind(st: ShogunState) -> str:
    return T.events[st.event].kind if st.event else ""


def fourth_event(st: ShogunState) -> int:
    left = [e for e in st.year_events if e not in st.used_events]
    return left[0] if len(left) == 1 else 0


# ---------------------------------------------------------------- chance


def _chance(st: ShogunState, kind: str, ctx: Any) -> bool:
    """Draw (auto) or wait for (replay) one chance outcome; True when it was applied."""
    if not st.auto:
        st.pending = (kind, ctx)
        return False
    rng = Rng(st.rng)
    outcome = GENERATORS[kind](st, ctx, rng)
    st.rng = rng.state
    apply_outcome(st, kind, ctx, outcome)
    return True


def apply_outcome(st: ShogunState, kind: str, ctx: Any, outcome: dict[str, Any]) -> None:
    """Check and apply one chance outcome (raises ValueError when it does not fit the state)."""
    RESOLVERS[kind](st, ctx, outcome)
    record(st, {"chance": outcome})
    effect(st, type="chance", chance=outcome)


def apply_chance_entry(st: ShogunState, outcome: Any) -> None:
    if st.pending is None:
        raise IllegalMove("no chance outcome is pending now")
    kind, ctx = st.pending
    if not isinstance(outcome, dict) or outcome.get("type") != kind:
        raise IllegalMove(f"the game waits for a {kind!r} chance outcome")
    st.pending = None
    try:
        apply_outcome(st, kind, ctx, outcome)
    except (ValueError, KeyError, TypeError) as err:
        raise IllegalMove(f"chance outcome {kind!r} does not fit the state: {err}") from err
    if kind == "tower":
        _resume_after_battle(st)
    advance(st)


def fill_pending(st: ShogunState) -> None:
    """Draw every pending chance outcome from the generator (a log that leaves them out).

    They join the history but are not counted as applied log entries.
    """
    steps = st.steps
    while st.pending is not None:
        kind, ctx = st.pending
        st.pending = None
        st.auto = True
        if kind == "tower":
            assert st.battle is not None
            _auto_drop(st, st.battle)
            _resume_after_battle(st)
        else:
            rng = Rng(st.rng)
            outcome = GENERATORS[kind](st, ctx, rng)
            st.rng = rng.state
            apply_outcome(st, kind, ctx, outcome)
        st.auto = False
        advance(st)
    st.steps = steps


def _permutation(value: Any, items: list[Any], what: str) -> list[Any]:
    if not isinstance(value, list) or sorted(map(str, value)) != sorted(map(str, items)) \
            or len(set(map(str, value))) != len(value):
        raise ValueError(f"{what} must list exactly {items}")
    by_text = {str(i): i for i in items}
    return [by_text[str(v)] for v in value]


def _in_play_cards(st: ShogunState) -> list[int]:
    return [p for p in range(len(T.names)) if st.in_play[p]]


def _gen_deck(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    return {"type": "shuffle_deck", "order": [T.names[p] for p in rng.shuffled(_in_play_cards(st))]}


def _res_deck(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    names = _permutation(outcome["order"], [T.names[p] for p in _in_play_cards(st)], "shuffle_deck.order")
    order = [T.index[n] for n in names]
    st.face_up, st.deck = order[:2], order[2:]
    st.stage = DRAFT


def _event_pool(st: ShogunState) -> list[int]:
    return [e for e in sorted(T.events) if e not in st.seen_events]


def _gen_event_cards(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    return {"type": "event_cards", "cards": rng.shuffled(_event_pool(st))[:4]}


def _res_event_cards(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    cards, pool = outcome["cards"], _event_pool(st)
    if not isinstance(cards, list) or len(cards) != 4 or len(set(cards)) != 4 \
            or any(c not in pool for c in cards):
        raise ValueError(f"event_cards must be 4 different cards of {pool}")
    st.year_events, st.used_events = list(cards), []
    st.seen_events = st.seen_events + list(cards)
    if st.season == "winter":
        st.year, st.round = 2, 0
    st.stage = ROUND_START


def _gen_action_order(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    return {"type": "action_order", "order": rng.shuffled(ACTION_KEYS)}


def _res_action_order(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    st.action_order = _permutation(outcome["order"], list(ACTION_KEYS), "action_order.order")
    st.revealed = 5
    st.stage = ROUND_SPECIALS


def _gen_specials(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    return {"type": "specials", "order": rng.shuffled(T.special_keys)}


def _res_specials(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    st.specials = _permutation(outcome["order"], list(T.special_keys), "specials.order")
    st.plans = [None] * st.players
    st.picks = [""] * st.players
    st.stage = PLAN


def _gen_event(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    left = [e for e in st.year_events if e not in st.used_events]
    return {"type": "event", "card": left[rng.below(len(left))]}


def _res_event(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    left = [e for e in st.year_events if e not in st.used_events]
    if outcome["card"] not in left:
        raise ValueError(f"the event must be one of this year's remaining cards {left}")
    st.event = outcome["card"]
    st.used_events = [*st.used_events, st.event]
    _reveal_bids(st)


def _gen_tiebreak(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    return {"type": "bid_tiebreak", "order": rng.shuffled(ctx)}


def _res_tiebreak(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    order = _permutation(outcome["order"], list(ctx), "bid_tiebreak.order")
    st.bid_order = st.bid_order + order
    st.bid_groups = st.bid_groups[1:]


def _gen_winter(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    seat, count = ctx
    chosen = rng.shuffled(owned(st, seat))[:count]
    return {"type": "winter_revolts", "seat": seat, "provinces": [T.names[p] for p in chosen]}


def _res_winter(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    seat, count = ctx
    names = outcome["provinces"]
    if outcome["seat"] != seat or not isinstance(names, list) or len(names) != count \
            or len(set(names)) != count or any(T.index.get(n, -1) not in owned(st, seat) for n in names):
        raise ValueError(f"winter_revolts must name seat {seat} and {count} different provinces it owns")
    st.winter_queue = [T.index[n] for n in names]


def _res_tower(st: ShogunState, ctx: Any, outcome: dict[str, Any]) -> None:
    battle = st.battle
    assert battle is not None
    out = tower.parse_counts(outcome["out"], st.players)
    stuck = outcome["stuck"]
    if not isinstance(stuck, list) or len(stuck) != len(st.shelves):
        raise ValueError(f"tower.stuck must list {len(st.shelves)} shelves")
    shelves = [tower.parse_counts(s, st.players) for s in stuck]
    before = [battle["thrown"][c] + sum(s.count(c) for s in st.shelves) for c in range(COLOURS)]
    after = [out[c] + sum(s[c] for s in shelves) for c in range(COLOURS)]
    if before != after:
        raise ValueError(f"tower cubes are not conserved: {before} in, {after} out and stuck")
    st.shelves = [[c for c in range(COLOURS) for _ in range(s[c])] for s in shelves]
    st.battle = None
    finish_battle(st, battle, out)


def _no_generator(st: ShogunState, ctx: Any, rng: Rng) -> dict[str, Any]:
    raise AssertionError("tower drops are drawn by _auto_drop")


GENERATORS: dict[str, Callable[[ShogunState, Any, Rng], dict[str, Any]]] = {
    "shuffle_deck": _gen_deck, "event_cards": _gen_event_cards, "action_order": _gen_action_order,
    "specials": _gen_specials, "event": _gen_event, "bid_tiebreak": _gen_tiebreak,
    "winter_revolts": _gen_winter, "tower": _no_generator,
}
RESOLVERS: dict[str, Callable[[ShogunState, Any, dict[str, Any]], None]] = {
    "shuffle_deck": _res_deck, "event_cards": _res_event_cards, "action_order": _res_action_order,
    "specials": _res_specials, "event": _res_event, "bid_tiebreak": _res_tiebreak,
    "winter_revolts": _res_winter, "tower": _res_tower,
}


# ---------------------------------------------------------------- the tower and battles


def _take_bonus(st: ShogunState, seat: int, thrown: list[int], wanted: bool) -> None:
    """A bonus cube comes from the seat's supply, none when it is empty."""
    if wanted and st.supply[seat] > 0:
        st.supply[seat] -= 1
        thrown[seat] += 1


def _take_peasants(st: ShogunState, thrown: list[int], wanted: int) -> None:
    n = min(wanted, st.peasants)
    st.peasants -= n
    thrown[PEASANT] += n


def _drop(st: ShogunState, battle: dict[str, Any]) -> bool:
    """Throw the battle cubes with the tray; True when the battle was resolved now."""
    thrown = battle["thrown"]
    for c in range(COLOURS):
        thrown[c] += st.tray[c]
    st.tray = [0] * COLOURS
    if st.tower_model == tower.ALL_PASS:
        finish_battle(st, battle, list(thrown))
        return True
    if st.auto:
        _auto_drop(st, battle)
        return True
    st.battle = battle
    st.pending = ("tower", None)
    return False


def _auto_drop(st: ShogunState, battle: dict[str, Any]) -> None:
    rng = Rng(st.rng)
    out = tower.drop(st.tower_model, st.tower_params, battle["thrown"], st.shelves, rng,
                     initial=battle["kind"] == "seed")
    st.rng = rng.state
    st.battle = None
    outcome = {"type": "tower", "out": tower.counts_json(out),
               "stuck": [tower.counts_json(tower.shelf_counts(s)) for s in st.shelves]}
    record(st, {"chance": outcome})
    effect(st, type="chance", chance=outcome)
    finish_battle(st, battle, out)


def _resume_after_battle(st: ShogunState) -> None:
    if st.stage == ACTIONS:
        st.cursor += 1


def _to_tray(st: ShogunState, out: list[int], keep: tuple[int, ...]) -> None:
    for c in range(COLOURS):
        if c not in keep and out[c]:
            st.tray[c] += out[c]


def _make_neutral(st: ShogunState, p: int) -> None:
    st.owner[p], st.armies[p], st.buildings[p], st.markers[p] = -1, 0, 0, 0


def finish_battle(st: ShogunState, battle: dict[str, Any], out: list[int]) -> None:
    FINISHERS[battle["kind"]](st, battle, out)


def _finish_seed(st: ShogunState, battle: dict[str, Any], out: list[int]) -> None:
    for seat in range(st.players):
        st.supply[seat] += out[seat]
    st.peasants += out[PEASANT]
    effect(st, type="tower_seeded", out=tower.counts_json(out))
    st.stage = YEAR_EVENTS


def _finish_pvp(st: ShogunState, battle: dict[str, Any], out: list[int]) -> None:
    p, a, d = battle["province"], battle["attacker"], battle["defender"]
    att, dfn = out[a], out[d]
    peasants_count = battle["peasants_count"]
    peas = out[PEASANT] if peasants_count else 0
    _to_tray(st, out, (a, d, PEASANT) if peasants_count else (a, d))
    st.peasants += peas
    if att > dfn + peas:
        st.owner[p], st.armies[p] = a, att - dfn - peas
        st.supply[a] += att - st.armies[p]
        st.supply[d] += dfn
        result = "attacker wins"
    elif att == dfn + peas or dfn == 0:
        _make_neutral(st, p)
        st.supply[a] += att
        st.supply[d] += dfn
        result = "tie: the province becomes neutral"
    else:
        keep = min(dfn + peas - att, dfn)
        st.armies[p] = keep
        st.supply[a] += att
        st.supply[d] += dfn - keep
        result = "defender wins"
    _battle_effect(st, battle, out, result)


def _finish_neutral(st: ShogunState, battle: dict[str, Any], out: list[int]) -> None:
    p, a = battle["province"], battle["attacker"]
    att, peas = out[a], out[PEASANT]
    _to_tray(st, out, (a, PEASANT))
    st.peasants += peas
    if att > peas:
        st.owner[p], st.armies[p] = a, att - peas
        st.supply[a] += peas
        result = "attacker wins"
    else:
        st.supply[a] += att
        result = "the province stays neutral"
    _battle_effect(st, battle, out, result)


def _finish_revolt(st: ShogunState, battle: dict[str, Any], out: list[int]) -> None:
    p, o = battle["province"], battle["defender"]
    own, peas = out[o], out[PEASANT]
    _to_tray(st, out, (o, PEASANT))
    st.peasants += peas
    if own > peas:
        st.armies[p] = own - peas
        st.markers[p] += 1
        st.supply[o] += peas
        result = "the owner keeps the province"
    else:
        _make_neutral(st, p)
        st.supply[o] += own
        result = "the province becomes neutral"
    _battle_effect(st, battle, out, result)


def _battle_effect(st: ShogunState, battle: dict[str, Any], out: list[int], result: str) -> None:
    effect(st, type="battle", kind=battle["kind"], province=T.names[battle["province"]],
           attacker=battle.get("attacker"), defender=battle.get("defender"),
           thrown=tower.counts_json(battle["thrown"]), out=tower.counts_json(out), result=result,
           owner=st.owner[battle["province"]], armies=st.armies[battle["province"]])


FINISHERS: dict[str, Callable[[ShogunState, dict[str, Any], list[int]], None]] = {
    "seed": _finish_seed, "pvp": _finish_pvp, "neutral": _finish_neutral,
    "revolt": _finish_revolt, "winter": _finish_revolt,
}


def _revolt(st: ShogunState, p: int, peasants: int, kind: str, defence: bool) -> bool:
    o = st.owner[p]
    thrown = [0] * COLOURS
    thrown[o] = st.armies[p]
    st.armies[p] = 0
    _take_bonus(st, o, thrown, defence)
    _take_peasants(st, thrown, peasants)
    return _drop(st, {"kind": kind, "province": p, "defender": o, "thrown": thrown})


def _attack(st: ShogunState, seat: int, origin: int, to: int, n: int) -> bool:
    st.armies[origin] -= n
    thrown = [0] * COLOURS
    thrown[seat] = n
    _take_bonus(st, seat, thrown, st.picks[seat] == "attack")
    d = st.owner[to]
    if d < 0:
        _take_peasants(st, thrown, FARMER_PEASANTS if event_kind(st) == "farmer" else NEUTRAL_PEASANTS)
        return _drop(st, {"kind": "neutral", "province": to, "attacker": seat, "thrown": thrown})
    thrown[d] += st.armies[to]
    st.armies[to] = 0
    _take_bonus(st, d, thrown, st.picks[d] == "defence")
    _take_bonus(st, d, thrown, event_kind(st) == "palace" and bool(st.buildings[to] & CASTLE))
    return _drop(st, {"kind": "pvp", "province": to, "attacker": seat, "defender": d, "thrown": thrown,
                      "peasants_count": st.markers[to] == 0})


# ---------------------------------------------------------------- stages


def advance(st: ShogunState) -> None:
    while st.pending is None and STAGES[st.stage](st):
        pass


def _waiting(st: ShogunState) -> bool:
    return False


def _seed_tower(st: ShogunState) -> bool:
    thrown = [0] * COLOURS
    for seat in range(st.players):
        n = min(TOWER_SEED_CUBES, st.supply[seat])
        st.supply[seat] -= n
        thrown[seat] = n
    _take_peasants(st, thrown, TOWER_SEED_PEASANTS)
    _drop(st, {"kind": "seed", "province": -1, "thrown": thrown})
    return True


def _round_start(st: ShogunState) -> bool:
    st.season = SEASONS[st.round]
    st.event = 0
    st.bids_shown = False
    st.bid_order, st.bid_groups, st.turn_order = [], [], []
    st.cursor, st.revealed, st.action_order = 0, 0, []
    return _chance(st, "action_order", None)


def _bid_value(plan: Plan) -> int:
    return plan.bid - CHEST if plan.bid >= CHEST else 0


def _reveal_bids(st: ShogunState) -> None:
    values = []
    for seat, plan in enumerate(st.plans):
        assert plan is not None
        values.append(_bid_value(plan))
        st.chests[seat] -= values[-1]
    st.bids_shown = True
    effect(st, type="bids", bids={str(s): bid_json(p.bid) for s, p in enumerate(st.plans)})
    st.bid_groups = [[s for s in range(st.players) if values[s] == v]
                     for v in sorted(set(values), reverse=True)]
    st.stage = TIEBREAK


def _tiebreak(st: ShogunState) -> bool:
    while st.bid_groups and len(st.bid_groups[0]) == 1:
        st.bid_order = st.bid_order + st.bid_groups[0]
        st.bid_groups = st.bid_groups[1:]
    if st.bid_groups:
        return _chance(st, "bid_tiebreak", tuple(st.bid_groups[0]))
    st.stage = PICK
    return True


def _actions(st: ShogunState) -> bool:
    n = st.players
    while st.cursor < len(ACTION_KEYS) * n:
        index, position = divmod(st.cursor, n)
        if index >= st.revealed:
            st.revealed = index + 1
            effect(st, type="action_revealed", position=index + 1, action=st.action_order[index])
        if not _execute(st, st.turn_order[position], st.action_order[index]):
            return False
        st.cursor += 1
    _end_round(st)
    return True


def _end_round(st: ShogunState) -> None:
    effect(st, type="round_over", year=st.year, season=st.season)
    st.plans = [None] * st.players
    st.picks = [""] * st.players
    st.round += 1
    if st.round < len(SEASONS):
        st.stage = ROUND_START
        return
    st.season, st.stage = "winter", WINTER
    st.winter_seat, st.winter_queue, st.winter_extra = 0, [], -1


def _winter(st: ShogunState) -> bool:
    while st.winter_seat < st.players:
        if st.winter_extra < 0:
            if not _winter_rice(st):
                return False
        elif st.winter_queue:
            p = st.winter_queue[0]
            st.winter_queue = st.winter_queue[1:]
            if not _revolt(st, p, st.markers[p] + st.winter_extra, "winter", False):
                return False
        else:
            st.winter_seat, st.winter_extra = st.winter_seat + 1, -1
    _score(st)
    if st.year == 1:
        st.rice = [0] * st.players
        st.markers = [0] * len(T.names)
        st.stage = YEAR_EVENTS
    else:
        _end_game(st)
    return True


def _winter_rice(st: ShogunState) -> bool:
    seat = st.winter_seat
    provinces = owned(st, seat)
    loss = T.events[fourth_event(st)].winter_loss if fourth_event(st) else 0
    shortfall = max(0, len(provinces) + loss - st.rice[seat])
    revolts, extra = T.winter[min(shortfall, len(T.winter) - 1)]
    count = min(revolts, len(provinces))
    effect(st, type="winter_rice", seat=seat, rice=st.rice[seat], needed=len(provinces) + loss,
           shortfall=shortfall, revolts=count, extra_peasants=extra)
    if count == 0:
        st.winter_seat += 1
        return True
    st.winter_extra = extra
    return _chance(st, "winter_revolts", (seat, count))


def score_breakdown(st: ShogunState) -> list[dict[str, int]]:
    rows = [{"provinces": 0, "buildings": 0, "majorities": 0} for _ in range(st.players)]
    for p, o in enumerate(st.owner):
        if o >= 0:
            rows[o]["provinces"] += 1
            rows[o]["buildings"] += building_count(st.buildings[p])
    regions = T.regions[st.side]
    for region in sorted(set(regions)):
        for bit, points in MAJORITY_VP:
            counts = [0] * st.players
            for p, o in enumerate(st.owner):
                if o >= 0 and regions[p] == region and st.buildings[p] & bit:
                    counts[o] += 1
            best = max(counts)
            leaders = [s for s in range(st.players) if counts[s] == best]
            for s in leaders if best else []:
                rows[s]["majorities"] += points if len(leaders) == 1 else points - 1
    return rows


def _score(st: ShogunState) -> None:
    rows = score_breakdown(st)
    for seat, row in enumerate(rows):
        st.vp[seat] += sum(row.values())
    effect(st, type="scoring", year=st.year, points={str(s): r for s, r in enumerate(rows)},
           vp={str(s): v for s, v in enumerate(st.vp)})


def _end_game(st: ShogunState) -> None:
    best = max(zip(st.vp, st.chests, strict=True))
    st.winners = [s for s in range(st.players) if (st.vp[s], st.chests[s]) == best]
    st.stage = OVER
    effect(st, type="game_over", winners=list(st.winners))


STAGES: dict[str, Callable[[ShogunState], bool]] = {
    SETUP_DECK: lambda st: _chance(st, "shuffle_deck", None),
    DRAFT: _waiting,
    SEED_TOWER: _seed_tower,
    YEAR_EVENTS: lambda st: _chance(st, "event_cards", None),
    ROUND_START: _round_start,
    ROUND_SPECIALS: lambda st: _chance(st, "specials", None),
    PLAN: _waiting,
    ROUND_EVENT: lambda st: _chance(st, "event", None),
    TIEBREAK: _tiebreak,
    PICK: _waiting,
    ACTIONS: _actions,
    DECIDE: _waiting,
    WINTER: _winter,
    OVER: _waiting,
}


# ---------------------------------------------------------------- executing one action


def _execute(st: ShogunState, seat: int, key: str) -> bool:
    plan = st.plans[seat]
    assert plan is not None
    card = plan.actions[ACTION_INDEX[key]]
    if card == NO_CARD or card >= CHEST:
        effect(st, type="action", action=key, seat=seat, card=card_json(card), result="nothing")
        return True
    if st.owner[card] != seat:
        return _skipped(st, seat, key, card, "the province is no longer theirs")
    return EXECUTORS[key](st, seat, key, card)


def _skipped(st: ShogunState, seat: int, key: str, p: int, why: str) -> bool:
    effect(st, type="action", action=key, seat=seat, card=T.names[p], result=f"skipped: {why}")
    return True


def _done(st: ShogunState, seat: int, key: str, p: int, **details: Any) -> None:
    effect(st, type="action", action=key, seat=seat, card=T.names[p], result="done", **details)


def can_build(st: ShogunState, p: int, key: str) -> bool:
    bits = st.buildings[p]
    return not bits & BUILDING_BITS[key] and building_count(bits) < T.sites[p]


def _build(st: ShogunState, seat: int, key: str, p: int) -> bool:
    cost = T.action_cost[key]
    if not can_build(st, p, key):
        return _skipped(st, seat, key, p, "no free site for it")
    if st.chests[seat] < cost:
        return _skipped(st, seat, key, p, "cannot pay")
    st.chests[seat] -= cost
    st.buildings[p] |= BUILDING_BITS[key]
    if key == "theatre" and event_kind(st) == "riot" and st.markers[p]:
        st.markers[p] -= 1
    _done(st, seat, key, p)
    return True


def _yield(st: ShogunState, seat: int, key: str, p: int) -> int:
    if key == "rice":
        amount, low, high, special = T.rice[p], "minCrop", "maxCrop", "rice"
    else:
        amount, low, high, special = T.tax[p], "minThaler", "maxThaler", "war_chest"
    kind = event_kind(st)
    if kind == low:
        amount = max(amount, T.events[st.event].limit)
    elif kind == high:
        amount = min(amount, T.events[st.event].limit)
    if st.picks[seat] == special:
        amount += T.special_bonus[special]
    return amount


def _collect(st: ShogunState, seat: int, key: str, p: int) -> bool:
    amount = _yield(st, seat, key, p)
    if key == "rice":
        st.rice[seat] += amount
    else:
        st.chests[seat] += amount
    _done(st, seat, key, p, amount=amount)
    if key not in T.action_marks:
        return True
    st.markers[p] += 1
    if st.markers[p] < 2:
        return True
    return _revolt(st, p, st.markers[p], "revolt", st.picks[seat] == "defence")


def _recruit(st: ShogunState, seat: int, key: str, p: int) -> bool:
    cost = T.action_cost[key]
    if st.supply[seat] == 0:
        return _skipped(st, seat, key, p, "no armies left in supply")
    if st.chests[seat] < cost:
        return _skipped(st, seat, key, p, "cannot pay")
    amount = T.recruit_armies[key]
    if event_kind(st) == "army":
        amount = T.events[st.event].recruit[0 if key == "recruit5" else 1]
    if key == "recruit5" and st.picks[seat] == "recruit":
        amount += T.special_bonus["recruit"]
    st.chests[seat] -= cost
    _place(st, seat, p, amount)
    _done(st, seat, key, p, armies=amount)
    return True


def _place(st: ShogunState, seat: int, p: int, amount: int) -> None:
    amount = min(amount, st.supply[seat])
    st.supply[seat] -= amount
    st.armies[p] += amount


def _recruit_and_move(st: ShogunState, seat: int, key: str, p: int) -> bool:
    if st.chests[seat] < T.action_cost[key]:
        return _skipped(st, seat, key, p, "cannot pay")
    st.chests[seat] -= T.action_cost[key]
    _place(st, seat, p, T.recruit_armies[key])
    _done(st, seat, key, p)
    return _ask_move(st, seat, key, p)


def _attack_action(st: ShogunState, seat: int, key: str, p: int) -> bool:
    if st.armies[p] < 2:
        return _skipped(st, seat, key, p, "fewer than 2 armies there")
    return _ask_move(st, seat, key, p)


def _ask_move(st: ShogunState, seat: int, key: str, p: int) -> bool:
    if st.armies[p] < 2:
        return True
    st.decision = (seat, key, p)
    st.stage = DECIDE
    return False


EXECUTORS: dict[str, Callable[[ShogunState, int, str, int], bool]] = {
    "castle": _build, "temple": _build, "theatre": _build,
    "rice": _collect, "taxes": _collect,
    "recruit5": _recruit, "recruit3": _recruit, "recruit1_move": _recruit_and_move,
    "attack_a": _attack_action, "attack_b": _attack_action,
}


# ---------------------------------------------------------------- player moves


def check_plan(st: ShogunState, seat: int, plan: Plan) -> None:
    if st.stage != PLAN or st.plans[seat] is not None:
        raise IllegalMove("planning: each player plans once, during the planning step")
    used: set[int] = set()
    for key, card in zip(ACTION_KEYS, plan.actions, strict=True):
        _check_card(st, seat, card, used)
        if key in BUILDING_BITS and card != NO_CARD and card < CHEST and not can_build(st, card, key):
            raise IllegalMove(f"build {key}: {T.names[card]} has no free site or already has a {key}")
    if plan.bid >= CHEST and st.chests[seat] < plan.bid - CHEST:
        raise IllegalMove("bid: a war-chest bid must be payable")
    _check_card(st, seat, plan.bid, used)


def _check_card(st: ShogunState, seat: int, card: int, used: set[int]) -> None:
    if card == NO_CARD:
        return
    if card in used:
        raise IllegalMove(f"planning: the card {card_json(card)} is used at most once per round")
    used.add(card)
    if card < CHEST and st.owner[card] != seat:
        raise IllegalMove(f"planning: seat {seat} does not hold the province card of {T.names[card]}")


def apply_any(st: ShogunState, seat: int, move: Any) -> None:
    """A checked typed move of any kind, applied in place (the engine's and a bot's fast path)."""
    if isinstance(move, Plan):
        apply_plan(st, seat, move)
    elif isinstance(move, PickSpecial):
        apply_pick(st, seat, move)
    elif isinstance(move, Draft):
        apply_draft(st, seat, move)
    else:
        apply_move(st, seat, move if isinstance(move, MoveArmies) else None)


def apply_plan(st: ShogunState, seat: int, plan: Plan) -> None:
    st.plans[seat] = plan
    effect(st, type="planned", seat=seat)
    if all(p is not None for p in st.plans):
        st.stage = ROUND_EVENT


def next_picker(st: ShogunState) -> int:
    return st.bid_order[sum(1 for p in st.picks if p)]


def check_pick(st: ShogunState, seat: int, pick: PickSpecial) -> None:
    if st.stage != PICK or next_picker(st) != seat:
        raise IllegalMove("turn order: special cards are taken one at a time in bid order")
    if pick.card in st.picks:
        raise IllegalMove(f"turn order: the special card {pick.card} is already taken")


def apply_pick(st: ShogunState, seat: int, pick: PickSpecial) -> None:
    st.picks[seat] = pick.card
    effect(st, type="special_taken", seat=seat, card=pick.card, position=st.specials.index(pick.card) + 1)
    if all(st.picks):
        st.turn_order = sorted(range(st.players), key=lambda s: st.specials.index(st.picks[s]))
        st.stage, st.cursor = ACTIONS, 0


def drafter(st: ShogunState) -> int:
    return st.draft_turn % st.players


def check_draft(st: ShogunState, seat: int, move: Draft) -> None:
    if st.stage != DRAFT or drafter(st) != seat:
        raise IllegalMove("draft: players take starting provinces in turn from seat 0")
    if move.armies not in st.groups[seat]:
        raise IllegalMove(f"draft: seat {seat} has no unplaced group of {move.armies} armies")
    if (move.take == "deck" and not st.deck) or (move.take != "deck" and st.face_up[int(move.take[-1])] < 0):
        raise IllegalMove(f"draft: there is no card to take from {move.take}")


def apply_draft(st: ShogunState, seat: int, move: Draft) -> None:
    if move.take == "deck":
        p, st.deck = st.deck[0], st.deck[1:]
    else:
        space = int(move.take[-1])
        p = st.face_up[space]
        st.face_up[space], st.deck = (st.deck[0], st.deck[1:]) if st.deck else (-1, st.deck)
    st.owner[p], st.armies[p] = seat, move.armies
    st.supply[seat] -= move.armies
    st.groups[seat].remove(move.armies)
    st.draft_turn += 1
    effect(st, type="drafted", seat=seat, province=T.names[p], armies=move.armies)
    if not any(st.groups):
        st.stage = SEED_TOWER


def move_limit(st: ShogunState) -> int:
    assert st.decision is not None
    return st.armies[st.decision[2]] - 1


def border_problem(st: ShogunState, to: int) -> str:
    """Why the decision's armies cannot reach `to` at all ("" when they can)."""
    assert st.decision is not None
    origin = st.decision[2]
    if to not in T.neighbours[origin]:
        return f"move: {T.names[to]} does not border {T.names[origin]}"
    if not st.in_play[to]:
        return f"move: {T.names[to]} is out of play with {st.players} players"
    return ""


def entry_problem(st: ShogunState, seat: int, to: int) -> str:
    """Why `seat` may not move armies into the bordering province `to` ("" when it may)."""
    assert st.decision is not None
    if st.owner[to] == seat:
        return ""
    if st.decision[1] == "recruit1_move":
        return "recruit 1 + move: armies may only move to a province of your own"
    if event_kind(st) == "noAttack" and st.buildings[to] & TEMPLE:
        return f"event {st.event}: a province with a temple cannot be attacked this round"
    return ""


def check_target(st: ShogunState, seat: int, to: int) -> str:
    return border_problem(st, to) or entry_problem(st, seat, to)


def check_move(st: ShogunState, seat: int, move: MoveArmies | None) -> None:
    if st.stage != DECIDE or st.decision is None or st.decision[0] != seat:
        raise IllegalMove("move: armies move only when the seat's move or attack action comes up")
    if move is None:
        return
    # moving 0 armies to a bordering province in play declines, whoever holds it
    why = border_problem(st, move.to) or (entry_problem(st, seat, move.to) if move.armies else "")
    if why:
        raise IllegalMove(why)
    if not 0 <= move.armies <= move_limit(st):
        raise IllegalMove(f"move: between 0 and {move_limit(st)} armies (at least 1 stays behind)")


def apply_move(st: ShogunState, seat: int, move: MoveArmies | None) -> None:
    assert st.decision is not None
    _, key, origin = st.decision
    st.decision, st.stage = None, ACTIONS
    effect(st, type="moved", seat=seat, action=key, origin=T.names[origin],
           move=move_to_json(move) if move else {"type": "skip"})
    done = True
    if move is not None and move.armies > 0:
        if st.owner[move.to] == seat:
            st.armies[origin] -= move.armies
            st.armies[move.to] += move.armies
        else:
            done = _attack(st, seat, origin, move.to, move.armies)
    if done:
        st.cursor += 1
