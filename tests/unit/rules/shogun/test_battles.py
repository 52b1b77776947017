"""Battles through the tower: player against player, against neutral provinces and revolts;
the tray, stuck cubes, bonus cubes from specials and events, and checked tower entries."""

import pytest

from daimyo_rules.core import JSON, ReplayError
from daimyo_rules.shogun.state import ShogunState
from tests.unit.rules.shogun.script import GAME, chance, move, play, province, round_, tower

SEEDED_CLEAN = tower({"0": 7, "1": 7, "2": 7, "peasant": 10})


def supply(state: ShogunState) -> JSON:
    return GAME.summary(state)["supply"]


def test_the_attacker_with_more_cubes_out_takes_the_province_with_the_difference() -> None:
    entries = [*round_({0: {"recruit5": "Harima"}}), *round_({0: {"attack_a": "Harima"}}, event=8),
               move(0, "Bizen", 7)]
    state = play(entries)
    assert province(state, "Bizen") == {"owner": 0, "armies": 2, "buildings": [], "revolt_markers": 0}
    assert supply(state) == {"0": 35 - 5 + 5, "1": 35, "2": 35 + 5}


def test_the_defender_with_more_cubes_keeps_at_most_his_own_cubes_out() -> None:
    state = play([*round_({0: {"attack_a": "Mino"}}), move(0, "Omi", 3)])
    assert province(state, "Omi") == {"owner": 2, "armies": 1, "buildings": [], "revolt_markers": 0}
    assert supply(state) == {"0": 38, "1": 35, "2": 38}


def test_peasants_do_not_help_a_defender_with_a_revolt_marker_and_stay_in_the_tray() -> None:
    entries = [*round_({0: {"attack_a": "Mino"}, 2: {"taxes": "Omi"}}), move(0, "Omi", 3),
               tower({"0": 3, "2": 4, "peasant": 1})]
    state = play(entries, tower_model="imrihil_two_shelf", prefix=[
        tower({"0": 7, "1": 7, "2": 7, "peasant": 9}, [{"peasant": 1}, {}])])
    assert province(state, "Omi")["armies"] == 1
    assert GAME.summary(state)["tower"] == {"stuck": [{}, {}], "tray": {"peasant": 1}}


def test_cubes_of_players_outside_the_battle_go_to_the_tray_and_are_thrown_next_time() -> None:
    seeding = [tower({"0": 7, "1": 6, "2": 7, "peasant": 10}, [{"1": 1}, {}])]
    first = [*round_({0: {"attack_a": "Mino", "attack_b": "Tamba"}}), move(0, "Omi", 3),
             tower({"0": 3, "1": 1, "2": 4})]
    state = play(first, tower_model="imrihil_two_shelf", prefix=seeding)
    assert GAME.summary(state)["tower"]["tray"] == {"1": 1}
    second = [*first, move(0, "Omi", 1)]
    with pytest.raises(ReplayError, match="not conserved"):
        play([*second, tower({"0": 1, "2": 1})], tower_model="imrihil_two_shelf", prefix=seeding)
    after = play([*second, tower({"0": 1, "1": 1, "2": 1})], tower_model="imrihil_two_shelf", prefix=seeding)
    assert GAME.summary(after)["tower"]["tray"] == {"1": 1}


def test_a_participants_cubes_stuck_in_an_earlier_drop_count_when_they_come_out() -> None:
    entries = [*round_({0: {"attack_a": "Mino"}}), move(0, "Omi", 3), tower({"0": 4, "2": 4})]
    state = play(entries, tower_model="imrihil_two_shelf", prefix=[
        tower({"0": 6, "1": 7, "2": 7, "peasant": 10}, [{"0": 1}, {}])])
    # 3 thrown + 1 knocked loose against 4: a tie, where 3 against 4 would have lost
    assert province(state, "Omi") == {"owner": None, "armies": 0, "buildings": [], "revolt_markers": 0}


def test_an_attack_on_a_neutral_province_that_fails_loses_the_attackers() -> None:
    state = play([*round_({0: {"attack_a": "Suruga"}}), move(0, "Kai", 1)])
    assert province(state, "Kai")["owner"] is None
    assert supply(state)["0"] == 36 and GAME.summary(state)["peasant_supply"] == 20


def test_event_3_throws_two_peasants_against_an_attack_on_a_neutral_province() -> None:
    state = play([*round_({0: {"attack_a": "Suruga"}}, event=3), move(0, "Kai", 2)], events=[3, 8, 10, 11])
    assert province(state, "Kai")["owner"] is None


def test_the_attack_special_adds_a_cube_also_against_neutral_provinces() -> None:
    state = play([*round_({0: {"attack_a": "Suruga"}}, picks=["attack", "defence", "war_chest"]),
                  move(0, "Kai", 1)])
    assert province(state, "Kai") == {"owner": 0, "armies": 1, "buildings": [], "revolt_markers": 0}


def test_a_castle_adds_a_defending_cube_under_events_4_and_5() -> None:
    entries = [*round_({2: {"castle": "Omi"}}), *round_({1: {"attack_a": "Yamato"}}, event=4),
               move(1, "Omi", 4)]
    state = play(entries, events=[7, 4, 10, 11])
    assert province(state, "Omi")["owner"] == 2 and province(state, "Omi")["armies"] == 1


def test_the_defence_special_counts_in_revolts_during_its_round() -> None:
    entries = [*round_({0: {"rice": "Izu"}}),
               *round_({0: {"taxes": "Izu"}}, event=8, picks=["defence", "attack", "war_chest"])]
    state = play(entries)
    assert province(state, "Izu") == {"owner": 0, "armies": 1, "buildings": [], "revolt_markers": 3}


def test_a_revolt_the_owner_does_not_win_makes_the_province_neutral() -> None:
    state = play([*round_({0: {"rice": "Izu"}}), *round_({0: {"taxes": "Izu"}}, event=8)])
    assert province(state, "Izu") == {"owner": None, "armies": 0, "buildings": [], "revolt_markers": 0}


def test_a_tower_entry_with_more_cubes_out_than_went_in_is_rejected() -> None:
    with pytest.raises(ReplayError) as error:
        play([], tower_model="imrihil_two_shelf", prefix=[tower({"0": 8, "1": 7, "2": 7, "peasant": 10})])
    assert error.value.move_index == 0


def test_the_all_pass_tower_takes_no_tower_entries() -> None:
    with pytest.raises(ReplayError, match="waits for a 'event_cards'"):
        play([], prefix=[SEEDED_CLEAN])


def test_a_chance_entry_when_none_is_pending_is_rejected() -> None:
    with pytest.raises(ReplayError, match="no chance outcome is pending"):
        play([*round_({})[:2], chance("event", card=8)])
