"""Shogun judgement for bots: a static value of a position and a one-decision heuristic.

Everything here reads only what the seat may know: the public board, its own plan, the
revealed cards. Values are in victory points (VP) expected by the end of the game: a province
or building held is worth its VP at each winter still to come, a chest what it can still buy,
an army what it costs to recruit plus the provinces it keeps. Battle odds come from the tower
model (a cube comes out with the model's pass rate) and the cubes lying in the tray.

The same functions are the `greedy` level (one decision judged on its own) and the policy
inside the `mcts` level's playouts, so they must stay cheap: no `apply`, no copies, and what one
decision reads again and again (the game's shape, a province's worth, a threat) is worked out
once per decision (`Glance`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from daimyo_rules.core import Rng
from daimyo_rules.shogun.data import ACTION_KEYS, tables
from daimyo_rules.shogun.moves import SKIP, Draft, Move, MoveArmies, PickSpecial, Plan
from daimyo_rules.shogun.options import legal_bids
from daimyo_rules.shogun.rules import (
    MAJORITY_VP,
    building_count,
    can_build,
    event_kind,
    fourth_event,
    move_limit,
    owned,
    score_breakdown,
)
from daimyo_rules.shogun.state import (
    BUILDING_BITS,
    CHEST,
    DECIDE,
    DRAFT,
    NO_CARD,
    OVER,
    PEASANT,
    PICK,
    PLAN,
    ShogunState,
)

T = tables()
ARMY_VALUE = 0.18  # an army on the board: 3 chests recruit 5
USEFUL_ARMIES = 8  # armies beyond this in one province add little
MARKER_RISK = 0.35  # share of a province's value put at risk per revolt marker
RICE_SHORT_VALUE = 0.55  # per rice point still missing for winter
RICE_SPARE_VALUE = 0.03
BLUFF_SHARE = 0.5  # chance to hide an unused war-chest card on an empty action
ATTACK_SPECIAL_VALUE = 0.45
MEAN_WINTER_LOSS = 3.0
MAX_BATTLE_CUBES = 40


# ---------------------------------------------------------------- battles


def pass_rate(st: ShogunState) -> float:
    """The chance that one thrown cube comes out of the tower, by the table's tower model."""
    params = st.tower_params
    if "p_pass_shelf" in params:
        return params["p_pass_shelf"] ** len(st.shelves)
    return params.get("p_out_thrown", 1.0)


@cache
def _beats(attackers: int, defenders: int, permille: int) -> float:
    """P(Bin(attackers, q) > Bin(defenders, q)), q = permille / 1000."""
    q = permille / 1000
    a = _binomial(min(attackers, MAX_BATTLE_CUBES), q)
    d = _binomial(min(defenders, MAX_BATTLE_CUBES), q)
    below = 0.0
    win = 0.0
    for k, pa in enumerate(a):
        win += pa * below  # defenders strictly fewer than k
        below += d[k] if k < len(d) else 0.0
    return win


def _binomial(n: int, q: float) -> list[float]:
    return [math.comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)]


def win_chance(g: Glance, attacker: int, to: int, armies: int) -> float:
    """The chance that `armies` of `attacker` take province `to` (from the public state)."""
    st = g.st
    cubes = armies + st.tray[attacker] + (1 if st.picks[attacker] == "attack" and st.supply[attacker] else 0)
    defender = st.owner[to]
    if defender < 0:
        peasants = (2 if g.event == "farmer" else 1) + st.tray[PEASANT]
        return _beats(cubes, peasants, g.permille)
    guards = st.armies[to] + st.tray[defender] + (1 if st.picks[defender] == "defence" else 0)
    if g.event == "palace" and st.buildings[to] & BUILDING_BITS["castle"]:
        guards += 1
    if st.markers[to] == 0:
        guards += st.tray[PEASANT]
    return _beats(cubes, guards, g.permille)


# ---------------------------------------------------------------- the shape of the game


def winters_left(st: ShogunState) -> int:
    """Scorings still to come (the coming winter included)."""
    if st.stage == OVER:
        return 0
    return 2 if st.year == 1 else 1


def rounds_left(st: ShogunState) -> int:
    """Action rounds still to play in the game, the current one included."""
    if st.stage == OVER:
        return 0
    this_year = max(0, 3 - st.round) if st.season != "winter" else 0
    return this_year + (3 if st.year == 1 else 0)


def rounds_before_winter(st: ShogunState) -> int:
    return max(0, 3 - st.round) if st.season != "winter" else 0


