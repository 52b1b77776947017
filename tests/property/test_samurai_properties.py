"""Invariants of the Samurai engine over thousands of random playouts (2, 3 and 4 players):
conservation, exact replay, agreement of legal_moves and apply, views that leak nothing,
JSON round-trips."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daimyo_rules import RuleError, get_game
from daimyo_rules.core import Rng
from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.moves import EndTurn, FigureSwap, Pass, Place, TileSwap
from daimyo_rules.samurai.state import State, evolve
from daimyo_rules.samurai.tiles import FIGURE_TYPES, FIGURES_PER_TYPE, TILE_IDS

GAME = get_game("samurai")
GameArgs = tuple[int, int, bool]  # players, seed, random_setup
games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32), st.booleans())
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def playout(players: int, seed: int, random_setup: bool) -> tuple[list[State], list[tuple[int, object]]]:
    rng = Rng(seed ^ 0x5EED)
    state = GAME.initial_state({"players": players, "random_setup": random_setup}, seed)
    states, moves = [state], []
    while seats := GAME.to_act(state):
        seat = seats[rng.below(len(seats))]
        move = GAME.random_move(state, seat, rng)
        state = GAME.apply(state, seat, move)
        states.append(state)
        moves.append((seat, move))
    return states, moves


def figures_accounted(state: State) -> None:
    on_board = Counter(f for present in state.figures for f in present)
    for kind, figure in enumerate(FIGURE_TYPES):
        held = sum(c[kind] for c in state.captured) + state.set_aside[kind] + state.supply[kind]
        assert on_board[figure] + held == FIGURES_PER_TYPE[state.players], figure


def tiles_accounted(state: State) -> None:
    if state.phase in ("setup", "choose"):
        return
    for seat in range(state.players):
        owned = [t[1] for t in state.tiles if t is not None and t[0] == seat]
        everything = Counter([*state.hands[seat], *state.stacks[seat], *owned])
        assert max(everything.values()) == 1
        missing = set(TILE_IDS) - set(everything)
        assert missing <= {"figure_swap"}


@FAST
@given(games)
def test_figures_and_tiles_are_conserved_throughout_a_game(game: GameArgs) -> None:
    states, _ = playout(*game)
    assert states[-1].phase == "over"
    for state in states:
        figures_accounted(state)
        tiles_accounted(state)


@FAST
@given(games)
def test_replaying_a_games_moves_gives_the_same_state(game: GameArgs) -> None:
    states, moves = playout(*game)
    players, seed, random_setup = game
    state = GAME.initial_state({"players": players, "random_setup": random_setup}, seed)
    for seat, move in moves:
        state = GAME.apply(state, seat, GAME.move_to_json(move))
    assert GAME.to_json(state) == GAME.to_json(states[-1])


@FAST
@given(games)
def test_states_round_trip_through_json(game: GameArgs) -> None:
    states, _ = playout(*game)
    for state in states[:: max(1, len(states) // 10)]:
        data = json.loads(json.dumps(GAME.to_json(state)))
        assert GAME.from_json(data) == state


def unlisted_candidates(state: State, seat: int, rng: Rng) -> list[object]:
    board = board_for(state.players)
    ids = [h.id for h in board.hexes]
    spots = [(board.settlements[i].id, f) for i, present in enumerate(state.figures) for f in present]
    out: list[object] = [EndTurn(), Pass()]
    for _ in range(30):
        out.append(Place(TILE_IDS[rng.below(20)], ids[rng.below(len(ids))]))
        out.append(TileSwap(ids[rng.below(len(ids))], ids[rng.below(len(ids))]))
        if len(spots) >= 2:
            (a, fa), (b, fb) = spots[rng.below(len(spots))], spots[rng.below(len(spots))]
            out.append(FigureSwap(a, fa, b, fb))
    return out


@SLOW
@given(games)
def test_every_listed_move_applies_and_unlisted_moves_are_rejected(game: GameArgs) -> None:
    states, _ = playout(*game)
    rng = Rng(game[1])
    for state in states[:: max(1, len(states) // 8)]:
        for seat in range(state.players):
            legal = GAME.legal_moves(state, seat)
            for i in range(0, len(legal), max(1, len(legal) // 25)):
                GAME.apply(state, seat, legal[i])
            for move in unlisted_candidates(state, seat, rng):
                if move in legal:
                    GAME.apply(state, seat, move)
                    continue
                before = GAME.to_json(state)
                try:
                    GAME.apply(state, seat, move)
                except RuleError:
                    assert GAME.to_json(state) == before
                else:
                    raise AssertionError(f"unlisted move {move} applied for seat {seat}")


def hide_differently(state: State, seat: int, rng: Rng) -> State:
    """Another state that differs from `state` only in what `seat` may not see."""
    hands, stacks = list(state.hands), list(state.stacks)
    captured = list(state.captured)
    for other in range(state.players):
        if other == seat or state.phase in ("setup",):
            continue
        pool = rng.shuffled([*hands[other], *stacks[other]])
        hands[other] = tuple(sorted(pool[: len(hands[other])]))
        stacks[other] = tuple(pool[len(hands[other]):])
        if state.players > 2 and state.phase != "over":
            total = sum(captured[other])
            cut = sorted([rng.below(total + 1), rng.below(total + 1)])
            captured[other] = (cut[0], cut[1] - cut[0], total - cut[1])
    return evolve(state, hands=tuple(hands), stacks=tuple(stacks), captured=tuple(captured),
                  rng=rng.next_u64())


@SLOW
@given(games)
def test_no_view_reveals_another_seats_secrets(game: GameArgs) -> None:
    states, _ = playout(*game)
    rng = Rng(game[1] + 1)
    for state in states[:: max(1, len(states) // 10)]:
        if state.phase == "over":
            continue
        for seat in [*range(state.players), None]:
            other = hide_differently(state, -1 if seat is None else seat, rng)
            if state.phase == "choose" and seat is not None and not state.chosen[seat]:
                continue
            assert GAME.view(state, seat) == GAME.view(other, seat)
            assert GAME.last_effects(state, seat) == GAME.last_effects(other, seat)
