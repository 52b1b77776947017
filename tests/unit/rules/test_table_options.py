"""Each game's table options: described for clients (`table_options`), validated into the
engine's config (`validate_table_options`)."""

from __future__ import annotations

import pytest

from daimyo_rules import get_game
from daimyo_rules.core import MalformedMove


@pytest.mark.parametrize("name", ["samurai", "shogun"])
def test_every_described_choice_is_accepted_and_starts_a_game(name: str) -> None:
    game = get_game(name)
    for option, schema in game.table_options().items():
        for choice in schema["choices"]:
            config = game.validate_table_options({option: choice["value"]})
            game.initial_state({"players": max(game.player_counts()), **config}, 7)


def test_samurai_full_set_up_means_figure_placement_then_chosen_hands() -> None:
    samurai = get_game("samurai")
    assert samurai.validate_table_options({"random_setup": False}) == {"random_setup": False}
    assert samurai.validate_table_options({}) == {"random_setup": True}


def test_shogun_offers_the_draft_and_the_moon_side() -> None:
    chosen = get_game("shogun").validate_table_options({"setup": "draft", "side": "moon"})
    assert chosen == {"setup": "draft", "side": "moon"}


@pytest.mark.parametrize(("options", "message"), [
    ([], "must be a JSON object"),
    ({"random_setup": "chaos"}, 'random_setup must be one of true, false, not "chaos"'),
    ({"random_setup": 1}, "not 1"),
    ({"players": 9}, "unknown table option 'players'"),
])
def test_wrong_options_are_refused_precisely(options: object, message: str) -> None:
    with pytest.raises(MalformedMove, match=message):
        get_game("samurai").validate_table_options(options)