def chest_value(rounds: int) -> float:
    """What one chest is worth with `rounds` left: much while it can still buy buildings and armies,
    little at the end."""
    return 0.04 + 0.3 * min(1.0, rounds / 3)


def expected_winter_loss(st: ShogunState) -> float:
    known = fourth_event(st) if len(st.used_events) >= 3 else 0
    if known:
        return T.events[known].winter_loss
    left = [e for e in st.year_events if e not in st.used_events]
    return sum(T.events[e].winter_loss for e in left) / len(left) if left else MEAN_WINTER_LOSS


def neighbours(st: ShogunState, p: int) -> list[int]:
    return [q for q in T.neighbours[p] if st.in_play[q]]


def threat(st: ShogunState, seat: int, p: int) -> int:
    """The most armies another player could march into `p` from one neighbour."""
    worst = 0
    for q in T.neighbours[p]:
        o = st.owner[q]
        if o >= 0 and o != seat and st.armies[q] - 1 > worst:
            worst = st.armies[q] - 1
    return worst


_YIELD_WORTH = tuple(0.12 * (tax + rice) for tax, rice in zip(T.tax, T.rice, strict=True))


class Glance:
    """One position as a decision's judgement reads it, with what it reads again and again worked
    out once: the state does not change while one decision (or one evaluation) is judged, so the
    game's shape, the tower's odds, the event, each province's worth and each threat are the same
    at every use. Take a new glance whenever the state has changed."""

    __slots__ = ("_threats", "_worths", "chest", "event", "permille", "rounds", "st", "winters")

    def __init__(self, st: ShogunState) -> None:
        self.st = st
        self.winters = winters_left(st)
        self.rounds = rounds_left(st)
        self.chest = chest_value(self.rounds)
        self.permille = round(1000 * pass_rate(st))
        self.event = event_kind(st)
        self._worths: dict[int, float] = {}
        self._threats: dict[tuple[int, int], int] = {}

    def worth(self, p: int) -> float:
        """VP a province is worth to whoever holds it: itself, its buildings, its yield (while it yields)."""
        worth = self._worths.get(p)
        if worth is None:
            held = self.winters * (1 + building_count(self.st.buildings[p]))
            worth = self._worths[p] = held + _YIELD_WORTH[p] if self.rounds else held + 0.0
        return worth

    def threat(self, seat: int, p: int) -> int:
        """`threat` of `seat`'s province `p`, remembered."""
        key = (seat, p)
        worst = self._threats.get(key)
        if worst is None:
            worst = self._threats[key] = threat(self.st, seat, p)
        return worst


def rice_needed(st: ShogunState, seat: int, provinces: int) -> float:
    """Rice still missing for the coming winter (before any further collection), `provinces` held."""
    return max(0.0, provinces + expected_winter_loss(st) - st.rice[seat])


# ---------------------------------------------------------------- evaluation


def evaluate(st: ShogunState) -> list[float]:
    """Each seat's expected final VP, judged from the position (the real result at the end)."""
    if st.stage == OVER:
        return [v + 0.001 * c for v, c in zip(st.vp, st.chests, strict=True)]
    g = Glance(st)
    w = g.winters
    rows = score_breakdown(st)
    chest = g.chest
    values = [st.vp[s] + w * sum(rows[s].values()) + chest * st.chests[s] for s in range(st.players)]
    for p, o in enumerate(st.owner):
        if o < 0:
            continue
        armies = st.armies[p]
        values[o] += ARMY_VALUE * min(armies, USEFUL_ARMIES)
        danger = threat(st, o, p) - armies
        if danger > 0:
            values[o] -= g.worth(p) * min(0.6, 0.15 * danger)
        if st.markers[p]:
            values[o] -= g.worth(p) * 0.1 * st.markers[p] / max(1, armies)
    for s in range(st.players):
        values[s] -= _winter_risk(g, s)
    return values


def _winter_risk(g: Glance, seat: int) -> float:
    st = g.st
    before = rounds_before_winter(st)
    provinces = owned(st, seat)
    if not provinces:
        return 0.0
    best_rice = max(T.rice[p] for p in provinces)
    shortfall = max(0, math.ceil(rice_needed(st, seat, len(provinces)) - before * best_rice))
    revolts, _ = T.winter[min(shortfall, len(T.winter) - 1)]
    mean_worth = sum(g.worth(p) for p in provinces) / len(provinces)
    return revolts * 0.5 * mean_worth


# ---------------------------------------------------------------- planning


_ACTION_ORDER = {key: i for i, key in enumerate(ACTION_KEYS)}


