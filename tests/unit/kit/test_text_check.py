"""Finding what Postgres cannot store before it gets there: NUL characters in protobuf requests,
NaN and Infinity in JSON."""

import pytest

from daimyo_kit.text_check import json_loads, nul_field
from daimyo_proto.daimyo.game.v1 import game_pb2


def test_a_clean_request_has_no_nul_field() -> None:
    assert nul_field(game_pb2.SubmitMoveRequest(game_id="g", move_json="{}")) is None


def test_a_nul_in_a_plain_field_is_named() -> None:
    assert nul_field(game_pb2.SubmitMoveRequest(game_id="g", move_json='{"x": "\x00"}')) == "move_json"


def test_a_nul_in_a_repeated_nested_message_is_named() -> None:
    request = game_pb2.CreateGameRequest(game="samurai", seats=[game_pb2.Seat(player_id="ok"),
                                                                game_pb2.Seat(display_name="a\x00")])
    assert nul_field(request) == "display_name"


def test_json_text_with_nan_or_infinity_is_refused_by_name() -> None:
    assert json_loads('{"a": [1, 2.5, null]}') == {"a": [1, 2.5, None]}
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(ValueError, match=f"{constant} is not a JSON number"):
            json_loads(f'{{"a": {constant}}}')
