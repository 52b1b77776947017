"""The bot's mutable search state plays Samurai exactly as the engine does, move by move.

Seeded random games for 2, 3 and 4 players, from the random set-up and from a set-up played
out move by move: at every step both offer the same legal moves in the same order, and after
every move they agree on the board, figures, hands, stacks, captures, set-aside figures, whose
turn it is, the turn flags, the running influence and the end of the game with its winners;
and the search's judgement scores every legal move on the fast state exactly as on the engine's.
"""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_bot.samurai.fast_state import FastState
from daimyo_bot.samurai.heuristics import FastJudge, Judge
from daimyo_rules.core import Rng
from daimyo_rules.samurai.rules import apply_move, legal_moves, new_game
from daimyo_rules.samurai.state import PLAY, State


def played_setup(players: int, seed: int) -> State:
    """A game whose figures and opening hands were placed move by move (random_setup off)."""
    state, rng = new_game({"players": players, "random_setup": False}, seed), Rng(seed)
    while state.phase != PLAY:
        seat = state.current if state.phase == "setup" else state.chosen.index(False)
        moves = legal_moves(state, seat)
        state = apply_move(state, seat, moves[rng.below(len(moves))])
    return state


def start(players: int, seed: int, random_setup: bool) -> State:
    if random_setup:
        return new_game({"players": players}, seed)
    return played_setup(players, seed)


def observed(state: State | FastState) -> dict[str, Any]:
    return {
        "phase": state.phase, "current": state.current, "winners": tuple(state.winners),
        "tiles": tuple(state.tiles), "figures": tuple(state.figures),
        "hands": tuple(tuple(h) for h in state.hands), "stacks": tuple(tuple(s) for s in state.stacks),
        "captured": tuple(tuple(c) for c in state.captured), "set_aside": tuple(state.set_aside),
        "placed": (state.placed_normal, state.placed_any), "empty": (state.empty_land, state.empty_sea),
    }


def play_both(players: int, seed: int, random_setup: bool) -> int:
    """Play one random game on both states, comparing at every step; the number of moves."""
    engine = start(players, seed, random_setup)
    fast, rng, count = FastState.from_state(engine), Rng(seed ^ 0xFA57), 0
    while engine.phase == PLAY:
        expected = list(legal_moves(engine, engine.current))
        offered = fast.legal()
        assert list(offered) == expected, f"legal moves differ at move {count}"
        assert len(offered) == len(expected)
        judged, fast_judged = Judge(engine, engine.current), FastJudge(fast, fast.current)
        assert [fast_judged.score(m) for m in expected] == [judged.score(m) for m in expected]
        move = expected[rng.below(len(expected))]
        assert move in offered and all(m in offered for m in expected[::7])
        assert [offered[i] for i in range(len(offered))] == expected and offered[-1] == expected[-1]
        engine = apply_move(engine, engine.current, move)
        fast.apply(move)
        count += 1
        assert observed(fast) == observed(engine), f"states differ after move {count} ({move})"
        assert fast.influence == FastState.from_state(engine).influence  # kept up to date, not recomputed
    assert fast.phase == engine.phase and fast.winners == engine.winners
    assert list(fast.legal()) == []
    return count


@pytest.mark.parametrize("random_setup", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_state_and_engine_agree_on_every_move_of_seeded_random_games(players: int,
                                                                          random_setup: bool) -> None:
    moves = sum(play_both(players, 1000 * players + seed, random_setup) for seed in range(12))
    assert moves > 12 * 20  # whole games were played, not a few moves


def test_a_copy_plays_on_without_changing_the_original() -> None:
    state = new_game({"players": 3}, 7)
    fast = FastState.from_state(state)
    before = observed(fast)
    twin = fast.copy()
    rng = Rng(3)
    while twin.phase == PLAY:
        moves = twin.legal()
        twin.apply(moves[rng.below(len(moves))])
    assert observed(fast) == before == observed(FastState.from_state(state))
