"""Captures after every placement: surround by land, influence by type, ties set aside."""

from daimyo_rules.samurai.rules import score
from tests.unit.rules.samurai.positions import GAME, effects_of, place, position

# h54 is a village with land neighbours h55, h59 and sea neighbours h45, h41, h42, h46.
# h56 is a city with land neighbours h55, h57, h60, h61 and sea neighbours h43, h44.


def test_a_settlement_is_captured_when_its_last_land_neighbour_is_filled() -> None:
    state = position(figures={"h54": ["castle"]}, tiles={"h59": (1, "samurai1a")},
                     hands={0: ["castle3", "rice2", "rice3", "rice4", "buddha2"]})
    state = GAME.apply(state, 0, place("castle3", "h55"))
    assert state.captured[0] == (0, 0, 1)
    assert "h54" not in GAME.summary(state)["figures"]


def test_a_ship_on_a_sea_neighbour_adds_its_value() -> None:
    state = position(figures={"h54": ["rice"]}, tiles={"h59": (1, "samurai2a"), "h45": (0, "ship1a")},
                     hands={0: ["samurai1a", "buddha2", "buddha3", "buddha4", "castle2"]})
    state = GAME.apply(state, 0, place("samurai1a", "h55"))
    assert state.captured[0] == (0, 0, 0) and state.set_aside == (0, 1, 0)  # 1+1 ties 2


def test_equal_highest_influence_sets_the_figure_aside() -> None:
    state = position(figures={"h54": ["buddha"]}, tiles={"h59": (1, "samurai2a")},
                     hands={0: ["buddha2", "rice2", "rice3", "rice4", "castle2"]})
    state = GAME.apply(state, 0, place("buddha2", "h55"))
    assert state.set_aside == (1, 0, 0)
    assert effects_of(state, "set_aside")[0]["influence"] == [2, 2]


def test_everyone_at_zero_sets_the_figure_aside() -> None:
    state = position(figures={"h54": ["buddha"]}, tiles={"h59": (1, "rice4")},
                     hands={0: ["castle2", "rice2", "rice3", "rice4", "castle3"]})
    state = GAME.apply(state, 0, place("castle2", "h55"))
    assert state.set_aside == (1, 0, 0)


def test_a_caste_tile_influences_only_its_own_type() -> None:
    state = position(figures={"h54": ["castle"]}, tiles={"h59": (1, "samurai1a")},
                     hands={0: ["rice4", "rice2", "rice3", "buddha4", "castle2"]})
    state = GAME.apply(state, 0, place("rice4", "h55"))
    assert state.captured[1] == (0, 0, 1)


def test_the_active_player_may_complete_a_surround_that_hands_the_figure_to_an_opponent() -> None:
    state = position(figures={"h54": ["rice"]}, tiles={"h59": (1, "rice4")},
                     hands={0: ["samurai1a", "buddha2", "buddha3", "buddha4", "castle2"]})
    state = GAME.apply(state, 0, place("samurai1a", "h55"))
    assert state.captured[1] == (0, 1, 0)
    assert effects_of(state, "captured")[0]["active_seat"] == 0


def test_each_figure_of_a_city_is_resolved_on_its_own() -> None:
    state = position(
        figures={"h56": ["rice", "castle"]},
        tiles={"h57": (0, "rice4"), "h60": (1, "castle4"), "h61": (0, "rice2")},
        hands={0: ["samurai1a", "buddha2", "buddha3", "buddha4", "castle2"]})
    state = GAME.apply(state, 0, place("samurai1a", "h55"))
    # rice: 4+2+1 = 7 against 0; castle: 1 against 4
    assert state.captured[0] == (0, 1, 0) and state.captured[1] == (0, 0, 1)


def test_the_tile_swap_tile_counts_zero() -> None:
    state = position(figures={"h54": ["rice"]}, tiles={"h59": (1, "tile_swap")},
                     hands={0: ["samurai1a", "buddha2", "buddha3", "buddha4", "castle2"]})
    state = GAME.apply(state, 0, place("samurai1a", "h55"))
    assert state.captured[0] == (0, 1, 0)


def test_captures_are_checked_after_every_single_placement() -> None:
    state = position(figures={"h54": ["castle"]}, tiles={"h59": (1, "samurai2a")},
                     hands={0: ["ronin1", "ship2", "rice2", "rice3", "rice4"]})
    state = GAME.apply(state, 0, place("ronin1", "h55"))  # 1 vs 2: seat 1 takes it at once
    assert state.captured[1] == (0, 0, 1)
    state = GAME.apply(state, 0, place("ship2", "h45"))  # too late to change it
    assert state.captured[1] == (0, 0, 1) and state.captured[0] == (0, 0, 0)


def test_scoring_follows_the_worked_example_of_the_rules() -> None:
    # castle, buddha, rice order in the text; ours is buddha, rice, castle
    a, b, c = (5, 3, 3), (1, 4, 3), (4, 3, 3)
    leaders, winners = score((a, b, c))
    assert leaders == {"buddha": 0, "rice": 1, "castle": None}
    assert winners == [0]


def test_two_leader_tokens_win_outright() -> None:
    assert score(((3, 3, 0), (0, 0, 9)))[1] == [0]


def test_tied_leaders_compare_figures_of_the_types_they_do_not_lead() -> None:
    assert score(((3, 1, 1), (0, 3, 0), (1, 1, 1)))[1] == [0]


def test_still_tied_leaders_compare_total_figures() -> None:
    # seat 0 leads buddha with 3 and has 1 other; seat 1 leads rice with 4 and has 1 other
    assert score(((3, 0, 1), (0, 4, 1)))[0]["castle"] is None
    assert score(((3, 0, 1), (0, 4, 1)))[1] == [1]


def test_a_complete_tie_is_a_shared_victory() -> None:
    assert score(((2, 0, 1), (0, 2, 1)))[1] == [0, 1]


def test_with_no_leader_the_most_figures_wins() -> None:
    leaders, winners = score(((1, 1, 0), (1, 1, 0), (0, 0, 0)))
    assert leaders == {"buddha": None, "rice": None, "castle": None}
    assert winners == [0, 1]