@dataclass(frozen=True)
class Option:
    """One province card on one action: its value (VP), its price (chests) and the card."""

    value: float
    cost: int
    key: str
    province: int


class Planner:
    """Scores every (action, province) pair of one seat at the planning step."""

    def __init__(self, g: Glance, seat: int) -> None:
        self.g, self.st, self.seat = g, g.st, seat
        self.provinces = owned(g.st, seat)
        self.chest = g.chest
        self.winters = g.winters
        self.rice_short = rice_needed(g.st, seat, len(self.provinces))
        self._targets: dict[tuple[int, int], tuple[int, float]] = {}

    def options(self) -> list[Option]:
        out = []
        for key in ACTION_KEYS:
            for p in self.provinces:
                value = self.value(key, p)
                if value is not None:
                    out.append(Option(value - T.action_cost.get(key, 0) * self.chest,
                                      T.action_cost.get(key, 0), key, p))
        return out

    def value(self, key: str, p: int) -> float | None:
        if key in BUILDING_BITS:
            return self._build(key, p) if can_build(self.st, p, key) else None
        if key in ("rice", "taxes"):
            return self._collect(key, p)
        if key in ("recruit5", "recruit3"):
            return self._recruit(p, T.recruit_armies[key])
        if key == "recruit1_move":
            return self._recruit(p, 1) + 0.1 * (self.st.armies[p] >= 3)
        return self._attack(p)

    def safety(self, p: int) -> float:
        danger = self.g.threat(self.seat, p) - self.st.armies[p]
        return 1.0 if danger <= 0 else max(0.3, 1.0 - 0.12 * danger)

    def _build(self, key: str, p: int) -> float:
        gain = 1 + majority_gain(self.st, self.seat, p, BUILDING_BITS[key])
        return gain * self.winters * self.safety(p)

    def _collect(self, key: str, p: int) -> float:
        if key == "taxes":
            value = T.tax[p] * self.chest
        else:
            useful = min(T.rice[p], self.rice_short)
            value = useful * RICE_SHORT_VALUE + (T.rice[p] - useful) * RICE_SPARE_VALUE
        markers, armies = self.st.markers[p], self.st.armies[p]
        if markers == 0:
            return value - 0.05 * self.g.worth(p)
        peasants = markers + 1
        hold = _beats(armies, peasants, self.g.permille)
        return value - (1 - hold) * self.g.worth(p) - MARKER_RISK * peasants * ARMY_VALUE

    def _recruit(self, p: int, armies: int) -> float:
        armies = min(armies, self.st.supply[self.seat])
        if armies == 0:
            return -1.0
        need = max(0, self.g.threat(self.seat, p) + 2 - self.st.armies[p])
        covering = min(armies, need)
        staging = 0.25 if self._best_target(p, self.st.armies[p] + armies - 1)[1] > 0 else 0.0
        crowded = max(0, self.st.armies[p] + armies - USEFUL_ARMIES - 2)
        return (covering * 0.35 + (armies - covering) * (ARMY_VALUE + staging)
                - crowded * ARMY_VALUE)

    def _attack(self, p: int) -> float:
        if self.st.armies[p] < 3:
            return -0.5 if self.st.armies[p] < 2 else 0.0
        return self._best_target(p, self.st.armies[p] - 1)[1]

    def _best_target(self, p: int, armies: int) -> tuple[int, float]:
        """`best_attack`, remembered: both attack cards and the recruits ask for the same ones."""
        key = (p, armies)
        target = self._targets.get(key)
        if target is None:
            target = self._targets[key] = best_attack(self.g, self.seat, p, armies)
        return target


def majority_gain(st: ShogunState, seat: int, p: int, bit: int) -> float:
    """VP per winter `seat` gains in `p`'s region's majority of `bit` by building it in `p`."""
    regions = T.regions[st.side]
    region = regions[p]
    counts = [0] * st.players
    for q, o in enumerate(st.owner):
        if o >= 0 and regions[q] == region and st.buildings[q] & bit:
            counts[o] += 1
    points = next(v for b, v in MAJORITY_VP if b == bit)
    before = _majority_share(counts, seat, points)
    counts[seat] += 1
    return _majority_share(counts, seat, points) - before


def _majority_share(counts: list[int], seat: int, points: int) -> float:
    best = max(counts)
    if best == 0 or counts[seat] < best:
        return 0.0
    return points if counts.count(best) == 1 else points - 1


