"""Socket frames: every well-formed frame parses to its type; anything else is a BadFrame that
says what is wrong and echoes the frame's ref."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from daimyo_bus.messages import PlayerNotice, SeatView
from daimyo_gateway import frames
from daimyo_gateway.frames import (
    BadFrame,
    ChatFrame,
    MoveFrame,
    Ping,
    Subscribe,
    Unsubscribe,
    parse_auth,
    parse_frame,
)


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


@pytest.mark.parametrize("version", [2, 0, "1", True, None])
def test_a_frame_of_another_protocol_version_is_refused_by_its_own_code(version: object) -> None:
    with pytest.raises(BadFrame) as refused:
        parse_frame(json.dumps({"type": "ping", "v": version, "ref": "r"}))
    assert refused.value.code == "unsupported_version" and refused.value.ref == "r"


def test_an_auth_frame_of_another_protocol_version_is_refused() -> None:
    with pytest.raises(BadFrame) as refused:
        parse_auth(json.dumps({"type": "auth", "token": "t", "v": 3}))
    assert refused.value.code == "unsupported_version"
    assert parse_auth(json.dumps({"type": "auth", "token": "t", "v": 1})) == "t"


def test_every_frame_the_gateway_sends_says_its_type_and_the_protocol_version() -> None:
    sent: list[frames.ServerFrame] = [frames.hello("p", "Ann"), frames.pong(1), frames.ack("g", "c", 2, None),
            frames.seat_changed("g", 0, "left", 3, None), frames.resynced("g", 3, None), frames.status(True),
            frames.chat("g", "players", 1, 0, "Ann", "hi", 5), frames.chat_sent("g", "players", 1, "r"),
            frames.error("stale", "behind"), frames.notice("your_turn", {"game_id": "g"}),
            frames.watching("g", 2), frames.names(), frames.seat_presence("g", 1, "lost"),
            frames.view("g", 1, None, {}, to_act=[], finished=False, missed=[], game="samurai", clock=None,
                        takeovers={}, winners=[], abandoned=[])]
    assert sorted(f["type"] for f in sent) == sorted(frames.SERVER_FRAME_TYPES)
    assert all(f["v"] == frames.PROTOCOL_VERSION == 1 for f in sent)
    assert all(json.loads(frames.encode(f)) == f for f in sent)


def test_an_error_carries_a_stable_code_its_arguments_and_an_english_fallback() -> None:
    assert frames.error("rate_limited", "slow down", "r", {"per_second": 5}) == {
        "type": "error", "v": 1, "code": "rate_limited", "args": {"per_second": 5}, "message": "slow down",
        "ref": "r"}
    assert frames.error("stale", "behind")["args"] == {}
    assert "unsupported_version" in frames.ERROR_CODES


def test_a_player_notice_becomes_a_notice_frame_coded_by_its_type() -> None:
    bus = PlayerNotice({"type": "ticket_cancelled", "ticket_id": "t1", "reason": "you went away"})
    assert frames.notice_of(bus) == {"type": "notice", "v": 1, "code": "ticket_cancelled",
                                     "args": {"ticket_id": "t1", "reason": "you went away"}}
    assert set(frames.NOTICE_CODES) == PlayerNotice.TYPES


def test_a_view_the_relay_encodes_speaks_the_same_protocol_version() -> None:
    view = SeatView.build("g", 1, 0, "MovePlayed", view={}, last_move=None, effects=None, to_act=[0],
                          finished=False, clock=None, takeovers={})
    assert json.loads(view.frame)["v"] == frames.PROTOCOL_VERSION


def builds_a_frame(source: str) -> bool:
    """Whether the code holds a dict literal with a "type" key (what a frame is built as)."""
    return any(isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value == "type"
                                                  for k in node.keys)
               for node in ast.walk(ast.parse(source)))


def test_no_gateway_module_but_frames_builds_a_frame() -> None:
    package = Path(frames.__file__).parent
    builders = {path.relative_to(package).as_posix() for path in package.rglob("*.py")
                if builds_a_frame(path.read_text())}
    assert builders <= {"frames.py", "testing.py"}  # testing.py plays the browser's part


@pytest.mark.parametrize("text", [
    '{"type": "ping", "ref": "\\ud800"}',
    '{"type": "chat", "game_id": "g", "text": "a\\udc00b"}',
    '{"type": "ping", "\\uDBFF": 1}',
])
def test_a_lone_surrogate_anywhere_in_a_frame_is_malformed(text: str) -> None:
    with pytest.raises(BadFrame, match="valid Unicode") as refused:
        parse_frame(text)
    assert refused.value.code == "malformed" and refused.value.ref is None


def test_a_surrogate_pair_is_one_character_and_welcome() -> None:
    frame = parse_frame('{"type": "chat", "game_id": "g", "text": "\\ud83d\\ude00"}')
    assert isinstance(frame, ChatFrame) and frame.text == "😀"
