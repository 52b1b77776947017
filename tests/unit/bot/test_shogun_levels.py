"""Every Shogun level plays only legal moves in every kind of decision, repeats itself with a
fixed seed, keeps its deadline, and the stronger levels beat the weaker ones."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from daimyo_bot.handlers import BotHandlers, SuggestMove
from daimyo_bot.shogun.bots import greedy_bot
from daimyo_bot.shogun.mcts import search
from daimyo_rules import get_game
from daimyo_rules.core import Rng
from daimyo_rules.shogun.moves import MoveArmies
from daimyo_rules.shogun.options import legal_moves

SHOGUN = get_game("shogun")
DECISIONS = ("plan", "pick", "decide", "draft")

GRACE_S = 0.5  # the event loop's and the workers' lateness on a busy 2-core machine running the suite


def shogun_positions(players: int, games: int, seed: int, every: int = 1,
                     setup: str = "fixed") -> Iterator[tuple[Any, int]]:
    """(state, seat to act) along games where greedy and random seats alternate (greedy games
    attack and move far more than random ones, so every decision comes up)."""
    rng = Rng(seed)
    step = 0
    for game in range(games):
        state = SHOGUN.initial_state({"players": players, "setup": setup}, seed * 100 + game)
        while SHOGUN.to_act(state):
            seats = SHOGUN.to_act(state)
            seat = seats[rng.below(len(seats))]
            if step % every == 0:
                yield state, seat
            step += 1
            if (seat + game) % 2:
                move = SHOGUN.random_move(state, seat, rng)
            else:
                move = greedy_bot(SHOGUN.view(state, seat), seat, rng)
            state = SHOGUN.apply(state, seat, move)


def ask(state: Any, seat: int, level: str, **options: Any) -> SuggestMove:
    return SuggestMove("shogun", seat, json.dumps(SHOGUN.view(state, seat)), level, **options)


def assert_legal(state: Any, seat: int, move: dict[str, Any]) -> None:
    assert SHOGUN.parse_move(move) in legal_moves(state, seat), move
    SHOGUN.apply(state, seat, move)  # raises on an illegal move


@pytest.mark.parametrize(("players", "setup"), [(3, "fixed"), (4, "draft"), (5, "fixed"), (3, "draft")])
async def test_greedy_plays_only_legal_moves_in_every_decision(bot_handlers: BotHandlers, players: int,
                                                               setup: str) -> None:
    kinds: dict[str, int] = {}
    for n, (state, seat) in enumerate(shogun_positions(players, games=2, seed=players, setup=setup)):
        answer = await bot_handlers.suggest_move(ask(state, seat, "greedy", seed=n + 1))
        assert_legal(state, seat, answer.move)
        kinds[state.stage] = kinds.get(state.stage, 0) + 1
    assert set(kinds) == set(DECISIONS) if setup == "draft" else set(DECISIONS) - {"draft"}
    assert kinds["decide"] > 10


@pytest.mark.parametrize("level", ["mcts", "expert"])
@pytest.mark.parametrize(("players", "setup"), [(3, "draft"), (4, "fixed"), (5, "fixed")])
async def test_searches_play_only_legal_moves_in_every_decision(bot_handlers: BotHandlers, level: str,
                                                                players: int, setup: str) -> None:
    asked: set[str] = set()
    for n, (state, seat) in enumerate(shogun_positions(players, games=1, seed=players, every=5, setup=setup)):
        answer = await bot_handlers.suggest_move(
            ask(state, seat, level, seed=n + 1, max_iterations=12, deadline_ms=5000))
        assert_legal(state, seat, answer.move)
        asked.add(state.stage)
    assert asked >= {"plan", "pick", "decide"}


async def test_greedy_repeats_itself_with_a_fixed_seed(bot_handlers: BotHandlers) -> None:
    for state, seat in shogun_positions(3, games=1, seed=9, every=3):
        first = await bot_handlers.suggest_move(ask(state, seat, "greedy", seed=42))
        second = await bot_handlers.suggest_move(ask(state, seat, "greedy", seed=42))
        assert first.move == second.move


@pytest.mark.parametrize("level", ["mcts", "expert"])
async def test_searches_repeat_themselves_with_a_fixed_seed_and_iteration_budget(bot_handlers: BotHandlers,
                                                                                 level: str) -> None:
    searched = 0
    for state, seat in list(shogun_positions(3, games=1, seed=4, every=6))[:8]:
        request = ask(state, seat, level, seed=7, max_iterations=40, deadline_ms=30000)
        first = await bot_handlers.suggest_move(request)
        second = await bot_handlers.suggest_move(request)
        assert (first.move, first.iterations) == (second.move, second.iterations)
        searched += first.iterations == 40
    assert searched >= 4  # the others had a single possible move and were answered at once


@pytest.mark.parametrize("players", [3, 5])
async def test_mcts_answers_within_its_deadline(bot_handlers: BotHandlers, players: int) -> None:
    planning = [(st, seat) for st, seat in shogun_positions(players, games=1, seed=1, every=4)
                if st.stage == "plan"][:3]
    for n, (state, seat) in enumerate(planning):
        started = time.monotonic()
        answer = await bot_handlers.suggest_move(ask(state, seat, "mcts", deadline_ms=300, seed=n + 1))
        assert time.monotonic() - started < 0.45
        assert_legal(state, seat, answer.move)


@pytest.mark.parametrize("level", ["mcts", "expert"])
async def test_mcts_searches_within_its_time(bot_handlers: BotHandlers, level: str) -> None:
    state, seat = next(shogun_positions(3, games=1, seed=2))
    started = time.monotonic()
    answer = await bot_handlers.suggest_move(ask(state, seat, level, deadline_ms=1000, seed=3))
    elapsed = time.monotonic() - started
    assert answer.iterations > 0  # it searched, rather than falling back on greedy
    assert answer.elapsed_s <= answer.deadline_s and elapsed < 1.0 + GRACE_S
    assert_legal(state, seat, answer.move)


async def test_shogun_offers_random_greedy_mcts_and_expert(bot_handlers: BotHandlers) -> None:
    assert [level.name for level in bot_handlers.list_levels("shogun")] == ["random", "greedy", "mcts",
                                                                            "expert"]


def play(levels: list[str], seed: int, iterations: int = 0) -> list[int]:
    """One whole game, each seat played by its level in process (mcts: a budget of iterations)."""
    rng = Rng(seed)
    state = SHOGUN.initial_state({"players": len(levels)}, seed)
    while SHOGUN.to_act(state):
        seat = SHOGUN.to_act(state)[0]
        view = SHOGUN.view(state, seat)
        if levels[seat] == "greedy":
            move = greedy_bot(view, seat, rng)
        elif levels[seat] == "mcts":
            result = search(view, seat, rng.next_u64(), None, iterations)
            move = json.loads(max(result.stats, key=lambda m: result.stats[m]))
        else:
            move = SHOGUN.move_to_json(SHOGUN.random_move(state, seat, rng))
        state = SHOGUN.apply(state, seat, move)
    return list(state.winners)


def test_greedy_beats_two_random_players_nearly_always() -> None:
    wins = 0.0
    for game in range(9):
        levels = ["random"] * 3
        levels[game % 3] = "greedy"
        winners = play(levels, 500 + game)
        wins += (game % 3 in winners) / len(winners)
    assert wins >= 8


def test_mcts_attacks_a_neutral_neighbour_with_overwhelming_armies() -> None:
    state = next(st for st, _ in shogun_positions(3, games=3, seed=11)
                 if st.stage == "decide" and st.decision[1] != "recruit1_move" and _neutral_targets(st))
    state = state.copy()
    seat, _, origin = state.decision
    state.armies[origin] += 10  # taken from the seat's supply, so every cube is still counted
    state.supply[seat] -= 10
    result = search(SHOGUN.view(state, seat), seat, 1, None, 200)
    best = json.loads(max(result.stats, key=lambda m: result.stats[m]))
    assert best["type"] == "move" and SHOGUN.parse_move(best).to in _neutral_targets(state)
    assert best["armies"] >= 5


def _neutral_targets(state: Any) -> list[int]:
    return [m.to for m in legal_moves(state, state.decision[0])
            if isinstance(m, MoveArmies) and state.owner[m.to] < 0]


def test_the_expert_keeps_the_greedy_plan_when_it_could_not_try_every_plan() -> None:
    from daimyo_bot.shogun import expert, mcts

    state, seat = next((st, seat) for st, seat in shogun_positions(3, games=1, seed=3) if st.stage == "plan")
    view = SHOGUN.view(state, seat)
    candidates = mcts.root_candidates(view, seat)
    result = expert.search(view, seat, 5, None, len(candidates) - 1)
    assert list(result.stats) == [mcts.move_key(candidates[0])]


def test_the_expert_splits_its_budget_into_one_phase_per_halving_and_one_for_the_finalists() -> None:
    from daimyo_bot.shogun import expert

    assert [expert.phase_count(n) for n in (1, 2, 3, 4, 8, 15, 16, 17)] == [1, 1, 2, 2, 3, 4, 4, 5]


def test_the_expert_compares_every_plan_in_the_same_worlds_and_halves_them() -> None:
    from daimyo_bot.shogun import expert, mcts

    state, seat = next((st, seat) for st, seat in shogun_positions(3, games=1, seed=3) if st.stage == "plan")
    view = SHOGUN.view(state, seat)
    count = len(mcts.root_candidates(view, seat))
    result = expert.search(view, seat, 5, None, count * 6)
    assert len(result.stats) == expert.FINALISTS  # halved at the end of each phase of the budget
    assert len({visits for visits, _ in result.stats.values()}) == 1  # the finalists met the same worlds
    assert result.iterations == count * 6


def test_the_opponents_assumed_plans_are_legal_in_every_world_sampled_at_the_planning_step() -> None:
    from daimyo_bot.shogun import mcts
    from daimyo_rules.shogun import rules
    from daimyo_rules.shogun.sampling import sample_state

    planning = [(st, s) for st, s in shogun_positions(3, games=1, seed=4, every=5) if st.stage == "plan"]
    for state, seat in planning:
        view = SHOGUN.view(state, seat)
        assumed = mcts.AssumedPlans(9, view)
        for world in range(2 * mcts.OPPONENT_PLANS):
            st = sample_state(view, Rng(world))
            for other in (o for o in range(st.players) if o != seat):
                plan = assumed.draw(st, other, Rng(world))
                st.plans[other] = None
                rules.check_plan(st, other, plan)  # raises on a card the opponent cannot play


def test_a_simulation_from_an_action_decision_judges_the_next_rounds_plans_afresh() -> None:
    from daimyo_bot.shogun import mcts

    state, seat = next((st, s) for st, s in shogun_positions(3, games=1, seed=3) if st.stage == "decide")
    view = SHOGUN.view(state, seat)
    assumed = mcts.AssumedPlans(9, view)
    for world in range(4):
        mcts.simulate(view, seat, mcts.root_candidates(view, seat)[0], Rng(world), assumed)
    assert assumed.plans == {}  # the next round's board differs from world to world


def test_during_the_round_the_opponents_guessed_cards_keep_what_is_revealed_and_use_each_card_once() -> None:
    from daimyo_bot.shogun import mcts
    from daimyo_rules.shogun.data import ACTION_KEYS
    from daimyo_rules.shogun.moves import parse_card
    from daimyo_rules.shogun.sampling import sample_state
    from daimyo_rules.shogun.state import CHEST, NO_CARD

    acting = [(st, s) for st, s in shogun_positions(3, games=1, seed=4, every=3)
              if st.stage in ("pick", "decide")]
    assert acting
    for state, seat in acting[:12]:
        view = SHOGUN.view(state, seat)
        assumed = mcts.AssumedPlans(9, view)
        for world in range(4):
            st = sample_state(view, Rng(world))
            for other in (o for o in range(st.players) if o != seat):
                plan = assumed.hidden_cards(st, other, Rng(world))
                shown = view["revealed_plans"][str(other)]
                cards = dict(zip(ACTION_KEYS, plan.actions, strict=True))
                assert {k: cards[k] for k in shown} == {k: parse_card(c) for k, c in shown.items()}
                assert plan.bid == st.plans[other].bid
                played = [c for c in (*plan.actions, plan.bid) if c != NO_CARD]
                assert len(played) == len(set(played))
                guessed = [c for k, c in cards.items() if k not in shown and 0 <= c < CHEST]
                assert all(st.owner[c] == other for c in guessed)  # its own province cards


def test_a_guessed_card_already_revealed_or_bid_is_left_empty() -> None:
    from daimyo_bot.shogun.mcts import overlay
    from daimyo_rules.shogun.moves import Plan
    from daimyo_rules.shogun.state import NO_CARD

    sampled = Plan((3, NO_CARD, 7, NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD, 5), 9)
    guess = Plan((4, 3, 8, 9, 11, NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD), NO_CARD)
    revealed = frozenset({"castle"})  # the first action key
    assert overlay(sampled, guess, revealed) == Plan(
        (3, NO_CARD, 8, NO_CARD, 11, NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD), 9)


def test_a_simulation_from_an_action_decision_plays_the_others_guessed_cards() -> None:
    from daimyo_bot.shogun import mcts

    state, seat = next((st, s) for st, s in shogun_positions(3, games=1, seed=3) if st.stage == "decide")
    view = SHOGUN.view(state, seat)
    assumed = mcts.AssumedPlans(9, view)
    mcts.simulate(view, seat, mcts.root_candidates(view, seat)[0], Rng(1), assumed)
    assert assumed.guesses and {other for other, _ in assumed.guesses} == set(range(3)) - {seat}
