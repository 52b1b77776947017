"""Ending a turn, refilling, passing, and the three ways the game ends."""

import pytest

from daimyo_rules import IllegalMove
from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.state import OVER, State, evolve
from tests.unit.rules.samurai.positions import GAME, effects_of, place, position


def test_end_turn_before_any_placement_is_rejected() -> None:
    with pytest.raises(IllegalMove, match="only after at least one placement"):
        GAME.apply(position(), 0, {"type": "end_turn"})


def test_the_hand_is_refilled_to_five_from_the_own_stack() -> None:
    state = position(hands={0: ["ronin1", "samurai3", "rice2", "rice3", "rice4"]},
                     stacks={0: ["castle2", "castle3", "castle4"]})
    state = GAME.apply(state, 0, place("ronin1", "h57"))
    state = GAME.apply(state, 0, place("samurai3", "h60"))  # nothing playable left: ends by itself
    assert sorted(state.hands[0]) == ["castle2", "castle3", "rice2", "rice3", "rice4"]
    assert state.stacks[0] == ("castle4",)
    assert effects_of(state, "turn_ended_automatically")


def test_a_turn_goes_on_while_a_fast_tile_can_still_be_played() -> None:
    state = position(hands={0: ["samurai3", "ship2", "rice2", "rice3", "rice4"]})
    state = GAME.apply(state, 0, place("samurai3", "h57"))
    assert GAME.to_act(state) == [0]
    state = GAME.apply(state, 0, {"type": "end_turn"})
    assert GAME.to_act(state) == [1]


def test_refilling_stops_when_the_stack_is_empty() -> None:
    state = position(hands={0: ["samurai3", "rice2"]}, stacks={0: ["castle2"]})
    state = GAME.apply(state, 0, place("samurai3", "h57"))
    assert sorted(state.hands[0]) == ["castle2", "rice2"]


def test_pass_is_legal_only_when_nothing_in_hand_can_be_played() -> None:
    with pytest.raises(IllegalMove, match="can still place a tile"):
        GAME.apply(position(), 0, {"type": "pass"})


def test_a_seat_with_an_empty_hand_passes_and_the_next_seat_plays() -> None:
    state = position(players=3, hands={0: [], 1: ["rice2"]}, stacks={0: []})
    assert [GAME.move_to_json(m) for m in GAME.legal_moves(state, 0)] == [{"type": "pass"}]
    state = GAME.apply(state, 0, {"type": "pass"})
    assert GAME.to_act(state) == [1]


def test_the_game_ends_when_no_figure_of_a_type_remains() -> None:
    state = position(figures={"h54": ["castle"]}, tiles={"h59": (1, "samurai1a")},
                     hands={0: ["castle3", "rice2", "rice3", "rice4", "buddha2"]})
    village = _settlement_index(state, "h54")
    only_one_castle = tuple(f if i == village else tuple(x for x in f if x != "castle")
                            for i, f in enumerate(state.figures))
    state = GAME.apply(evolve(state, figures=only_one_castle), 0, place("castle3", "h55"))
    assert state.phase == OVER
    assert "no castle figure remains" in effects_of(state, "game_finished")[0]["reason"]


def _settlement_index(state: State, hex_id: str) -> int:
    board = board_for(state.players)
    return board.settlement_at[board.index[hex_id]]


def test_the_fourth_figure_set_aside_ends_the_game_at_the_end_of_that_turn() -> None:
    state = position(figures={"h54": ["buddha"]}, tiles={"h59": (1, "samurai2a")},
                     hands={0: ["ronin1", "samurai2b", "rice2", "rice3", "rice4"]}, set_aside=(1, 1, 1))
    state = GAME.apply(state, 0, place("samurai2b", "h55"))  # 2 vs 2: the fourth tie
    assert state.phase == "play" and GAME.to_act(state) == [0]  # ronin1 may still be played
    state = GAME.apply(state, 0, {"type": "end_turn"})
    assert state.phase == OVER and GAME.to_act(state) == []


def test_the_game_ends_when_no_player_can_place_any_tile() -> None:
    state = position(hands={0: ["samurai3"], 1: []}, stacks={0: [], 1: []})
    state = GAME.apply(state, 0, place("samurai3", "h57"))
    assert state.phase == OVER
    assert "no player can place" in effects_of(state, "game_finished")[0]["reason"]


def test_after_the_end_no_seat_may_move() -> None:
    state = position(hands={0: ["samurai3"], 1: []}, stacks={0: [], 1: []})
    state = GAME.apply(state, 0, place("samurai3", "h57"))
    with pytest.raises(IllegalMove, match="the game is over"):
        GAME.apply(state, 1, {"type": "pass"})
