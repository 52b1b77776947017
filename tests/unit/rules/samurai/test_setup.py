"""Setup: Edo pre-filled, cities then villages in rotation, secret opening hands, random setup."""

import pytest

from daimyo_rules import IllegalMove, MalformedMove
from daimyo_rules.core import JSON
from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.state import State
from daimyo_rules.samurai.tiles import FIGURES_PER_TYPE
from tests.unit.rules.samurai.positions import GAME


def fresh(players: int = 2, **config: JSON) -> State:
    state: State = GAME.initial_state({"players": players, "random_setup": False, **config}, 1)
    return state


def put(settlement: str, figure: str) -> dict[str, str]:
    return {"type": "place_figure", "settlement": settlement, "figure": figure}


def test_edo_starts_with_one_figure_of_each_type() -> None:
    assert GAME.summary(fresh())["figures"] == {"h82": ["buddha", "castle", "rice"]}


def test_seat_zero_places_first_and_the_rotation_goes_clockwise() -> None:
    state = GAME.apply(fresh(3), 0, put("h56", "rice"))
    assert GAME.to_act(state) == [1]


def test_villages_are_filled_only_after_every_city_holds_two() -> None:
    with pytest.raises(IllegalMove, match="villages are filled only after every city holds 2"):
        GAME.apply(fresh(), 0, put("h54", "rice"))


def test_a_city_never_holds_two_figures_of_one_type() -> None:
    state = GAME.apply(fresh(), 0, put("h56", "rice"))
    with pytest.raises(IllegalMove, match="already holds a rice"):
        GAME.apply(state, 1, put("h56", "rice"))


def test_no_figure_may_be_placed_on_edo() -> None:
    with pytest.raises(IllegalMove, match="is Edo"):
        GAME.apply(fresh(), 0, put("h82", "rice"))


def test_only_types_still_in_the_supply_may_be_placed() -> None:
    state = fresh()
    while state.supply[1]:
        seat = GAME.to_act(state)[0]
        legal = list(GAME.legal_moves(state, seat))
        state = GAME.apply(state, seat, ([m for m in legal if m.figure == "rice"] or legal)[0])
    village = next(s.id for s in board_for(2).settlements if s.kind == "village"
                   and not state.figures[s.index])
    with pytest.raises(IllegalMove, match="no rice figure is left"):
        GAME.apply(state, GAME.to_act(state)[0], put(village, "rice"))


def test_the_supply_exactly_fills_the_board_for_every_player_count() -> None:
    for players in (2, 3, 4):
        board = board_for(players)
        slots = sum(s.capacity for s in board.settlements)
        assert slots == 3 * FIGURES_PER_TYPE[players]


def _all_figures_placed(players: int = 2) -> State:
    state = fresh(players)
    while state.phase == "setup":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    return state


def test_opening_hands_are_chosen_by_every_seat_in_any_order_once_figures_are_placed() -> None:
    state = _all_figures_placed()
    assert state.phase == "choose" and GAME.to_act(state) == [0, 1]
    state = GAME.apply(state, 1, {"type": "choose_hand", "tiles": ["ship2", "samurai3", "rice4",
                                                                   "castle4", "buddha4"]})
    assert GAME.to_act(state) == [0]
    with pytest.raises(IllegalMove, match="already chosen"):
        GAME.apply(state, 1, {"type": "choose_hand", "tiles": ["ship1a", "samurai3", "rice4",
                                                               "castle4", "buddha4"]})


def test_an_opening_hand_of_four_tiles_is_malformed() -> None:
    with pytest.raises(MalformedMove, match="exactly 5 tiles"):
        GAME.apply(_all_figures_placed(), 0, {"type": "choose_hand", "tiles": ["ship2", "samurai3",
                                                                               "rice4", "castle4"]})


def test_draw_stacks_fix_the_draw_order_without_the_chosen_hand() -> None:
    order = ["castle2", "ship1a", "rice2"]
    state = _all_figures_placed()
    state = GAME.initial_state({"players": 2, "random_setup": False, "draw_stacks": {"0": order}}, 1)
    while state.phase == "setup":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    hand = ["ship1a", "samurai3", "rice4", "castle4", "buddha4"]
    state = GAME.apply(state, 0, {"type": "choose_hand", "tiles": hand})
    state = GAME.apply(state, 1, {"type": "choose_hand", "tiles": hand})
    assert state.stacks[0][:2] == ("castle2", "rice2")
    assert len(state.stacks[0]) == 15 and not set(state.stacks[0]) & set(hand)


def test_random_setup_deals_a_legal_table_and_opening_hands() -> None:
    for players in (2, 3, 4):
        state = GAME.initial_state({"players": players, "random_setup": True}, players)
        board = board_for(players)
        assert state.phase == "play" and state.supply == (0, 0, 0)
        for s in board.settlements:
            present = state.figures[s.index]
            assert len(present) == s.capacity and len(set(present)) == len(present)
        assert all(len(h) == 5 and len(st) == 15 for h, st in zip(state.hands, state.stacks, strict=True))


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    a = GAME.initial_state({"players": 4}, 11)
    assert GAME.to_json(a) == GAME.to_json(GAME.initial_state({"players": 4}, 11))
    assert GAME.to_json(a) != GAME.to_json(GAME.initial_state({"players": 4}, 12))


@pytest.mark.parametrize("config", [{"players": 5}, {"players": "2"}, {"players": 2, "random_setup": 1},
                                    {"players": 2, "draw_stacks": {"7": []}}, []])
def test_a_bad_config_is_malformed(config: JSON) -> None:
    with pytest.raises(MalformedMove):
        GAME.initial_state(config, 0)
