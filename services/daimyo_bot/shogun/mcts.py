"""Determinized Monte Carlo search for Shogun: candidate moves judged over sampled secrets.

Shogun's planning step has far too many plans to search, so the root holds a small set of
candidates: the greedy plan with each sensible bid and variations of it (the heuristic's
values perturbed), every special card, every target and a few army counts for a move. Each
iteration samples a full state consistent with the view (`sampling.sample_state`: the other
seats' secret plans, the face-down action cards, the tower's stuck cubes, the coming event and
every later chance are redrawn), gives the opponents who still plan — or whose plan is secret
— a noisy greedy plan (drawn from a pool judged once per search, `AssumedPlans`; during the
round, from a special pick or an action decision, their face-down cards are guessed the same
way on the view's board, the revealed cards and the bid kept), applies a
candidate chosen by UCB1, and plays the rest of the round (and the winter after autumn) with
the greedy policy, in place on the sampled state (the engine's checks and copy only for the
candidate); the position is then judged by `shogun_heuristics.evaluate`. Candidates are built
from public information only and with a fixed generator, so every worker of the pool searches
the same set and their statistics merge.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from daimyo_bot.search_pool import SearchResult
from daimyo_bot.shogun.heuristics import (
    Option,
    bid_choices,
    evaluate,
    greedy_decide,
    greedy_draft,
    greedy_pick,
    greedy_plan,
    plan_among,
    plan_options,
)
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from daimyo_rules.shogun import rules
from daimyo_rules.shogun.data import ACTION_KEYS
from daimyo_rules.shogun.moves import SKIP, Move, MoveArmies, Plan, move_to_json
from daimyo_rules.shogun.options import legal_moves
from daimyo_rules.shogun.rules import move_limit
from daimyo_rules.shogun.sampling import sample_state
from daimyo_rules.shogun.state import DECIDE, DRAFT, NO_CARD, OVER, PICK, PLAN, ShogunState
from daimyo_rules.shogun.summary import to_act

EXPLORATION = 0.35
MARGIN_SCALE = 4.0  # VP of lead over the best rival that makes a reward of about 0.73
OPPONENT_NOISE = 0.4  # how loosely the opponents are assumed to follow the greedy judgement
OPPONENT_PLANS = 12  # assumed plans judged per opponent and search; later worlds reuse them
PLAN_VARIATIONS = 8
VARIATION_NOISE = 0.6
CANDIDATE_SEED = 0x5EED
MAX_STEPS = 400  # a playout never runs away

ENGINE = get_game("shogun")


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`; stats keyed by move JSON."""
    candidates = root_candidates(view, seat)
    keys = [move_key(m) for m in candidates]
    visits = [0] * len(candidates)
    rewards = [0.0] * len(candidates)
    rng, assumed = Rng(seed), AssumedPlans(seed, view)
    iterations = 0
    while (max_iterations is None or iterations < max_iterations) and (
            stop_at is None or time.monotonic() < stop_at):
        pick = _ucb(visits, rewards, iterations)
        rewards[pick] += simulate(view, seat, candidates[pick], rng, assumed)
        visits[pick] += 1
        iterations += 1
    stats = {keys[i]: (visits[i], rewards[i]) for i in range(len(candidates)) if visits[i]}
    return SearchResult(stats, iterations)


def move_key(move: Move) -> str:
    return json.dumps(move_to_json(move), sort_keys=True)


def _ucb(visits: list[int], rewards: list[float], total: int) -> int:
    for i, v in enumerate(visits):
        if v == 0:
            return i
    log_total = math.log(total)
    return max(range(len(visits)),
               key=lambda i: rewards[i] / visits[i] + EXPLORATION * math.sqrt(log_total / visits[i]))


# ---------------------------------------------------------------- candidates


def root_candidates(view: dict[str, Any], seat: int) -> list[Move]:
    """The moves the search compares, the greedy choice first; the same for every worker."""
    rng = Rng(CANDIDATE_SEED)
    st = sample_state(view, rng)
    if st.stage == PLAN:
        return _dedupe(plan_candidates(st, seat, rng))
    if st.stage == PICK:
        return _dedupe([greedy_pick(st, seat), *legal_moves(st, seat)])
    if st.stage == DECIDE:
        return _dedupe([greedy_decide(st, seat), *decide_candidates(st, seat)])
    if st.stage == DRAFT:
        return _dedupe([greedy_draft(st, seat), *legal_moves(st, seat)])
    raise ValueError(f"seat {seat} has no decision at stage {st.stage!r}")