def best_attack(g: Glance, seat: int, origin: int, armies: int) -> tuple[int, float]:
    """The most profitable neighbour to attack from `origin` with `armies`, and its value."""
    best, best_value = -1, 0.0
    if armies <= 0:
        return best, best_value
    st = g.st
    for to in neighbours(st, origin):
        if st.owner[to] == seat:
            continue
        value = attack_value(g, seat, origin, to, armies)
        if value > best_value:
            best, best_value = to, value
    return best, best_value


def attack_value(g: Glance, seat: int, origin: int, to: int, armies: int) -> float:
    st = g.st
    chance = win_chance(g, seat, to, armies)
    gain = g.worth(to)
    defender = st.owner[to]
    if defender >= 0:
        gain *= 1 + 1 / max(1, st.players - 1)  # a rival loses what we win
    left = st.armies[origin] - armies
    exposed = max(0, g.threat(seat, origin) - left)
    exposure = g.worth(origin) * min(0.6, 0.12 * exposed)
    lost_armies = armies * (1 - chance) * ARMY_VALUE * 0.7
    return chance * gain - exposure - lost_armies


def greedy_plan(st: ShogunState, seat: int, rng: Rng, noise: float = 0.0, bid: int | None = None) -> Plan:
    """The best-looking plan: the most valuable (action, province) pairs the chests can pay."""
    return plan_among(plan_options(st, seat), st, seat, rng, noise, bid)


def plan_options(st: ShogunState, seat: int) -> list[Option]:
    """Every (action, province) pair `seat` could plan, valued: the same for every plan on this board."""
    return Planner(Glance(st), seat).options()


def plan_among(options: list[Option], st: ShogunState, seat: int, rng: Rng, noise: float = 0.0,
               bid: int | None = None) -> Plan:
    """`greedy_plan` with the board's `plan_options` (left as they are) already valued."""
    if noise:
        options = [Option(o.value + noise * (rng.below(1000) / 1000 - 0.5) * (1 + abs(o.value)), o.cost,
                          o.key, o.province) for o in options]
    options = sorted(options, key=lambda o: (-o.value, _ACTION_ORDER[o.key], o.province))
    chosen_bid = choose_bid(st, seat) if bid is None else bid
    budget = st.chests[seat] - (chosen_bid - CHEST if chosen_bid >= CHEST else 0)
    cards = {key: NO_CARD for key in ACTION_KEYS}
    used = {chosen_bid}
    income = 0.0
    for option in options:
        if option.value <= 0:
            break
        if cards[option.key] != NO_CARD or option.province in used:
            continue
        if option.cost > budget + 0.5 * income:
            continue
        cards[option.key] = option.province
        used.add(option.province)
        budget -= option.cost
        if option.key == "taxes":
            income += T.tax[option.province]
    _bluff(cards, used, rng)
    return Plan(tuple(cards[k] for k in ACTION_KEYS), chosen_bid)


def _bluff(cards: dict[str, int], used: set[int], rng: Rng) -> None:
    """Hide unused war-chest cards on empty actions: an opponent cannot tell them from provinces."""
    chests = [CHEST + k for k in range(5) if CHEST + k not in used]
    for key in ACTION_KEYS:
        if cards[key] == NO_CARD and chests and rng.below(1000) < BLUFF_SHARE * 1000:
            cards[key] = chests.pop(rng.below(len(chests)))


def choose_bid(st: ShogunState, seat: int) -> int:
    """A modest chest bid when chests are plentiful and the specials on offer differ a lot."""
    chests = st.chests[seat]
    if chests >= 12 and rounds_left(st) > 1:
        return CHEST + 2
    if chests >= 7:
        return CHEST + 1
    return NO_CARD


def bid_choices(st: ShogunState, seat: int) -> list[int]:
    """The chest bids worth considering (a province bid wastes a card; chest:0 equals no bid)."""
    legal = legal_bids(st, seat, [])
    return [b for b in legal if b != NO_CARD]


# ---------------------------------------------------------------- the other decisions


def greedy_pick(st: ShogunState, seat: int) -> PickSpecial:
    g = Glance(st)
    free = [c for c in st.specials if c not in st.picks]
    real = own_plan_provinces(st, seat)
    return PickSpecial(max(free, key=lambda c: (special_value(g, seat, real, c), -st.specials.index(c))))


def own_plan_provinces(st: ShogunState, seat: int) -> dict[str, int] | None:
    """The seat's plan cards that are provinces it holds, by action (None before it planned)."""
    plan = st.plans[seat]
    if plan is None:
        return None
    cards = zip(ACTION_KEYS, plan.actions, strict=True)
    return {k: c for k, c in cards if 0 <= c < CHEST and st.owner[c] == seat}


