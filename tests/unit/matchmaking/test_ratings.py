"""Ratings from finished-game messages: ties for shared victories, bots leave ratings alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from daimyo_matchmaking.domain import PlayerRating
from daimyo_matchmaking.ratings import parse_finished, ranks_for, rate


def message(
    seats: Sequence[Mapping[str, object]], winners: list[int], **outcome: list[int]
) -> dict[str, Any]:
    return {"game_id": "g1", "game": "samurai", "seats": seats, "outcome": {"winners": winners, **outcome}}


HUMANS = [{"player_id": "a"}, {"player_id": "b"}, {"player_id": "c"}]


def test_winners_rank_first_and_everyone_else_ties_second() -> None:
    assert ranks_for(parse_finished(message(HUMANS, [1]))) == [2, 1, 2]


def test_a_shared_victory_is_a_tie_for_first() -> None:
    assert ranks_for(parse_finished(message(HUMANS, [0, 2]))) == [1, 2, 1]


def test_scores_order_the_players_who_did_not_win() -> None:
    assert ranks_for(parse_finished(message(HUMANS, [2], scores=[1, 4, 9]))) == [3, 2, 1]


def test_the_engines_ranking_wins_over_scores() -> None:
    assert ranks_for(parse_finished(message(HUMANS, [0], ranking=[1, 3, 2], scores=[1, 9, 5]))) == [1, 3, 2]


def test_the_game_services_seat_shape_with_null_player_ids_means_bots() -> None:
    seats: list[dict[str, object]] = [
        {"seat": 0, "player_id": "a", "bot_level": None},
        {"seat": 1, "player_id": None, "bot_level": "mcts"},
    ]
    finished = parse_finished(message(seats, [1]))
    assert finished.seats == ("a", None) and not finished.rated


def test_a_game_with_a_bot_seat_is_not_rated() -> None:
    finished = parse_finished(message([{"player_id": "a"}, {"bot_level": "greedy"}], [0]))
    assert not finished.rated and finished.players == ["a"]


def test_an_all_human_game_is_rated() -> None:
    assert parse_finished(message(HUMANS, [0])).rated


def test_a_malformed_message_is_refused() -> None:
    with pytest.raises(ValueError):
        parse_finished({"game": "samurai"})
    with pytest.raises(ValueError):
        parse_finished(message(HUMANS, [7]))


def test_the_winner_gains_and_the_losers_lose() -> None:
    before = [PlayerRating(p, "samurai") for p in "abc"]
    after = rate(before, [1, 2, 2])
    assert after[0].mu > 25.0 > after[1].mu
    assert after[1].mu == pytest.approx(after[2].mu)
    assert all(r.games == 1 and r.sigma < before[0].sigma for r in after)


def test_a_tie_between_equals_moves_nobody_much() -> None:
    after = rate([PlayerRating("a", "samurai"), PlayerRating("b", "samurai")], [1, 1])
    assert after[0].mu == pytest.approx(after[1].mu) == pytest.approx(25.0, abs=0.01)


def test_an_abandoned_seat_ranks_last_even_when_its_bot_won() -> None:
    data = {**message(HUMANS, [0], ranking=[1, 2, 3]), "abandoned": [0]}
    assert ranks_for(parse_finished(data)) == [4, 2, 3]


def test_abandoned_seats_tie_for_last() -> None:
    data = {**message([*HUMANS, {"player_id": "d"}], [1], scores=[9, 8, 7, 1]), "abandoned": [0, 2]}
    assert ranks_for(parse_finished(data)) == [5, 1, 5, 4]


def test_an_abandoned_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError):
        parse_finished({**message(HUMANS, [0]), "abandoned": [7]})


def test_abandoning_costs_rating_against_the_players_who_stayed() -> None:
    finished = parse_finished({**message(HUMANS[:2], [0]), "abandoned": [0]})
    before = [PlayerRating("a", "samurai"), PlayerRating("b", "samurai")]
    after = rate(before, ranks_for(finished))
    assert after[0].mu < before[0].mu < after[1].mu
