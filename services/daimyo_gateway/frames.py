"""Browser protocol v1: every frame the gateway accepts or sends, typed, in one module.

client → server (each may carry `v`, the protocol version: absent means 1, any other value is
answered with error `unsupported_version` and changes nothing): first `auth {token}` (the token
never travels in the URL), then `subscribe {game_id, as: <seat>|"spectator", since_version}`,
`unsubscribe {game_id}`, `move {game_id, move, expected_version, command_id}`, `ping`,
`leave {game_id}` (a bot plays your seat from now on), `reclaim {game_id}` (take it back),
`chat {game_id, text, channel?}` (a chat line; see the gateway README).

server → client (every one carries `"v": 1`): `hello`, `view`, `resynced`, `ack`, `seat`, `pong`,
`status`, `chat`, `chat_sent`, `watching {game_id, count}`, `presence {game_id, seat, state:
lost|back}` (a seat's player lost every socket, or is back), `names` (a player the page shows was
renamed or erased: ask again for the names shown), `error {code, args, message, ref}` and
`notice {code, args}` — the
player notices of the bus (`NOTICE_CODES`) as one frame type, so a page renders each from its
stable code and arguments in its own language. An error's `message` is an English fallback for
API users; its `code` (one of `ERROR_CODES`) and `args` are what a page shows. Any frame may carry
`ref`, a short scalar (a string of at most 64 characters, a number, a boolean); an answer to a
frame echoes it. The same contract, for the client, is `static/shell/protocol.js`.

A `view` frame from the bus arrives already encoded by the game service's relay
(`daimyo_bus.messages`, which writes the same `v`); the gateway forwards those bytes untouched.
"""

from __future__ import annotations

import json
import math
import re
import uuid
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, cast

from daimyo_bus import messages
from daimyo_bus.messages import BROWSER_PROTOCOL, ChatLine, PlayerNotice
from daimyo_gateway.ports import CODES

PROTOCOL_VERSION = BROWSER_PROTOCOL  # the relay encodes views with the same number

MAX_FRAME_BYTES = 64 * 1024
MAX_ID_LENGTH = 100
MAX_VERSION = 2**63 - 1  # versions travel as int64 over gRPC
MAX_REF_LENGTH = 64


