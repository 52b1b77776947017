"""Honest winners: a seat a bot finished for an absent player is never reported as a win."""

from __future__ import annotations

from daimyo_game.results import honest_winners


def test_winners_who_stayed_are_kept() -> None:
    assert honest_winners({"winners": [1]}, {0}) == [1]


def test_an_abandoned_winner_is_dropped_and_the_best_who_stayed_wins() -> None:
    assert honest_winners({"winners": [0], "ranking": [1, 3, 2]}, {0}) == [2]
    assert honest_winners({"winners": [0], "scores": [9, 4, 7]}, {0}) == [2]


def test_without_an_order_an_abandoned_winner_leaves_no_winner() -> None:
    assert honest_winners({"winners": [0]}, {0}) == []
    assert honest_winners({"winners": [0, 1], "ranking": [1, 1]}, {0, 1}) == []


def test_no_outcome_no_winners() -> None:
    assert honest_winners(None, set()) == []