def special_value(g: Glance, seat: int, real: dict[str, int] | None, card: str) -> float:
    st = g.st
    position = st.specials.index(card)
    early = 0.08 * (len(st.specials) - 1 - position)
    if real is None:
        return early
    if card == "attack":
        return early + ATTACK_SPECIAL_VALUE * sum(1 for k in ("attack_a", "attack_b") if k in real)
    if card == "defence":
        exposed = sum(1 for p in owned(st, seat) if g.threat(seat, p) >= st.armies[p])
        risky = sum(1 for k in ("rice", "taxes") if k in real and st.markers[real[k]])
        return early + 0.3 * min(exposed, 3) + 0.2 * risky
    if card == "war_chest":
        return early + (g.chest * 1.0 if "taxes" in real else 0.0)
    if card == "rice":
        short = "rice" in real and rice_needed(st, seat, len(owned(st, seat))) > T.rice[real["rice"]]
        return early + (RICE_SHORT_VALUE if short else 0.02)
    return early + (ARMY_VALUE * 1.5 if "recruit5" in real else 0.0)


def greedy_decide(st: ShogunState, seat: int) -> Move:
    """Attack when the tower's odds make it pay; otherwise move armies to where they are needed."""
    assert st.decision is not None
    _, key, origin = st.decision
    limit = move_limit(st)
    if limit <= 0:
        return SKIP
    g = Glance(st)
    targets = [to for to in neighbours(st, origin) if _may_enter(g, seat, key, to)]
    counts = _army_counts(limit)
    best: Move = SKIP
    best_value = 0.0
    for to in targets:
        for armies in counts:
            value = (attack_value(g, seat, origin, to, armies) if st.owner[to] != seat
                     else move_value(g, seat, origin, to, armies))
            if value > best_value:
                best, best_value = MoveArmies(to, armies), value
    return best


def _army_counts(limit: int) -> list[int]:
    return sorted({limit, max(1, limit - 2), max(1, (limit + 1) // 2)}, reverse=True)


def _may_enter(g: Glance, seat: int, key: str, to: int) -> bool:
    if g.st.owner[to] == seat:
        return True
    if key == "recruit1_move":
        return False
    return not (g.event == "noAttack" and g.st.buildings[to] & BUILDING_BITS["temple"])


def move_value(g: Glance, seat: int, origin: int, to: int, armies: int) -> float:
    """Armies moved between own provinces: worth what they cover at the border, or stage there."""
    st = g.st
    need_to = max(0, g.threat(seat, to) + 2 - st.armies[to])
    spare = max(0, st.armies[origin] - max(1, g.threat(seat, origin) + 2))
    useful = min(armies, need_to, spare)
    exposed = max(0, g.threat(seat, origin) + 1 - (st.armies[origin] - armies))
    staging = 0.05 * armies if _attack_pays(g, seat, to, st.armies[to] + armies - 1, 0.5) else 0.0
    return useful * 0.3 + staging - exposed * 0.3 * g.worth(origin) / 4


def _attack_pays(g: Glance, seat: int, origin: int, armies: int, least: float) -> bool:
    """Whether `best_attack` from `origin` with `armies` is worth more than `least` (>= 0), stopping
    at the first target that is."""
    st = g.st
    return armies > 0 and any(attack_value(g, seat, origin, to, armies) > least
                              for to in neighbours(st, origin) if st.owner[to] != seat)


def greedy_draft(st: ShogunState, seat: int) -> Draft:
    groups = sorted(set(st.groups[seat]), reverse=True)
    takes = [(f"face_up_{i}", p) for i, p in enumerate(st.face_up) if p >= 0]
    if not takes:
        return Draft("deck", groups[0])
    take, p = max(takes, key=lambda tp: (T.tax[tp[1]] + T.rice[tp[1]] + 2 * T.sites[tp[1]], tp[0]))
    worth = T.tax[p] + T.rice[p] + 2 * T.sites[p]
    if st.deck and worth < 12:
        take = "deck"
    return Draft(take, groups[0])


def greedy_move(st: ShogunState, seat: int, rng: Rng) -> Move:
    """The greedy level's move in whatever decision the seat faces."""
    if st.stage == PLAN:
        return greedy_plan(st, seat, rng)
    if st.stage == PICK:
        return greedy_pick(st, seat)
    if st.stage == DECIDE:
        return greedy_decide(st, seat)
    if st.stage == DRAFT:
        return greedy_draft(st, seat)
    raise ValueError(f"seat {seat} has no decision at stage {st.stage!r}")
