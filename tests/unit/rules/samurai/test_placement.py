"""Placing tiles: land and sea, one non-fast tile per turn plus any fast ones, the hand."""

import pytest

from daimyo_rules import IllegalMove, MalformedMove
from tests.unit.rules.samurai.positions import GAME, place, position

HAND = ["samurai2a", "samurai3", "ronin1", "ship1a", "rice3"]


def test_a_land_tile_goes_on_an_empty_land_hex() -> None:
    state = GAME.apply(position(hands={0: HAND}), 0, place("samurai2a", "h57"))
    assert GAME.summary(state)["tiles"]["h57"] == {"seat": 0, "tile": "samurai2a"}


def test_a_ship_on_a_land_hex_is_rejected_naming_the_rule() -> None:
    with pytest.raises(IllegalMove, match="ship1a must go on a sea hex, h57 is land"):
        GAME.apply(position(hands={0: HAND}), 0, place("ship1a", "h57"))


def test_a_land_tile_on_a_sea_hex_is_rejected() -> None:
    with pytest.raises(IllegalMove, match="must go on a land hex, h45 is sea"):
        GAME.apply(position(hands={0: HAND}), 0, place("samurai3", "h45"))


def test_nothing_is_ever_placed_on_a_settlement() -> None:
    with pytest.raises(IllegalMove, match="nothing is ever placed on a settlement"):
        GAME.apply(position(hands={0: HAND}), 0, place("samurai3", "h56"))


def test_an_occupied_hex_is_rejected() -> None:
    state = position(hands={0: HAND}, tiles={"h57": (1, "rice2")})
    with pytest.raises(IllegalMove, match="occupied by seat 1's rice2"):
        GAME.apply(state, 0, place("samurai3", "h57"))


def test_a_tile_not_in_hand_is_rejected() -> None:
    with pytest.raises(IllegalMove, match="no castle4 in hand"):
        GAME.apply(position(hands={0: HAND}), 0, place("castle4", "h57"))


def test_a_second_non_fast_tile_in_one_turn_is_rejected() -> None:
    state = GAME.apply(position(hands={0: HAND}), 0, place("samurai2a", "h57"))
    with pytest.raises(IllegalMove, match="only one non-fast tile per turn"):
        GAME.apply(state, 0, place("samurai3", "h60"))


def test_any_number_of_fast_tiles_join_the_non_fast_one_in_any_order() -> None:
    state = GAME.apply(position(hands={0: HAND}), 0, place("ronin1", "h60"))
    state = GAME.apply(state, 0, place("samurai2a", "h57"))
    state = GAME.apply(state, 0, place("ship1a", "h45"))
    assert GAME.to_act(state) == [1]  # nothing playable remained: the turn ended by itself


def test_only_the_seat_whose_turn_it_is_may_place() -> None:
    with pytest.raises(IllegalMove, match="it is seat 0's turn, not seat 1's"):
        GAME.apply(position(hands={1: HAND}), 1, place("samurai3", "h57"))


def test_an_unknown_tile_is_malformed() -> None:
    with pytest.raises(MalformedMove, match="unknown tile"):
        GAME.apply(position(), 0, place("samurai9", "h57"))


def test_a_move_that_is_not_an_object_is_malformed() -> None:
    with pytest.raises(MalformedMove, match="must be a JSON object"):
        GAME.apply(position(), 0, ["place"])


def test_a_hex_off_this_board_is_rejected() -> None:
    with pytest.raises(IllegalMove, match="not a hex of the 2-player board"):
        GAME.apply(position(hands={0: HAND}), 0, place("samurai3", "h20"))


def test_a_rejected_move_leaves_the_state_unchanged() -> None:
    state = position(hands={0: HAND})
    before = GAME.to_json(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, place("ship1a", "h57"))
    assert GAME.to_json(state) == before


def test_every_tile_has_its_printed_value_and_speed() -> None:
    from daimyo_rules.samurai.tiles import TILE_BY_ID, TILES

    assert len(TILES) == 20
    assert [TILE_BY_ID[t].value for t in ("samurai1a", "samurai2b", "samurai3", "ronin1", "ship2")] == [
        1, 2, 3, 1, 2]
    assert {t.id for t in TILES if t.fast} == {"ronin1", "ship1a", "ship1b", "ship2", "figure_swap"}
