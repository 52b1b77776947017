"""Each game's table options: described for clients, validated into the engine's config."""

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
            game.initial_state({"players": game.max_players, **config}, 7)


def test_samurai_placement_means_no_random_set_up() -> None:
    samurai = get_game("samurai")
    assert samurai.validate_table_options({"setup": "placement"}) == {"random_setup": False}
    assert samurai.validate_table_options({}) == {"random_setup": True}


def test_shogun_offers_the_draft_and_the_moon_side() -> None:
    shogun = get_game("shogun")
    chosen = {"setup": "draft", "side": "moon"}
    assert shogun.validate_table_options(chosen) == chosen


@pytest.mark.parametrize(("options", "message"), [
    ([], "must be a JSON object"),
    ({"setup": "chaos"}, "setup must be one of"),
    ({"players": 9}, "unknown table option 'players'"),
])
def test_wrong_options_are_refused_precisely(options: object, message: str) -> None:
    with pytest.raises(MalformedMove, match=message):
        get_game("samurai").validate_table_options(options)
