"""The CreateGame request the matchmaker sends: humans and bots in the seat oneof, JSON config."""

from __future__ import annotations

import json

import pytest

from daimyo_matchmaking.domain import InvalidRequest, SeatSpec
from daimyo_matchmaking.game_client import _create_request
from daimyo_matchmaking.ports import NewGame, RulesCatalog

CATALOG = RulesCatalog()


def test_a_match_becomes_a_create_game_request_with_one_occupant_per_seat() -> None:
    seats = (SeatSpec(player_id="ann", ticket_id="t1", display_name="Ann"), SeatSpec(bot_level="greedy"))
    request = _create_request(
        NewGame("samurai", CATALOG.matchmade_config("samurai", 2), seats, "match-1", '{"per_move": 30}')
    )
    assert [s.WhichOneof("occupant") for s in request.seats] == ["player_id", "bot_level"]
    assert (request.seats[0].player_id, request.seats[0].display_name, request.seats[1].bot_level) == (
        "ann",
        "Ann",
        "greedy",
    )
    assert json.loads(request.config_json) == {"players": 2, "random_setup": True}
    assert (request.command_id, request.time_control_json) == ("match-1", '{"per_move": 30}')


def test_a_matchmade_table_gets_the_games_default_options_from_the_registry() -> None:
    assert CATALOG.matchmade_config("shogun", 5) == {"players": 5, "side": "sun", "setup": "fixed"}
    assert CATALOG.player_counts("shogun") == (3, 4, 5)


def test_a_table_the_game_cannot_seat_or_an_unknown_game_is_an_invalid_request() -> None:
    with pytest.raises(InvalidRequest, match="cannot seat 6"):
        CATALOG.matchmade_config("samurai", 6)
    with pytest.raises(InvalidRequest, match="unknown game 'chess'"):
        CATALOG.player_counts("chess")
