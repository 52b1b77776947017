"""The ten actions: costs, yields with events and specials, revolt markers, recruiting, and the
move/attack decisions taken when an action comes up."""

import pytest

from daimyo_rules.core import JSON, IllegalMove
from daimyo_rules.shogun.state import ShogunState
from tests.unit.rules.shogun.script import GAME, move, play, province, round_, skip


def summary(state: ShogunState) -> JSON:
    return GAME.summary(state)


def test_collect_taxes_applies_the_event_cap_then_the_war_chest_special() -> None:
    state = play(round_({0: {"taxes": "Suruga"}}, event=7, picks=["war_chest", "attack", "defence"]))
    assert summary(state)["chests"]["0"] == 18 + 5 + 1


def test_collect_rice_applies_the_event_minimum_then_the_rice_special() -> None:
    state = play(round_({0: {"rice": "Izu"}}, event=10, picks=["rice", "attack", "defence"]))
    assert summary(state)["rice"]["0"] == 4 + 1


def test_collecting_adds_a_revolt_marker_and_a_second_one_starts_a_revolt() -> None:
    one = play(round_({0: {"rice": "Mino"}}, event=7))
    assert province(one, "Mino")["revolt_markers"] == 1
    two = play([*round_({0: {"rice": "Mino"}}), *round_({0: {"taxes": "Mino"}}, event=8)])
    assert province(two, "Mino") == {"owner": 0, "armies": 2, "buildings": [], "revolt_markers": 3}
    assert summary(two)["chests"]["0"] == 18 + 6 + 1  # event 8: at least 6; war chest special +1


def test_a_no_theatre_built_under_events_1_and_2_removes_one_marker() -> None:
    entries = [*round_({0: {"taxes": "Tamba"}}, event=7), *round_({0: {"theatre": "Tamba"}}, event=1)]
    state = play(entries, events=[7, 1, 10, 11])
    assert province(state, "Tamba")["revolt_markers"] == 0
    assert province(state, "Tamba")["buildings"] == ["theatre"]


def test_recruit_5_under_event_12_with_the_recruit_special_gives_4() -> None:
    state = play(round_({0: {"recruit5": "Mino", "recruit3": "Tamba"}}, event=12,
                        picks=["recruit", "attack", "defence"]), events=[12, 8, 10, 11])
    assert province(state, "Mino")["armies"] == 4 + 4
    assert province(state, "Tamba")["armies"] == 4 + 2
    assert summary(state)["chests"]["0"] == 18 - 3 - 2


def test_recruiting_with_an_empty_supply_is_skipped_and_not_paid() -> None:
    planned = GAME.from_json(GAME.to_json(play(round_({0: {"recruit5": "Mino"}}, event=7)[:-3])))
    planned.supply[0] = 0  # every cube of seat 0 is somewhere else
    for seat, card in ((0, "attack"), (1, "defence"), (2, "war_chest")):
        planned = GAME.apply(planned, seat, {"type": "pick_special", "card": card})
    assert summary(planned)["chests"]["0"] == 18
    assert province(planned, "Mino")["armies"] == 4


def test_recruit_1_and_move_pays_adds_one_and_moves_only_to_own_provinces() -> None:
    state = play(round_({0: {"recruit1_move": "Suruga"}}, event=7))
    assert province(state, "Suruga")["armies"] == 6 and summary(state)["chests"]["0"] == 17
    assert GAME.to_act(state) == [0]
    with pytest.raises(IllegalMove, match="province of your own"):
        GAME.apply(state, 0, move(0, "Kai", 2)["move"])
    moved = GAME.apply(state, 0, move(0, "Izu", 5)["move"])
    assert province(moved, "Izu")["armies"] == 7 and province(moved, "Suruga")["armies"] == 1


def test_an_attack_leaves_at_least_one_army_and_goes_to_a_bordering_province() -> None:
    state = play(round_({0: {"attack_a": "Suruga"}}, event=7))
    with pytest.raises(IllegalMove, match="at least 1 stays"):
        GAME.apply(state, 0, move(0, "Kai", 5)["move"])
    with pytest.raises(IllegalMove, match="does not border"):
        GAME.apply(state, 0, move(0, "Mino", 1)["move"])


def test_moving_zero_armies_or_skipping_declines() -> None:
    state = play(round_({0: {"attack_a": "Suruga"}}, event=7))
    for declined in (GAME.apply(state, 0, move(0, "Kai", 0)["move"]), GAME.apply(state, 0, skip(0)["move"])):
        assert province(declined, "Suruga")["armies"] == 5 and province(declined, "Kai")["owner"] is None


def test_a_province_with_a_temple_cannot_be_attacked_under_events_6_and_9() -> None:
    entries = [*round_({2: {"temple": "Omi"}}, event=7), *round_({0: {"attack_a": "Mino"}}, event=6)]
    state = play(entries, events=[7, 6, 10, 11])
    with pytest.raises(IllegalMove, match="temple cannot be attacked"):
        GAME.apply(state, 0, move(0, "Omi", 3)["move"])


def test_an_action_in_a_province_lost_earlier_in_the_round_is_skipped() -> None:
    order = ["attack_a", "taxes", "castle", "temple", "theatre", "rice", "recruit5", "recruit3",
             "recruit1_move", "attack_b"]
    entries = [*round_({1: {"attack_a": "Yamato"}, 2: {"taxes": "Omi"}}, event=7, order=order),
               move(1, "Omi", 4)]
    state = play(entries)
    taxes = [e for e in GAME.last_effects(state, 2) if e["type"] == "action" and e["action"] == "taxes"]
    assert taxes[-1]["result"] == "skipped: the province is no longer theirs"
    assert summary(state)["chests"]["2"] == 18


def test_zero_armies_to_any_bordering_province_in_play_declines_even_an_enemy_one() -> None:
    state = play(round_({0: {"recruit1_move": "Mino"}}, event=7))
    declined = GAME.apply(state, 0, move(0, "Omi", 0)["move"])
    assert province(declined, "Mino")["armies"] == 5 and province(declined, "Omi")["armies"] == 4
    with pytest.raises(IllegalMove, match="out of play"):
        GAME.apply(play(round_({0: {"attack_a": "Izu"}})), 0, move(0, "Awa-Boso", 0)["move"])
