"""The searches' integer state plays Samurai exactly as the engine does, move by move.

Seeded random games for 2, 3 and 4 players, from the random set-up and from a set-up played
out move by move: at every step both offer the same legal moves (the compact state's codes read
as engine moves), the compact judgement scores every one of them as `heuristics.Judge` does on
the engine's state, and after every move they agree on the board, figures, hands, stacks,
captures, set-aside figures, whose turn it is, the turn flags and the end with its winners.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from types import ModuleType
from typing import Any

import pytest

from daimyo_bot.samurai import compact as source
from daimyo_bot.samurai import native
from daimyo_bot.samurai.heuristics import Judge
from daimyo_rules.core import Rng
from daimyo_rules.samurai.moves import FigureSwap, Move
from daimyo_rules.samurai.rules import apply_move, legal_moves, new_game
from daimyo_rules.samurai.sampling import knowledge_from_view
from daimyo_rules.samurai.state import PLAY, State
from daimyo_rules.samurai.tiles import FIGURE_TYPES, TILE_IDS
from tests.unit.bot.positions import ENGINE, positions


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


@pytest.fixture(params=["source", "compiled"])
def compact(request: pytest.FixtureRequest) -> ModuleType:
    """The module as written, and its mypyc build (`make native`) when this machine has one."""
    if request.param == "source":
        return source
    built = native.compact_module()
    if not native.is_compiled(built):
        pytest.skip("no current mypyc build of compact.py here (make native needs a C compiler)")
    return built


def canonical(move: Move) -> Move:
    """A figure swap named either way round is one move."""
    if isinstance(move, FigureSwap) and ((move.b_settlement, move.b_figure)
                                         < (move.a_settlement, move.a_figure)):
        return FigureSwap(move.b_settlement, move.b_figure, move.a_settlement, move.a_figure)
    return move


def seen(state: Any) -> dict[str, Any]:
    """What both states say of the game, in the engine's terms."""
    if isinstance(state, State):  # else a CompactState of either build
        return {
            "over": state.phase != PLAY, "current": state.current, "winners": tuple(state.winners),
            "tiles": tuple(state.tiles), "figures": tuple(tuple(sorted(f)) for f in state.figures),
            "hands": tuple(tuple(h) for h in state.hands), "stacks": tuple(tuple(s) for s in state.stacks),
            "captured": tuple(tuple(c) for c in state.captured), "set_aside": tuple(state.set_aside),
            "placed": (state.placed_normal, state.placed_any), "empty": (state.empty_land, state.empty_sea),
        }
    figures = state.figures
    return {
        "over": state.over, "current": state.current, "winners": tuple(state.winners),
        "tiles": tuple(None if t < 0 else (state.owner_at[h], TILE_IDS[t])
                       for h, t in enumerate(state.tile_at)),
        "figures": tuple(tuple(sorted(FIGURE_TYPES[k] for k in range(3) if figures[si * 3 + k]))
                         for si in range(state.lay.settlements)),
        "hands": tuple(tuple(TILE_IDS[t] for t in h) for h in state.hands),
        "stacks": tuple(tuple(TILE_IDS[t] for t in s) for s in state.stacks),
        "captured": tuple(tuple(c) for c in state.captured), "set_aside": tuple(state.set_aside),
        "placed": (state.placed_normal, state.placed_any),
        "empty": (len(state.empty_land), len(state.empty_sea)),
    }


def play_both(module: ModuleType, players: int, seed: int, random_setup: bool) -> int:
    """Play one game of the compact state's random moves on both states, comparing at every step."""
    engine = start(players, seed, random_setup)
    compact, codes = module.CompactState.from_state(engine), module.codes_for(players)
    rng, count = Rng(seed), 0
    draws = Random(seed)
    while engine.phase == PLAY:
        expected = {canonical(m) for m in legal_moves(engine, engine.current)}
        offered = compact.legal()
        assert len(offered) == len(set(offered)) == compact.legal_count() == len(expected)
        assert {canonical(codes.move(c)) for c in offered} == expected, f"legal moves differ at move {count}"
        assert all(codes.code(codes.move(c)) == c for c in offered)
        assert all(compact.is_legal(c) for c in offered)
        judged, compact_judged = Judge(engine, engine.current), module.CompactJudge(compact, compact.current)
        for code in offered:
            assert compact_judged.score(code) == pytest.approx(judged.score(codes.move(code)), abs=1e-9)
        code = compact.random_move(draws) if rng.below(2) else offered[rng.below(len(offered))]
        assert code in offered
        engine = apply_move(engine, engine.current, codes.move(code))
        compact.apply(code)
        count += 1
        assert seen(compact) == seen(engine), f"states differ after move {count} ({codes.move(code)})"
        assert compact.influence == module.CompactState.from_state(engine).influence  # kept up to date
    assert compact.over and compact.winners == engine.winners
    assert compact.legal() == [] and compact.legal_count() == 0
    return count


