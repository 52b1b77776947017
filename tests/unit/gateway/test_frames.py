"""Socket frames: every well-formed frame parses to its type; anything else is a BadFrame that
says what is wrong and echoes the frame's ref."""

from __future__ import annotations

import json

import pytest

from daimyo_gateway.frames import BadFrame, MoveFrame, Ping, Subscribe, Unsubscribe, parse_frame


def test_a_subscribe_as_a_seat_or_a_spectator_parses() -> None:
    assert parse_frame('{"type": "subscribe", "game_id": "g1", "as": 2, "since_version": 7}') == \
        Subscribe("g1", 2, 7)
    spectator = parse_frame('{"type": "subscribe", "game_id": "g1", "as": "spectator"}')
    assert spectator == Subscribe("g1", None, None)


def test_a_move_parses_and_gets_a_command_id_when_it_has_none() -> None:
    frame = parse_frame(json.dumps({"type": "move", "game_id": "g", "move": {"type": "pass"},
                                    "expected_version": 3, "ref": "r"}))
    assert isinstance(frame, MoveFrame)
    assert frame.move == {"type": "pass"} and frame.expected_version == 3 and frame.ref == "r"
    assert frame.command_id


def test_ping_and_unsubscribe_parse() -> None:
    assert parse_frame('{"type": "ping", "ref": 1}') == Ping(1)
    assert parse_frame('{"type": "unsubscribe", "game_id": "g"}') == Unsubscribe("g")


@pytest.mark.parametrize("text, fragment", [
    ("nope", "not JSON"),
    ("[1]", "JSON object"),
    ('{"type": "dance"}', "unknown frame type"),
    ('{"type": "subscribe", "as": 0}', "game_id"),
    ('{"type": "subscribe", "game_id": "g", "as": "owner"}', "'as'"),
    ('{"type": "subscribe", "game_id": "g", "as": true}', "'as'"),
    ('{"type": "subscribe", "game_id": "g", "as": 0, "since_version": -1}', "since_version"),
    ('{"type": "move", "game_id": "g", "move": []}', "move must be"),
    ('{"type": "move", "game_id": "g", "move": {}, "expected_version": "3"}', "expected_version"),
    ('{"type": "move", "game_id": "g", "move": {}, "command_id": 5}', "command_id"),
])
def test_a_malformed_frame_says_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(BadFrame, match=fragment):
        parse_frame(text)


def test_a_bad_frame_echoes_its_ref() -> None:
    with pytest.raises(BadFrame) as caught:
        parse_frame('{"type": "subscribe", "ref": "abc"}')
    assert caught.value.ref == "abc"


def test_an_oversized_frame_is_refused_before_parsing() -> None:
    with pytest.raises(BadFrame, match="larger"):
        parse_frame(" " * 70_000)
