"""The typed JSON frames of the browser socket, checked before anything acts on them.

client → server: first `auth {token}` (the token never travels in the URL), then
`subscribe {game_id, as: <seat>|"spectator", since_version}`,
`unsubscribe {game_id}`, `move {game_id, move, expected_version, command_id}`, `ping`,
`leave {game_id}` (a bot plays your seat from now on), `reclaim {game_id}` (take it back),
`chat {game_id, text, channel?}` (a chat line; see the gateway README).
server → client: `hello`, `view`, `resynced`, `ack`, `seat {game_id, seat, action, version}`,
`error {code, message, ref}`, `match_found`, `pong`. Any frame may carry `ref`, a short scalar
(a string of at most 64 characters, a number, a boolean); an error about the frame echoes it.
"""

from __future__ import annotations

import json
import math
import uuid
from dataclasses import dataclass
from typing import Any

MAX_FRAME_BYTES = 64 * 1024
MAX_ID_LENGTH = 100
MAX_VERSION = 2**63 - 1  # versions travel as int64 over gRPC
MAX_REF_LENGTH = 64


class BadFrame(Exception):
    """The frame cannot be understood; the socket answers with an error frame and carries on."""

    def __init__(self, message: str, ref: Any = None) -> None:
        super().__init__(message)
        self.ref = ref


@dataclass(frozen=True)
class Subscribe:
    game_id: str
    seat: int | None  # None: as a spectator
    since_version: int | None
    ref: Any = None


@dataclass(frozen=True)
class Unsubscribe:
    game_id: str
    ref: Any = None


@dataclass(frozen=True)
class MoveFrame:
    game_id: str
    move: dict[str, Any]
    expected_version: int
    command_id: str
    ref: Any = None


@dataclass(frozen=True)
class Ping:
    ref: Any = None


@dataclass(frozen=True)
class Leave:
    """Resign the seat: a bot plays it for the rest of the game (the player may reclaim it)."""

    game_id: str
    ref: Any = None


@dataclass(frozen=True)
class Reclaim:
    game_id: str
    ref: Any = None


@dataclass(frozen=True)
class ChatFrame:
    """A chat line for a game: `channel` "players" | "spectators" (None: the sender's own)."""

    game_id: str
    channel: str | None
    text: str
    ref: Any = None


Frame = Subscribe | Unsubscribe | MoveFrame | Ping | Leave | Reclaim | ChatFrame
CHAT_CHANNELS = ("players", "spectators")
MAX_CHAT_TEXT = 2000  # the game service allows 500 characters; this only bounds the frame


def _chat(data: dict[str, Any], ref: Any) -> ChatFrame:
    text, channel = data.get("text"), data.get("channel")
    if not isinstance(text, str) or len(text) > MAX_CHAT_TEXT:
        raise BadFrame("text must be a string")
    if channel is not None and channel not in CHAT_CHANNELS:
        raise BadFrame(f"channel must be one of {', '.join(CHAT_CHANNELS)}")
    return ChatFrame(_game_id(data), channel, text, ref)


def parse_frame(text: str) -> Frame:
    if len(text) > MAX_FRAME_BYTES:
        raise BadFrame(f"frame larger than {MAX_FRAME_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # RecursionError: nested too deep to parse
        raise BadFrame(f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise BadFrame("a frame is a JSON object with a 'type'")
    ref = _ref(data.get("ref"))
    kind = data.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None  # a list or object is no key
    if parser is None:
        raise BadFrame(f"unknown frame type {kind!r}; expected one of {', '.join(_PARSERS)}", ref)
    try:
        frame: Frame = parser(data, ref)
    except BadFrame as e:
        raise BadFrame(str(e), ref) from None
    return frame


def _ref(value: Any) -> Any:
    """The frame's ref, if it is a short scalar (it is echoed back, so it must stay small)."""
    if value is None or (isinstance(value, bool | int) and abs(value) <= MAX_VERSION):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    if isinstance(value, str) and len(value) <= MAX_REF_LENGTH:
        return value
    raise BadFrame(f"ref must be a string of at most {MAX_REF_LENGTH} characters, a number or a boolean")


def parse_auth(text: str) -> str:
    """The token of the socket's first frame, `{"type": "auth", "token": "..."}`; "" for a visitor's
    `{"type": "auth", "visitor": true}` (who may only watch)."""
    try:
        data = json.loads(text) if len(text) <= MAX_FRAME_BYTES else None
    except (ValueError, RecursionError):
        data = None
    auth = data if isinstance(data, dict) and data.get("type") == "auth" else {}
    token = auth.get("token")
    if token is None and auth.get("visitor") is True:
        return ""
    if not isinstance(token, str) or not token:
        raise BadFrame('the first frame must be {"type": "auth", "token": "<your token>"}')
    return token


def _game_id(data: dict[str, Any]) -> str:
    value = data.get("game_id")
    if not isinstance(value, str) or not value or len(value) > MAX_ID_LENGTH:
        raise BadFrame("game_id must be a non-empty string")
    return value


def _optional_version(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VERSION:
        raise BadFrame(f"{name} must be an integer from 0 to {MAX_VERSION}")
    return value


def _subscribe(data: dict[str, Any], ref: Any) -> Subscribe:
    who = data.get("as")
    if who == "spectator":
        seat = None
    elif isinstance(who, int) and not isinstance(who, bool) and 0 <= who < 16:
        seat = who
    else:
        raise BadFrame("'as' must be a seat number or \"spectator\"")
    return Subscribe(_game_id(data), seat, _optional_version(data.get("since_version"), "since_version"), ref)


def _move(data: dict[str, Any], ref: Any) -> MoveFrame:
    move = data.get("move")
    if not isinstance(move, dict):
        raise BadFrame("move must be a JSON object")
    expected = _optional_version(data.get("expected_version"), "expected_version") or 0
    command_id = data.get("command_id") or uuid.uuid4().hex
    if not isinstance(command_id, str) or len(command_id) > MAX_ID_LENGTH:
        raise BadFrame("command_id must be a string")
    return MoveFrame(_game_id(data), move, expected, command_id, ref)


_PARSERS: dict[str, Any] = {
    "subscribe": _subscribe,
    "unsubscribe": lambda data, ref: Unsubscribe(_game_id(data), ref),
    "move": _move,
    "ping": lambda data, ref: Ping(ref),
    "leave": lambda data, ref: Leave(_game_id(data), ref),
    "reclaim": lambda data, ref: Reclaim(_game_id(data), ref),
    "chat": _chat,
}