@pytest.mark.parametrize("random_setup", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_compact_state_and_engine_agree_on_every_move_of_seeded_random_games(
        compact: ModuleType, players: int, random_setup: bool) -> None:
    moves = sum(play_both(compact, players, 2000 * players + seed, random_setup) for seed in range(10))
    assert moves > 10 * 20  # whole games were played, not a few moves


def test_moves_not_offered_are_not_legal(compact: ModuleType) -> None:
    state = compact.CompactState.from_state(new_game({"players": 2}, 5))
    codes: source.Codes = state.codes
    offered = set(state.legal())
    others = [c for c in range(codes.figure_swaps + codes.spots * codes.spots) if c not in offered]
    assert not any(state.is_legal(c) for c in others[::3])
    assert not state.is_legal(compact.END_TURN)  # nothing placed yet
    assert not state.is_legal(compact.PASS)  # and it can play


def test_a_copy_plays_on_without_changing_the_original(compact: ModuleType) -> None:
    state = new_game({"players": 3}, 7)
    original = compact.CompactState.from_state(state)
    before = seen(original)
    twin, draws = original.copy(), Random(3)
    while not twin.over:
        twin.apply(twin.random_move(draws))
    assert seen(original) == before == seen(compact.CompactState.from_state(state))


@pytest.mark.parametrize("tile_first", [False, True])
def test_a_playout_plays_a_copy_to_the_end_and_repeats_for_the_same_random_numbers(compact: ModuleType,
                                                                                   tile_first: bool) -> None:
    start_state = compact.CompactState.from_state(new_game({"players": 4}, 9))
    ends = []
    for _ in range(2):
        world = start_state.copy()
        compact.playout(world, Random(5).random, 6, 0.1, tile_first)
        assert world.over and world.winners
        ends.append(seen(world))
    assert ends[0] == ends[1]
    assert not start_state.over


def test_another_world_of_the_same_position_changes_only_the_hidden_tiles_and_captures(
        compact: ModuleType) -> None:
    state = new_game({"players": 3}, 11)
    other = new_game({"players": 3}, 12)  # only its hands, stacks and captures are read
    position = compact.CompactState.from_state(state)
    world = position.with_hidden(other)
    assert seen(world)["hands"] == seen(other)["hands"] and seen(world)["stacks"] == seen(other)["stacks"]
    assert seen(world)["tiles"] == seen(position)["tiles"] and seen(position) == seen(state)


def tile_of(code: int, state: Any) -> int:
    """The tile a move plays (a tile swap or figure swap counts as its action tile)."""
    codes: source.Codes = state.codes
    if code < codes.tile_swaps:
        return code // codes.h
    return TILE_IDS.index("tile_swap" if code < codes.figure_swaps else "figure_swap")


def test_tile_first_draws_give_every_playable_tile_the_same_share_and_only_legal_moves(
        compact: ModuleType) -> None:
    state = compact.CompactState.from_state(new_game({"players": 2}, 3))
    draws = Random(1)
    while not ("tile_swap" in seen(state)["hands"][state.current] and state.own_movable(state.current)):
        state.apply(state.random_move(draws))  # until the seat to act may swap a tile of its own
    legal = set(state.legal())
    grid = [compact.Draws(state).by_tile(i / 6000) for i in range(6000)]
    assert set(grid) <= legal
    shares = Counter(tile_of(c, state) for c in grid)
    assert len(shares) >= 3 and max(shares.values()) - min(shares.values()) <= 1
    uniform = [compact.Draws(state).draw(i / 6000) for i in range(6000)]
    swaps = sum(1 for c in uniform if tile_of(c, state) == TILE_IDS.index("tile_swap"))
    assert swaps > 6000 / len(shares)  # drawn uniformly over the moves, the swap's many targets crowd in


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_world_a_search_samples_is_the_engine_state_it_was_sampled_as(compact: ModuleType,
                                                                           players: int) -> None:
    """The search converts one sampled state and writes later samples' hidden tiles into copies
    (`mcts.Worlds`): each such world equals the full conversion of its engine state."""
    checked = 0
    for state, seat in positions(players, games=2, seed=31, every=9):
        if state.phase != PLAY:
            continue
        knowledge, rng = knowledge_from_view(ENGINE.view(state, seat), seat), Rng(seat)
        first = compact.CompactState.from_state(knowledge.sample(rng))
        for _ in range(2):
            world = knowledge.sample(rng)
            written, converted = first.with_hidden(world), compact.CompactState.from_state(world)
            assert seen(written) == seen(converted) == seen(world)
            assert written.influence == converted.influence and written.legal() == converted.legal()
            checked += 1
    assert checked > 10
