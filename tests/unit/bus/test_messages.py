"""Bus messages: each encodes and decodes to itself, malformed bytes are refused precisely, and a
view's frame is the browser's frame, forwarded as it was encoded."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daimyo_bus import messages, subjects
from daimyo_bus.messages import (
    AudienceCount,
    BadMessage,
    ChatLine,
    GameNotices,
    GameResult,
    NamesChanged,
    OnlineBeat,
    PlayerNotice,
    PresenceBeat,
    ResultSeat,
    SeatAbandoned,
    SeatConnection,
    SeatNotice,
    SeatView,
    SessionsRevoked,
    TableChallenge,
    TurnNotice,
    TurnSeat,
    WatchView,
)

SCALARS = st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.text()
JSONISH = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(), inner, max_size=4), max_leaves=12)
PASS = {"seat": 0, "move": {"type": "pass"}}


def seat_view(view: object = None, seat: int = 1) -> SeatView:
    return SeatView.build("g1", 7, seat, "MoveMade", view=view, last_move=PASS, effects=None,
                          to_act=[1], finished=False, clock=None, takeovers={})


EXAMPLES = [
    (subjects.seat("g1", 1), seat_view({"hand": ["a"]})),
    (subjects.watch("g1"), WatchView.build(
        "g1", 7, None, "GameFinished", view={"board": []}, last_move=None, effects={"public": 1}, to_act=[],
        finished=True, clock={"remaining": [1, 2]}, takeovers={"0": {"level": "greedy"}})),
    (subjects.turn("g1"), TurnNotice("g1", 7, "samurai", (0, 2), (TurnSeat(0, None), TurnSeat(2, "mcts")),
                                     False, True)),
    (subjects.finished("g1"), GameResult("g1", "shogun", 90, {"winners": [1]}, (
        ResultSeat(0, "ann", None, True), ResultSeat(1, None, "greedy", False)), (0,))),
    (subjects.abandoned("g1"), SeatAbandoned("g1", "samurai", 12, 0, "ann")),
    (subjects.notices("g1"), GameNotices("g1", "samurai", 4, (
        SeatNotice("your_turn", 1, "bea", 1764600000000), SeatNotice("game_found", 0, "ann")))),
    (subjects.presence("g1", 0), PresenceBeat("ann", 1764600000.25)),
    (subjects.challenge("T1"), TableChallenge("T1", "samurai", "host", "Ann", ("bea", "cy"))),
    (subjects.player("ann"), PlayerNotice.match_found("g1", 0, "samurai", "t-1")),
    (subjects.player("ann"), PlayerNotice({"type": "your_turn", "game_id": "g1", "version": 9, "seat": 0})),
    (subjects.online("ann"), OnlineBeat("ann", 1764600000.5, gone=True)),
    (subjects.chat("g1", "players"), ChatLine({"type": "chat", "game_id": "g1", "text": "hi", "id": 3})),
    (subjects.sessions_revoked(), SessionsRevoked(("s1", "s2"), "t9")),
    (subjects.names_changed(), NamesChanged(("ann",))),
    (subjects.connection("g1"), SeatConnection(2, "ann", "lost", 1764600000.75)),
    (subjects.audience("g1"), AudienceCount("gw-a", 3, 1764600001.0, ask=True)),
]


@pytest.mark.parametrize(("subject", "message"), EXAMPLES, ids=lambda x: type(x).__name__)
def test_every_message_decodes_from_its_subject_to_itself(subject: str, message: object) -> None:
    assert messages.decode(subject, message.encode()) == message  # type: ignore[attr-defined]


@given(JSONISH, st.integers(0, 4))
def test_any_view_survives_the_round_trip_and_is_the_browser_frame(view: object, seat: int) -> None:
    sent = seat_view(view, seat)
    got = messages.decode(subjects.seat("g1", seat), sent.encode())
    assert got == sent and isinstance(got, SeatView)
    assert json.loads(got.frame) == {
        "type": "view", "v": 1, "game_id": "g1", "version": 7, "seat": seat, "view": view,
        "last_move": PASS, "effects": None, "to_act": [1],
        "finished": False, "clock": None, "takeovers": {}, "winners": [], "abandoned": []}


def test_a_view_frame_carries_no_newline_so_the_envelope_splits_exactly() -> None:
    sent = seat_view({"text": "two\nlines"})
    assert sent.frame.count(b"\n") == 0 and sent.encode().count(b"\n") == 1
    assert sent.view == {"text": "two\nlines"}


@pytest.mark.parametrize(("subject", "data", "complaint"), [
    (subjects.seat("g1", 0), b'{"game_id": "g1", "version": 1, "seat": 0, "event": "x"}', "envelope line"),
    (subjects.seat("g1", 0), b'{"game_id": "g1", "version": "1", "seat": 0, "event": "x"}\n{}', "version"),
    (subjects.turn("g1"), b'{"game_id": "g1", "version": 1, "game": "samurai", "to_act": ["0"]}', "to_act"),
    (subjects.finished("g1"), b'{"game_id": "g1"}', "missing 'game'"),
    (subjects.presence("g1", 0), b'{"player_id": "ann", "at": "now"}', "at must be a number"),
    (subjects.player("ann"), b'{"type": "surprise", "game_id": "g1", "seat": 0, "game": "x"}', "unknown"),
    (subjects.notices("g1"), b'{"game_id": "g1", "game": "x", "version": 1, "notices": [{"kind": "spam",'
                             b' "seat": 0, "player_id": "ann"}]}', "unknown seat notice"),
    (subjects.turn("g1"), b"not json", "not JSON"),
    (subjects.turn("g1"), b"[1, 2]", "JSON object"),
    ("daimyo.elsewhere.g1", b"{}", "not a game subject"),
])
def test_malformed_bytes_are_refused_with_what_is_wrong(subject: str, data: bytes, complaint: str) -> None:
    with pytest.raises(BadMessage, match=complaint):
        messages.decode(subject, data)


def test_a_publisher_may_add_a_field_before_its_consumers_read_it() -> None:
    data = b'{"game_id": "g1", "version": 3, "game": "samurai", "to_act": [1], "finished": false,' \
           b' "seats": [{"seat": 1, "bot_level": null, "person": true}], "new": 1}'
    expected = TurnNotice("g1", 3, "samurai", (1,), (TurnSeat(1, None),), False)
    assert messages.decode(subjects.turn("g1"), data) == expected


def test_the_subject_names_which_message_it_carries() -> None:
    kinds = [subjects.kind_of(subject) for subject, _ in EXAMPLES]
    assert kinds == ["seat", "watch", "turn", "finished", "abandoned", "notices", "presence", "challenge",
                     "player", "player",
                     "online", "chat", "sessions", "names", "connection", "audience"]


@pytest.mark.parametrize(("subject", "data"), [
    (subjects.player("ann"), b'{"type":"make_me_admin"}'),
    (subjects.online("ann"), b'{"player_id":"ann","at":1,"gone":"yes"}'),
    (subjects.chat("g1", "players"), b'{"type":"view","game_id":"g1","text":"x"}'),
    (subjects.names_changed(), b'{"player_ids":"ann"}'),
    (subjects.names_changed(), b'{"player_ids":[' + b",".join([b'"p"'] * 101) + b"]}"),
    (subjects.connection("g1"), b'{"seat":0,"player_id":"ann","state":"asleep","at":1}'),
    (subjects.connection("g1"), b'{"seat":-1,"player_id":"ann","state":"lost","at":1}'),
    (subjects.audience("g1"), b'{"replica":"gw-a","count":-2,"at":1}'),
    (subjects.audience("g1"), b'{"replica":"gw-a","count":2,"at":true}'),
], ids=["unknown player notice", "gone not a boolean", "chat not typed chat", "names not a list",
        "too many names", "unknown connection state", "negative seat", "negative count", "a boolean time"])
def test_a_message_of_the_wrong_shape_for_its_subject_is_refused(subject: str, data: bytes) -> None:
    with pytest.raises(messages.BadMessage):
        messages.decode(subject, data)
