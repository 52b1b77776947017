"""Winter: rice against provinces plus the year's fourth event, revolts from the winter table,
scoring with region majorities, the reset, and the end after two years with its tie-break."""

import pytest

from daimyo_rules.core import ReplayError, Rng
from daimyo_rules.shogun import rules
from tests.unit.rules.shogun.script import GAME, chance, play, province, round_

REVOLTS = [chance("winter_revolts", seat=s, provinces=names) for s, names in (
    (0, ["Suruga", "Izu", "Mino"]), (1, ["Yamato", "Kii", "Ise"]), (2, ["Bizen", "Omi", "Bingo"]))]
QUIET_YEAR = [*round_({}, event=7), *round_({}, event=8), *round_({}, event=10)]


def test_a_player_with_enough_rice_has_no_winter_revolts_and_scores_a_point_per_province() -> None:
    rich = [*round_({0: {"rice": "Mino"}, 1: {"rice": "Kaga"}, 2: {"rice": "Hoki"}}, event=7),
            *round_({0: {"rice": "Sagami"}, 1: {"rice": "Shimosa"}, 2: {"rice": "Bingo"}}, event=8),
            *round_({0: {"rice": "Tajima"}, 1: {"rice": "Kii"}, 2: {"rice": "Etchu"}}, event=10)]
    state = play(rich, events=[7, 8, 10, 12])
    assert GAME.summary(state)["vp"] == {"0": 9, "1": 9, "2": 9}
    assert GAME.summary(state)["rice"] == {"0": 0, "1": 0, "2": 0}
    assert province(state, "Mino")["revolt_markers"] == 0


def test_the_shortfall_draws_revolts_from_the_winter_table() -> None:
    state = play(QUIET_YEAR, events=[7, 8, 10, 12])  # 9 provinces + 1 loss - 0 rice: 7+ -> 3 revolts
    assert state.pending == ("winter_revolts", (0, 3))
    with pytest.raises(ReplayError, match="3 different provinces"):
        play([*QUIET_YEAR, chance("winter_revolts", seat=0, provinces=["Mino", "Mino", "Izu"])],
             events=[7, 8, 10, 12])
    with pytest.raises(ReplayError, match="provinces it owns"):
        play([*QUIET_YEAR, chance("winter_revolts", seat=0, provinces=["Mino", "Yamato", "Izu"])],
             events=[7, 8, 10, 12])


def test_winter_revolts_fight_markers_plus_the_tables_extra_peasants() -> None:
    revolts = REVOLTS
    state = play([*QUIET_YEAR, *revolts], events=[7, 8, 10, 12])
    assert province(state, "Suruga")["armies"] == 2 and province(state, "Izu")["owner"] is None
    assert GAME.summary(state)["vp"] == {"0": 8, "1": 7, "2": 8}  # Izu, Kii, Ise and Bingo fell
    assert GAME.summary(state)["year"] == 1
    assert state.pending is not None and state.pending[0] == "event_cards"


def test_year_two_events_come_from_the_eight_cards_not_turned_up() -> None:
    revolts = REVOLTS
    with pytest.raises(ReplayError, match="4 different cards"):
        play([*QUIET_YEAR, *revolts, chance("event_cards", cards=[1, 2, 3, 7])], events=[7, 8, 10, 12])
    state = play([*QUIET_YEAR, *revolts, chance("event_cards", cards=[1, 2, 3, 4])], events=[7, 8, 10, 12])
    assert GAME.summary(state)["year"] == 2 and GAME.summary(state)["season"] == "spring"


def test_region_majorities_give_3_2_1_and_one_less_to_tied_leaders() -> None:
    state = GAME.from_json(GAME.to_json(play([])))
    index = {name: i for i, name in enumerate(GAME.view(state, None)["provinces"])}
    state.buildings[index["Mino"]] = 1  # red castle, seat 0
    state.buildings[index["Hida"]] = 1  # red castle, seat 2
    state.buildings[index["Echizen"]] = 2  # red temple, seat 1
    state.buildings[index["Shimotsuke"]] = 1  # brown castle, seat 1
    rows = rules.score_breakdown(state)
    assert [r["majorities"] for r in rows] == [2, 2 + 3, 2]
    assert [r["buildings"] for r in rows] == [1, 2, 1]


def test_the_most_vp_wins_then_the_most_chests_then_the_victory_is_shared() -> None:
    state = GAME.from_json(GAME.to_json(play([])))
    state.vp, state.chests = [30, 30, 12], [4, 9, 20]
    rules._end_game(state)
    assert state.winners == [1]
    state.chests = [9, 9, 20]
    rules._end_game(state)
    assert state.winners == [0, 1]


def test_a_game_ends_after_the_second_winter_with_an_outcome() -> None:
    state, rng = GAME.initial_state({"players": 3}, 21), Rng(21)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    summary = GAME.summary(state)
    assert (summary["year"], summary["season"], summary["finished"]) == (2, "winter", True)
    assert summary["to_act"] == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == summary["winners"] != []
    scorings = [e for e in GAME.chance_log(state) if e["chance"]["type"] == "event_cards"]
    assert len(scorings) == 2
