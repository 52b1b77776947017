"""The CreateGame request the matchmaker sends: humans and bots in the seat oneof, JSON config."""

from __future__ import annotations

import json

from daimyo_matchmaking.domain import SeatSpec
from daimyo_matchmaking.game_client import _create_request
from daimyo_matchmaking.ports import NewGame, table_config


def test_a_match_becomes_a_create_game_request_with_one_occupant_per_seat():
    seats = (SeatSpec(player_id="ann", ticket_id="t1", display_name="Ann"), SeatSpec(bot_level="greedy"))
    request = _create_request(
        NewGame("samurai", table_config("samurai", 2), seats, "match-1", '{"per_move": 30}')
    )
    assert [s.WhichOneof("occupant") for s in request.seats] == ["player_id", "bot_level"]
    assert (request.seats[0].player_id, request.seats[0].display_name, request.seats[1].bot_level) == (
        "ann",
        "Ann",
        "greedy",
    )
    assert json.loads(request.config_json) == {"players": 2, "random_setup": True}
    assert (request.command_id, request.time_control_json) == ("match-1", '{"per_move": 30}')


def test_other_games_get_only_the_player_count():
    assert table_config("shogun", 5) == {"players": 5}