class BadFrame(Exception):
    """The frame cannot be understood; the socket answers with an error frame and carries on."""

    def __init__(self, message: str, ref: Any = None, code: str = "malformed",
                 args: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.ref = ref
        self.code = code
        self.arguments = args or {}


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
        raise BadFrame("text must be a string", args={"field": "text"})
    if channel is not None and channel not in CHAT_CHANNELS:
        raise BadFrame(f"channel must be one of {', '.join(CHAT_CHANNELS)}",
                       args={"field": "channel", "choices": list(CHAT_CHANNELS)})
    return ChatFrame(_game_id(data), channel, text, ref)


def parse_frame(text: str) -> Frame:
    if len(text) > MAX_FRAME_BYTES:
        raise BadFrame(f"frame larger than {MAX_FRAME_BYTES} bytes", args={"max_bytes": MAX_FRAME_BYTES})
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # RecursionError: nested too deep to parse
        raise BadFrame(f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise BadFrame("a frame is a JSON object with a 'type'")
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(data):
        raise BadFrame("a frame's strings must be valid Unicode: a lone surrogate (\\ud800-\\udfff) is "
                       "not a character", args={"field": "text"})
    ref = _ref(data.get("ref"))
    _check_version(data, ref)
    kind = data.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None  # a list or object is no key
    if parser is None:
        raise BadFrame(f"unknown frame type {kind!r}; expected one of {', '.join(_PARSERS)}", ref,
                       args={"field": "type", "choices": list(_PARSERS)})
    try:
        frame: Frame = parser(data, ref)
    except BadFrame as e:
        raise BadFrame(str(e), ref, e.code, e.arguments) from None
    return frame


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # how JSON spells half of a UTF-16 pair


def _has_lone_surrogate(data: Any) -> bool:
    """A pair (an emoji written as two escapes) decodes to one character; half of one stays a
    surrogate, which nothing downstream can encode (gRPC, the log, the frame echoing a ref)."""
    try:
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return True
    return False


def _check_version(data: dict[str, Any], ref: Any) -> None:
    """A frame without `v` is version 1; any other version is refused before anything acts."""
    version = data.get("v", PROTOCOL_VERSION)
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise BadFrame(f"protocol version {version!r} is not spoken here; this gateway speaks "
                       f"{PROTOCOL_VERSION}", ref, "unsupported_version",
                       {"version": version if isinstance(version, int | str) else None,
                        "supported": PROTOCOL_VERSION})


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
    if auth:
        _check_version(auth, None)
    token = auth.get("token")
    if token is None and auth.get("visitor") is True:
        return ""
    if not isinstance(token, str) or not token:
        raise BadFrame('the first frame must be {"type": "auth", "token": "<your token>"}')
    return token


def _game_id(data: dict[str, Any]) -> str:
    value = data.get("game_id")
    if not isinstance(value, str) or not value or len(value) > MAX_ID_LENGTH:
        raise BadFrame("game_id must be a non-empty string", args={"field": "game_id"})
    return value


def _optional_version(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VERSION:
        raise BadFrame(f"{name} must be an integer from 0 to {MAX_VERSION}",
                       args={"field": name, "low": 0, "high": MAX_VERSION})
    return value


def _subscribe(data: dict[str, Any], ref: Any) -> Subscribe:
    who = data.get("as")
    if who == "spectator":
        seat = None
    elif isinstance(who, int) and not isinstance(who, bool) and 0 <= who < 16:
        seat = who
    else:
        raise BadFrame("'as' must be a seat number or \"spectator\"", args={"field": "as"})
    return Subscribe(_game_id(data), seat, _optional_version(data.get("since_version"), "since_version"), ref)


def _move(data: dict[str, Any], ref: Any) -> MoveFrame:
    move = data.get("move")
    if not isinstance(move, dict):
        raise BadFrame("move must be a JSON object", args={"field": "move"})
    expected = _optional_version(data.get("expected_version"), "expected_version") or 0
    command_id = data.get("command_id") or uuid.uuid4().hex
    if not isinstance(command_id, str) or len(command_id) > MAX_ID_LENGTH:
        raise BadFrame("command_id must be a string", args={"field": "command_id"})
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


# -- server → client ----------------------------------------------------------------------------
# One TypedDict per frame and one constructor each: the dict is what the socket encodes, so a
# frame costs nothing beyond building it; mypy checks every field where it is built.

ERROR_CODES = (*CODES, "unsupported_version")
NOTICE_CODES = tuple(sorted(PlayerNotice.TYPES))
"""The `code` of a `notice` frame: the player notices of the bus, by their stable names."""

Ref = Any  # a short scalar the client chose, echoed back (see `_ref`)
V = Literal[1]


class Hello(TypedDict):
    type: Literal["hello"]
    v: V
    player_id: str
    name: str
    protocol: int


class Pong(TypedDict):
    type: Literal["pong"]
    v: V
    ref: Ref


class Ack(TypedDict):
    """A move was accepted: the game is now at `version`."""

    type: Literal["ack"]
    v: V
    game_id: str
    command_id: str
    version: int
    ref: Ref


class SeatChanged(TypedDict):
    """`leave` or `reclaim` done: `action` is "left" or "reclaimed"."""

    type: Literal["seat"]
    v: V
    game_id: str
    seat: int
    action: Literal["left", "reclaimed"]
    version: int
    ref: Ref


class Resynced(TypedDict):
    """A watch is up to date at `version` (caught up from `since_version`)."""

    type: Literal["resynced"]
    v: V
    game_id: str
    version: int
    since_version: int | None


class Status(TypedDict):
    """Live updates paused ("reconnecting") or resumed ("connected"); `reason` when the server says."""

    type: Literal["status"]
    v: V
    state: Literal["connected", "reconnecting"]
    reason: NotRequired[str]


class MissedEvent(TypedDict):
    """One game event a `view` frame's `missed` list carries (also a line of `/events`)."""

    version: int
    type: str
    seat: int | None
    move: Any
    effects: Any


class View(TypedDict):
    """What one viewer sees of a game at `version` (the relay's views have the same shape)."""

    type: Literal["view"]
    v: V
    game_id: str
    version: int
    seat: int | None
    view: dict[str, Any]
    last_move: Any
    effects: Any
    to_act: list[int]
    finished: bool
    missed: list[MissedEvent]
    game: str
    clock: dict[str, Any] | None
    takeovers: dict[str, dict[str, str]]
    winners: list[int]
    abandoned: list[int]


class Chat(TypedDict):
    """A stored chat line: the author by name and seat, never by id."""

    type: Literal["chat"]
    v: V
    game_id: str
    channel: str
    id: int
    seat: int | None
    name: str
    text: str
    sent_at: Any


class ChatSent(TypedDict):
    type: Literal["chat_sent"]
    v: V
    game_id: str
    channel: str
    id: int
    ref: Ref


class Error(TypedDict):
    """A refusal: `code` (one of ERROR_CODES) and `args` for the page, `message` in English."""

    type: Literal["error"]
    v: V
    code: str
    args: dict[str, Any]
    message: str
    ref: Ref


class Notice(TypedDict):
    """A player notice (`code` one of NOTICE_CODES) with what its sentence needs in `args`."""

    type: Literal["notice"]
    v: V
    code: str
    args: dict[str, Any]


class Watching(TypedDict):
    """How many look on at the game now (audience.py): sent on subscribing and at each change."""

    type: Literal["watching"]
    v: V
    game_id: str
    count: int


class Names(TypedDict):
    """A player this page shows was renamed or erased (renames.py): it asks again for the names it
    shows. It names nobody: players' ids stay private."""

    type: Literal["names"]
    v: V


class SeatPresence(TypedDict):
    """A seat's player lost every socket (`lost`), or is back (`back`): seat_news.py."""

    type: Literal["presence"]
    v: V
    game_id: str
    seat: int
    state: Literal["lost", "back"]


ServerFrame = (Hello | Pong | Ack | SeatChanged | Resynced | Status | View | Chat | ChatSent | Error | Notice
               | Watching | Names | SeatPresence)
SERVER_FRAME_TYPES = ("hello", "view", "resynced", "ack", "seat", "pong", "status", "chat", "chat_sent",
                      "error", "notice", "watching", "names", "presence")


def encode(frame: ServerFrame) -> bytes:
    """The one way a frame becomes bytes on the socket (views from the bus come encoded)."""
    return messages.dumps(frame)


def hello(player_id: str, name: str) -> Hello:
    return {"type": "hello", "v": 1, "player_id": player_id, "name": name, "protocol": PROTOCOL_VERSION}


def pong(ref: Ref) -> Pong:
    return {"type": "pong", "v": 1, "ref": ref}


def ack(game_id: str, command_id: str, version: int, ref: Ref) -> Ack:
    return {"type": "ack", "v": 1, "game_id": game_id, "command_id": command_id, "version": version,
            "ref": ref}


def seat_changed(game_id: str, seat: int, action: Literal["left", "reclaimed"], version: int,
                 ref: Ref) -> SeatChanged:
    return {"type": "seat", "v": 1, "game_id": game_id, "seat": seat, "action": action, "version": version,
            "ref": ref}


def resynced(game_id: str, version: int, since_version: int | None) -> Resynced:
    return {"type": "resynced", "v": 1, "game_id": game_id, "version": version,
            "since_version": since_version}


def status(connected: bool, reason: str | None = None) -> Status:
    frame: Status = {"type": "status", "v": 1, "state": "connected" if connected else "reconnecting"}
    if reason is not None:
        frame["reason"] = reason
    return frame


def watching(game_id: str, count: int) -> Watching:
    return {"type": "watching", "v": 1, "game_id": game_id, "count": count}


def names() -> Names:
    return {"type": "names", "v": 1}


def seat_presence(game_id: str, seat: int, state: Literal["lost", "back"]) -> SeatPresence:
    return {"type": "presence", "v": 1, "game_id": game_id, "seat": seat, "state": state}


def missed_event(version: int, kind: str, seat: int | None, move: Any, effects: Any) -> MissedEvent:
    return {"version": version, "type": kind, "seat": seat, "move": move, "effects": effects}


def view(game_id: str, version: int, seat: int | None, view: dict[str, Any], *, to_act: list[int],
         finished: bool, missed: list[MissedEvent], game: str, clock: dict[str, Any] | None,
         takeovers: dict[str, dict[str, str]], winners: list[int], abandoned: list[int]) -> View:
    """A snapshot's view (a resync): no last move or effects, and the events missed since."""
    return {"type": "view", "v": 1, "game_id": game_id, "version": version, "seat": seat, "view": view,
            "last_move": None, "effects": None, "to_act": to_act, "finished": finished, "missed": missed,
            "game": game, "clock": clock, "takeovers": takeovers, "winners": winners, "abandoned": abandoned}


def chat(game_id: str, channel: str, message_id: int, seat: int | None, name: str, text: str,
         sent_at: Any) -> Chat:
    return {"type": "chat", "v": 1, "game_id": game_id, "channel": channel, "id": message_id, "seat": seat,
            "name": name, "text": text, "sent_at": sent_at}


def chat_sent(game_id: str, channel: str, message_id: int, ref: Ref) -> ChatSent:
    return {"type": "chat_sent", "v": 1, "game_id": game_id, "channel": channel, "id": message_id, "ref": ref}


def error(code: str, message: str, ref: Ref = None, args: dict[str, Any] | None = None) -> Error:
    return {"type": "error", "v": 1, "code": code, "args": args or {}, "message": message, "ref": ref}


def notice(code: str, args: dict[str, Any]) -> Notice:
    return {"type": "notice", "v": 1, "code": code, "args": args}


def notice_of(message: PlayerNotice) -> Notice:
    """A bus notice for the browser: its type is the code, its other fields the arguments."""
    return notice(message.type, {k: v for k, v in message.frame.items() if k != "type"})


def chat_of(line: ChatLine) -> Chat:
    """A chat line from the bus for the browser (a line some gateway built with `chat`)."""
    return cast(Chat, {**line.frame, "type": "chat", "v": PROTOCOL_VERSION})
