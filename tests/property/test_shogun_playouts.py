"""Invariants of Shogun over random playouts: cubes are conserved across board, supply, tower
and tray; chests, rice and VP never go negative; logs replay exactly; snapshots round-trip; and
views leak nothing (states that differ only in hidden information look the same to a seat)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daimyo_rules.core import JSON, Rng
from daimyo_rules.shogun.engine import ShogunGame
from daimyo_rules.shogun.rules import ARMY_CUBES, PEASANT_CUBES
from daimyo_rules.shogun.state import NO_CARD, PEASANT, PLAN, ShogunState
from daimyo_rules.shogun.view import _executed

GAME = ShogunGame()
CONFIGS = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4, 5]),
    "setup": st.sampled_from(["fixed", "draft"]),
    "side": st.sampled_from(["sun", "moon"]),
    "tower": st.sampled_from(["imrihil_two_shelf", "wallenstein_online_single_pool", "all_pass"]),
})
SEEDS = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def playout(config: JSON, seed: int) -> list[ShogunState]:
    """Every state of one random game, first to last."""
    state, rng = GAME.initial_state(config, seed), Rng(seed ^ 0x5EED)
    states = [state]
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
        states.append(state)
    return states


def assert_conserved(s: ShogunState) -> None:
    for seat in range(s.players):
        board = sum(a for p, a in enumerate(s.armies) if s.owner[p] == seat)
        stuck = sum(shelf.count(seat) for shelf in s.shelves)
        assert board + s.supply[seat] + stuck + s.tray[seat] == ARMY_CUBES
    assert s.peasants + sum(shelf.count(PEASANT) for shelf in s.shelves) + s.tray[PEASANT] == PEASANT_CUBES


def assert_board_sound(s: ShogunState) -> None:
    assert min(s.chests) >= 0 and min(s.vp) >= 0 and min(s.rice) >= 0 and min(s.supply) >= 0
    for p, owner in enumerate(s.owner):
        assert (s.armies[p] >= 1) if owner >= 0 else (s.armies[p] == 0 and s.buildings[p] == 0)
        assert s.in_play[p] or owner < 0


@FAST
@given(CONFIGS, SEEDS)
def test_cubes_are_conserved_and_counts_never_go_negative(config: JSON, seed: int) -> None:
    for state in playout(config, seed):
        assert_conserved(state)
        assert_board_sound(state)


@FAST
@given(CONFIGS, SEEDS)
def test_the_log_of_a_game_replays_to_the_same_state(config: JSON, seed: int) -> None:
    final = playout(config, seed)[-1]
    log = {"game": "shogun", "config": config, "seed": seed, "moves": GAME.history(final)}
    replayed, _ = GAME.replay_log(log)
    assert GAME.summary(replayed) == GAME.summary(final)


@FAST
@given(CONFIGS, SEEDS, st.integers(min_value=0, max_value=10_000))
def test_snapshots_round_trip_exactly(config: JSON, seed: int, pick: int) -> None:
    states = playout(config, seed)
    state = states[pick % len(states)]
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)


def hide_differently(state: ShogunState, seat: int | None) -> ShogunState:
    """A copy of `state` whose secrets (for `seat`) are all changed."""
    other = GAME.from_json(GAME.to_json(state))
    other.rng, other.history, other.seed = other.rng ^ 0xFFFF, None, other.seed + 1
    other.deck = other.deck[::-1]
    cubes = [c for shelf in other.shelves for c in shelf]
    if len(other.shelves) == 2:
        other.shelves = [cubes[::2], cubes[1::2]]
    shown_cards = other.revealed
    other.action_order = other.action_order[:shown_cards] + other.action_order[shown_cards:][::-1]
    shown = set(range(_executed(state)))
    for s, plan in enumerate(other.plans):
        if s == seat or plan is None:
            continue
        cards = list(plan.actions)
        for pos, turn_seat in enumerate(other.turn_order or []):
            if turn_seat == s:
                for i, key in enumerate(state.action_order):
                    if i * state.players + pos not in shown:
                        cards[_index(key)] = NO_CARD
        if other.stage == PLAN:
            cards = [NO_CARD] * len(cards)
        bid = plan.bid if other.bids_shown else NO_CARD
        other.plans[s] = type(plan)(tuple(cards), bid)
    return other


def _index(key: str) -> int:
    from daimyo_rules.shogun.rules import ACTION_INDEX
    return ACTION_INDEX[key]


@FAST
@given(CONFIGS, SEEDS)
def test_views_leak_nothing_hidden(config: JSON, seed: int) -> None:
    states = playout(config, seed)[:-1]  # after the end everything is public
    for state in states[:: max(1, len(states) // 25)]:
        for seat in [*range(state.players), None]:
            assert GAME.view(hide_differently(state, seat), seat) == GAME.view(state, seat)


@FAST
@given(CONFIGS, SEEDS)
def test_a_state_sampled_from_a_view_shows_that_view_and_plays_on(config: JSON, seed: int) -> None:
    from daimyo_rules.shogun.sampling import sample_state

    states = playout(config, seed)[:-1]  # a finished game has nothing left to search
    rng = Rng(seed)
    for state in states[:: max(1, len(states) // 12)]:
        for seat in range(state.players):
            seen = GAME.view(state, seat)
            sampled = sample_state(seen, rng)
            assert GAME.view(sampled, seat) == seen
            assert_conserved(sampled)
    for _ in range(3):  # a sampled state is a real game: play it to the end
        sampled = sample_state(GAME.view(states[len(states) // 2], 0), rng)
        while GAME.outcome(sampled) is None:
            actor = GAME.to_act(sampled)[0]
            sampled = GAME.apply(sampled, actor, GAME.random_move(sampled, actor, rng))
