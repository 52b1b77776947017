"""Set-up: fixed and draft starting provinces, player counts, chests and the tower seeding."""

import pytest

from daimyo_rules.core import JSON, IllegalMove, MalformedMove
from tests.unit.rules.shogun.script import GAME, chance, play, province


def test_the_fixed_setup_places_the_suns_supplement_armies() -> None:
    state = play([])
    assert province(state, "Suruga") == {"owner": 0, "armies": 5, "buildings": [], "revolt_markers": 0}
    assert province(state, "Yamato")["owner"] == 1
    assert province(state, "Bizen")["owner"] == 2
    assert GAME.summary(state)["supply"] == {"0": 35, "1": 35, "2": 35}


@pytest.mark.parametrize(("players", "chests"), [(3, 18), (4, 15), (5, 12)])
def test_starting_chests_depend_on_the_number_of_players(players: int, chests: int) -> None:
    state = GAME.initial_state({"players": players}, 5)
    assert set(GAME.summary(state)["chests"].values()) == {chests}


def test_three_players_leave_the_eight_marked_provinces_out_of_play() -> None:
    view = GAME.view(play([]), None)
    out = sorted(name for name, p in view["provinces"].items() if not p["in_play"])
    assert out == sorted(["Sanuki", "Awa-Boso", "Echigo", "Tosa", "Iwami", "Izumo", "Kazusa", "Mutsu"])
    four = GAME.view(GAME.initial_state({"players": 4}, 1), None)
    assert all(p["in_play"] for p in four["provinces"].values())


def test_the_draft_deck_holds_only_provinces_in_play() -> None:
    state = GAME.initial_state({"players": 3, "setup": "draft"}, 9)
    shuffle = GAME.chance_log(state)[0]["chance"]
    assert shuffle["type"] == "shuffle_deck" and len(shuffle["order"]) == 37


def test_a_draft_pick_must_use_an_unplaced_group_in_turn() -> None:
    state = GAME.initial_state({"players": 3, "setup": "draft", "tower": "all_pass"}, 9)
    with pytest.raises(IllegalMove, match="draft"):
        GAME.apply(state, 1, {"type": "draft", "take": "deck", "armies": 5})
    with pytest.raises(IllegalMove, match="no unplaced group of 6"):
        GAME.apply(state, 0, {"type": "draft", "take": "deck", "armies": 6})


def test_a_drafted_face_up_card_is_replaced_from_the_deck_in_the_same_space() -> None:
    state = GAME.initial_state({"players": 3, "setup": "draft", "tower": "all_pass"}, 9)
    order = GAME.chance_log(state)[0]["chance"]["order"]
    after = GAME.apply(state, 0, {"type": "draft", "take": "face_up_1", "armies": 5})
    assert GAME.view(after, None)["draft"]["face_up"] == [order[0], order[2]]
    assert province(after, order[1]) == {"owner": 0, "armies": 5, "buildings": [], "revolt_markers": 0}


def test_the_tower_seeding_keeps_every_cube_accounted_for() -> None:
    state = GAME.initial_state({"players": 4, "tower": "imrihil_two_shelf"}, 3)
    seeding = GAME.chance_log(state)[0]["chance"]
    stuck = [sum(shelf.get(str(s), 0) for shelf in seeding["stuck"]) for s in range(4)]
    summary = GAME.summary(state)
    for seat in range(4):
        board = sum(p["armies"] for p in summary["provinces"].values() if p["owner"] == seat)
        assert board + summary["supply"][str(seat)] + stuck[seat] == 62
    assert summary["tower"]["tray"] == {}


def test_seeding_needs_seven_cubes_of_each_player_and_ten_peasants() -> None:
    log_state = play([], tower_model="imrihil_two_shelf", prefix=[chance(
        "tower", out={"0": 7, "1": 7, "2": 7, "peasant": 9}, stuck=[{"peasant": 1}, {}])])
    assert GAME.summary(log_state)["peasant_supply"] == 19
    assert GAME.summary(log_state)["tower"]["stuck"] == [{"peasant": 1}, {}]


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 6}, {"players": 3, "side": "mars"},
                                    {"players": 3, "setup": "random"}, {"players": 3, "tower": "sieve"},
                                    {"players": 3, "tower": {"model": "imrihil_two_shelf", "p_pass": 1}}])
def test_a_bad_table_option_is_malformed(config: JSON) -> None:
    with pytest.raises(MalformedMove):
        GAME.initial_state(config, 1)


def test_tower_parameters_are_configurable() -> None:
    config = {"players": 3, "tower": {"model": "imrihil_two_shelf", "p_pass_shelf": 1.0,
                                      "p_knock_loose_per_passing_cube": 0.0}}
    state = GAME.initial_state(config, 1)
    assert GAME.summary(state)["tower"]["stuck"] == [{}, {}]