def plan_candidates(st: ShogunState, seat: int, rng: Rng) -> list[Move]:
    options = plan_options(st, seat)
    plans: list[Move] = [plan_among(options, st, seat, rng)]
    plans += [plan_among(options, st, seat, rng, bid=bid) for bid in bid_choices(st, seat)]
    plans += [plan_among(options, st, seat, rng, noise=VARIATION_NOISE) for _ in range(PLAN_VARIATIONS)]
    return plans


def decide_candidates(st: ShogunState, seat: int) -> list[Move]:
    """Skip, and for every target all the armies, all but two and half of them."""
    limit = move_limit(st)
    moves: list[Move] = [SKIP]
    targets = sorted({m.to for m in legal_moves(st, seat) if isinstance(m, MoveArmies)})
    for to in targets:
        moves += [MoveArmies(to, n) for n in sorted({limit, max(1, limit - 2), max(1, (limit + 1) // 2)},
                                                    reverse=True)]
    return moves


def _dedupe(moves: list[Move]) -> list[Move]:
    seen: dict[Move, None] = {}
    for move in moves:
        seen.setdefault(move, None)
    return list(seen)


# ---------------------------------------------------------------- simulation


class AssumedPlans:
    """The plans the opponents are assumed to make in the view's planning step: judged once.

    At the view's own planning step the board is public and the same in every determinization,
    and the greedy judgement reads only public information, so an opponent's assumed plan is the
    same in every world but for its noise: each world draws one of `OPPONENT_PLANS` noisy plans
    per opponent, judged the first time it is drawn (with its own generator, so a world's draws
    do not depend on what was judged before: the expert's candidates meet the same opponents in
    the same world). A later planning step (a simulation from an action decision runs into the
    next round) has a board of its own in every world: those plans are judged afresh. At the
    view's own special pick or action decision the board is public too: the opponents' face-down
    cards are guessed from a pool of greedy plans on that board (`hidden_cards`), not drawn at
    random as the sampler does. Either pool is the view's board's, so an opponent's options are
    valued once (`plan_options`) and every noisy plan of its pool is laid from them.
    """

    def __init__(self, seed: int, view: dict[str, Any]) -> None:
        self.seed = seed
        self.planning = (view["year"], view["season"]) if view["stage"] == PLAN else None
        self.plans: dict[tuple[int, int], Plan] = {}
        self.revealed = {int(s): frozenset(cards) for s, cards in view["revealed_plans"].items()}
        self.guesses: dict[tuple[int, int], Plan] = {}
        self.options: dict[int, list[Option]] = {}

    def draw(self, st: ShogunState, other: int, rng: Rng) -> Plan:
        if (st.year, st.season) != self.planning:
            return greedy_plan(st, other, rng, noise=OPPONENT_NOISE)
        key = (other, rng.below(OPPONENT_PLANS))
        plan = self.plans.get(key)
        if plan is None:
            saved, st.plans[other] = st.plans[other], None
            own = Rng(self.seed ^ (key[0] * 7919 + key[1] + 1))
            plan = plan_among(self._options(st, other), st, other, own, noise=OPPONENT_NOISE)
            st.plans[other] = saved
            self.plans[key] = plan
        return plan

    def hidden_cards(self, st: ShogunState, other: int, rng: Rng) -> Plan:
        """An opponent's plan during the round: its face-down cards as the greedy judgement would lay
        them on the view's board (the same in every world), its revealed cards and bid as they are."""
        sampled = st.plans[other]
        assert sampled is not None
        key = (other, rng.below(OPPONENT_PLANS))
        guess = self.guesses.get(key)
        if guess is None:
            own = Rng(self.seed ^ (key[0] * 104729 + key[1] + 1))
            guess = plan_among(self._options(st, other), st, other, own, noise=OPPONENT_NOISE, bid=NO_CARD)
            self.guesses[key] = guess
        return overlay(sampled, guess, self.revealed.get(other, frozenset()))

    def _options(self, st: ShogunState, other: int) -> list[Option]:
        options = self.options.get(other)
        if options is None:
            options = self.options[other] = plan_options(st, other)
        return options


def overlay(sampled: Plan, guess: Plan, revealed: frozenset[str]) -> Plan:
    """The revealed cards and the bid of `sampled`, the guessed cards elsewhere (each card once)."""
    used = {sampled.bid, *(c for k, c in zip(ACTION_KEYS, sampled.actions, strict=True) if k in revealed)}
    cards = []
    for k, known, guessed in zip(ACTION_KEYS, sampled.actions, guess.actions, strict=True):
        card = known if k in revealed else (NO_CARD if guessed in used else guessed)
        used.add(card)
        cards.append(card)
    return Plan(tuple(cards), sampled.bid)


def simulate(view: dict[str, Any], seat: int, move: Move, rng: Rng,
             assumed: AssumedPlans | None = None) -> float:
    """One determinization: play `move`, then greedy play to the end of the round; seat's reward."""
    assumed = assumed or AssumedPlans(rng.next_u64(), view)
    return play_out(determinize(view, seat, rng, assumed), seat, move, rng, assumed)


def determinize(view: dict[str, Any], seat: int, rng: Rng, assumed: AssumedPlans) -> ShogunState:
    """A state sampled from the view, the opponents' secret plans replaced by the assumed ones."""
    st = sample_state(view, rng)
    if st.stage == PLAN:
        _assume_opponent_plans(st, seat, rng, assumed)
    elif st.stage in (PICK, DECIDE):
        _guess_hidden_cards(st, seat, rng, assumed)
    return st


def play_out(world: ShogunState, seat: int, move: Move, rng: Rng, assumed: AssumedPlans) -> float:
    """Play `move` in a copy of `world` (left as it is), then greedy play to the end of the round."""
    st = ENGINE.apply(world, seat, move)  # checked: the candidate was built on another sample
    round_, year = st.round, st.year
    for _ in range(MAX_STEPS):
        if st.stage == OVER or (st.stage == PLAN and (st.round, st.year) != (round_, year)):
            break
        acting = to_act(st)
        if not acting:
            break
        mover = acting[0]
        play_in_place(st, mover, _policy(st, mover, seat, rng, assumed))
    return reward(st, seat)


def play_in_place(st: ShogunState, seat: int, move: Move) -> None:
    """The engine's move without its checks and copy: the policy's moves are legal by construction."""
    rules.apply_any(st, seat, move)
    rules.advance(st)


def _assume_opponent_plans(st: ShogunState, seat: int, rng: Rng, assumed: AssumedPlans) -> None:
    """Secret plans already made are redrawn as the greedy judgement (loosely) would make them."""
    for other in range(st.players):
        if other != seat and st.plans[other] is not None:
            st.plans[other] = assumed.draw(st, other, rng)


def _guess_hidden_cards(st: ShogunState, seat: int, rng: Rng, assumed: AssumedPlans) -> None:
    """The opponents' face-down plan cards, redrawn as the greedy judgement (loosely) lays them."""
    for other in range(st.players):
        if other != seat and st.plans[other] is not None:
            st.plans[other] = assumed.hidden_cards(st, other, rng)


def _policy(st: ShogunState, mover: int, seat: int, rng: Rng, assumed: AssumedPlans) -> Move:
    if st.stage == PLAN:
        return greedy_plan(st, mover, rng) if mover == seat else assumed.draw(st, mover, rng)
    if st.stage == PICK:
        return greedy_pick(st, mover)
    if st.stage == DECIDE:
        return greedy_decide(st, mover)
    return greedy_draft(st, mover)


def reward(st: ShogunState, seat: int) -> float:
    """1 for a clear lead, 0 for a clear deficit: the margin over the best rival, squashed."""
    values = evaluate(st)
    rival = max(v for s, v in enumerate(values) if s != seat)
    return 1.0 / (1.0 + math.exp(-(values[seat] - rival) / MARGIN_SCALE))
