"""Figure swap (fast, leaves the game) and tile swap (the turn's non-fast tile, stays as 0)."""

from typing import Any

import pytest

from daimyo_rules import IllegalMove
from tests.unit.rules.samurai.positions import GAME, place, position


def swap(a: str, fa: str, b: str, fb: str) -> dict[str, Any]:
    return {"type": "figure_swap", "a": {"settlement": a, "figure": fa}, "b": {"settlement": b, "figure": fb}}


HAND = ["figure_swap", "tile_swap", "samurai3", "rice2", "rice3"]


def test_a_figure_swap_exchanges_two_figures_and_leaves_the_game() -> None:
    state = position(figures={"h54": ["castle"], "h58": ["buddha"]}, hands={0: HAND})
    state = GAME.apply(state, 0, swap("h54", "castle", "h58", "buddha"))
    figures = GAME.summary(state)["figures"]
    assert figures["h54"] == ["buddha"] and figures["h58"] == ["castle"]
    assert "figure_swap" not in state.hands[0]
    assert all(t is None or t[1] != "figure_swap" for t in state.tiles)


def test_a_figure_swap_may_not_leave_two_of_one_type_in_a_city() -> None:
    state = position(figures={"h56": ["castle", "rice"], "h54": ["castle"]}, hands={0: HAND})
    with pytest.raises(IllegalMove, match="h56 would hold two figures of one type"):
        GAME.apply(state, 0, swap("h56", "rice", "h54", "castle"))


def test_a_figure_swap_needs_two_different_settlements() -> None:
    state = position(figures={"h56": ["castle", "rice"]}, hands={0: HAND})
    with pytest.raises(IllegalMove, match="two different settlements"):
        GAME.apply(state, 0, swap("h56", "rice", "h56", "castle"))


def test_a_figure_swap_names_figures_that_are_there() -> None:
    state = position(figures={"h54": ["castle"], "h58": ["buddha"]}, hands={0: HAND})
    with pytest.raises(IllegalMove, match="no rice on h54"):
        GAME.apply(state, 0, swap("h54", "rice", "h58", "buddha"))


def test_swapping_two_figures_of_one_type_is_legal_and_counts_as_a_placement() -> None:
    state = position(figures={"h54": ["castle"], "h58": ["castle"]}, hands={0: HAND})
    state = GAME.apply(state, 0, swap("h54", "castle", "h58", "castle"))
    state = GAME.apply(state, 0, {"type": "end_turn"})
    assert GAME.to_act(state) == [1]


def test_a_figure_swap_is_fast_so_a_non_fast_tile_may_follow() -> None:
    state = position(figures={"h54": ["castle"], "h58": ["buddha"]}, hands={0: HAND})
    state = GAME.apply(state, 0, swap("h54", "castle", "h58", "buddha"))
    state = GAME.apply(state, 0, place("samurai3", "h57"))
    assert GAME.summary(state)["tiles"]["h57"]["tile"] == "samurai3"


def test_a_tile_swap_moves_an_own_non_fast_tile_and_leaves_itself_behind() -> None:
    state = position(tiles={"h57": (0, "castle4")}, hands={0: HAND})
    state = GAME.apply(state, 0, {"type": "tile_swap", "from": "h57", "to": "h60"})
    tiles = GAME.summary(state)["tiles"]
    assert tiles["h60"] == {"seat": 0, "tile": "castle4"}
    assert tiles["h57"] == {"seat": 0, "tile": "tile_swap"}


def test_the_moved_tile_can_complete_a_surround() -> None:
    state = position(figures={"h54": ["castle"]}, tiles={"h55": (1, "samurai1a"), "h60": (0, "castle4")},
                     hands={0: HAND})
    state = GAME.apply(state, 0, {"type": "tile_swap", "from": "h60", "to": "h59"})
    assert state.captured[0] == (0, 0, 1)


def test_a_tile_swap_moves_only_your_own_tiles() -> None:
    state = position(tiles={"h57": (1, "castle4")}, hands={0: HAND})
    with pytest.raises(IllegalMove, match="one of your own tiles"):
        GAME.apply(state, 0, {"type": "tile_swap", "from": "h57", "to": "h60"})


def test_a_tile_swap_never_moves_a_fast_tile() -> None:
    state = position(tiles={"h57": (0, "ronin1")}, hands={0: HAND})
    with pytest.raises(IllegalMove, match="only a non-fast tile; ronin1 is fast"):
        GAME.apply(state, 0, {"type": "tile_swap", "from": "h57", "to": "h60"})


def test_a_tile_swap_is_the_turns_non_fast_tile() -> None:
    state = position(tiles={"h57": (0, "castle4")}, hands={0: HAND})
    state = GAME.apply(state, 0, place("samurai3", "h61"))
    with pytest.raises(IllegalMove, match="only one non-fast tile per turn"):
        GAME.apply(state, 0, {"type": "tile_swap", "from": "h57", "to": "h60"})


def test_a_tile_swap_moves_to_land_only() -> None:
    state = position(tiles={"h57": (0, "castle4")}, hands={0: HAND})
    with pytest.raises(IllegalMove, match="must go on a land hex"):
        GAME.apply(state, 0, {"type": "tile_swap", "from": "h57", "to": "h45"})
