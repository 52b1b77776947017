"""Subject names: one place, tokens that cannot reach another game's or seat's subject."""

from __future__ import annotations

import pytest

from daimyo_bus import subjects


def test_each_seat_has_its_own_subject() -> None:
    assert subjects.seat("g1", 0) == "daimyo.game.g1.seat.0"
    assert subjects.seat("g1", 3) == "daimyo.game.g1.seat.3"


def test_spectators_turns_and_results_have_per_game_subjects() -> None:
    assert subjects.watch("g1") == "daimyo.game.g1.watch"
    assert subjects.turn("g1") == "daimyo.game.g1.turn"
    assert subjects.finished("g1") == "daimyo.game.g1.finished"


def test_a_player_has_a_personal_subject() -> None:
    assert subjects.player("p-42") == "daimyo.player.p-42"


@pytest.mark.parametrize("sneaky", ["g1.seat.1", "*", ">", "g 1", "", "g1.>"])
def test_ids_that_would_widen_a_subject_are_refused(sneaky: str) -> None:
    with pytest.raises(ValueError):
        subjects.seat(sneaky, 0)
    with pytest.raises(ValueError):
        subjects.player(sneaky)


def test_a_negative_seat_is_refused() -> None:
    with pytest.raises(ValueError):
        subjects.seat("g1", -1)


def test_game_subjects_parse_back_into_their_parts() -> None:
    assert subjects.parse_game_subject(subjects.seat("g1", 2)) == subjects.GameSubject("g1", "seat", 2)
    assert subjects.parse_game_subject(subjects.turn("g1")) == subjects.GameSubject("g1", "turn")


@pytest.mark.parametrize(
    "other", ["daimyo.player.p1", "daimyo.game.g1", "daimyo.game.g1.seat.x", "daimyo.game.g1.hand"]
)
def test_other_subjects_do_not_parse_as_game_subjects(other: str) -> None:
    with pytest.raises(ValueError):
        subjects.parse_game_subject(other)


def test_the_games_stream_keeps_only_what_a_durable_consumer_reads() -> None:
    assert subjects.GAMES_STREAM_SUBJECTS == ("daimyo.game.*.finished", "daimyo.game.*.abandoned",
                                              "daimyo.game.*.notices", "daimyo.table.*.challenge")
    assert subjects.ALL_CHALLENGES == "daimyo.table.*.challenge"
    assert subjects.challenge("T1") == "daimyo.table.T1.challenge"
    assert subjects.kind_of("daimyo.table.T1.challenge") == "challenge"
    assert subjects.ALL_NOTICES == "daimyo.game.*.notices"
    assert subjects.notices("g1") == "daimyo.game.g1.notices"
    assert subjects.ALL_TURNS == "daimyo.game.*.turn"
    assert subjects.ALL_FINISHED == "daimyo.game.*.finished"
