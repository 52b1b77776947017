"""Every message on the bus, one frozen dataclass each, with its JSON encoding in one place.

Publishers build a message and the bus sends `message.encode()`; subscribers receive what
`decode(subject, data)` makes of the bytes — the class is chosen by the subject's kind (see
`subjects.kind_of`), so no consumer reads an untyped dict. A malformed message raises
`BadMessage` (a `ValueError`); unknown extra keys are ignored, so a publisher may add a field
before its consumers read it.

A view (`SeatView`, `WatchView`) carries the browser's `view` frame already encoded: the relay
encodes it once, the gateway forwards those bytes to the socket without parsing them. On the
wire it is two JSON documents on two lines — the small envelope the gateway routes by, then
the frame (orjson never writes a raw newline, so the first one splits them exactly).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

import orjson

from daimyo_bus import subjects

JSON = Any
BROWSER_PROTOCOL = 1
NAMES_CHANGED_MOST = 100  # players in one names.changed message (a rename or a deletion names one)
"""The browser protocol's version a view frame carries as `v` (the gateway's `frames.py` owns the rest)."""


class BadMessage(ValueError):
    """Bytes on a subject that are not the message that subject carries."""


class Message(Protocol):
    def encode(self) -> bytes: ...


def dumps(value: JSON) -> bytes:
    """Compact JSON (orjson: UTF-8, no spaces; non-string keys such as seat numbers allowed)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def loads(data: bytes | str) -> JSON:
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as e:
        raise BadMessage(f"not JSON: {e}") from None


# -- views ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _View:
    """One viewer's view of a game at `version`; `frame` is the browser's `view` frame, encoded."""

    game_id: str
    version: int
    seat: int | None
    event: str
    frame: bytes

    @classmethod
    def build(cls, game_id: str, version: int, seat: int | None, event: str, *, view: JSON,
              last_move: JSON, effects: JSON, to_act: list[int], finished: bool, clock: JSON,
              takeovers: JSON, winners: JSON = None, abandoned: JSON = None) -> Self:
        frame = {"type": "view", "v": BROWSER_PROTOCOL, "game_id": game_id, "version": version, "seat": seat,
                 "view": view, "last_move": last_move, "effects": effects, "to_act": to_act,
                 "finished": finished, "clock": clock, "takeovers": takeovers, "winners": winners or [],
                 "abandoned": abandoned or []}
        return cls(game_id, version, seat, event, dumps(frame))

    @property
    def body(self) -> dict[str, Any]:
        """The frame decoded (tests and tools; the gateway forwards `frame` as it is)."""
        return dict(loads(self.frame))

    @property
    def view(self) -> JSON:
        return self.body["view"]

    def encode(self) -> bytes:
        envelope = {"game_id": self.game_id, "version": self.version, "seat": self.seat, "event": self.event}
        return dumps(envelope) + b"\n" + self.frame

    @classmethod
    def decode(cls, data: bytes) -> Self:
        head, newline, frame = data.partition(b"\n")
        if not newline or not frame:
            raise BadMessage("a view is an envelope line and a frame line")
        envelope = _object(loads(head))
        seat = _optional_int(envelope, "seat")
        return cls(_str(envelope, "game_id"), _int(envelope, "version"), seat, _str(envelope, "event"),
                   frame)


@dataclass(frozen=True)
class SeatView(_View):
    """`daimyo.game.<id>.seat.<n>`: what seat n may see, for its player's sockets only."""


@dataclass(frozen=True)
class WatchView(_View):
    """`daimyo.game.<id>.watch`: the spectators' view (`seat` is None)."""


# -- game notices -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnSeat:
    seat: int
    bot_level: str | None  # the bot playing the seat now (its own, or one standing in); None: a person


@dataclass(frozen=True)
class TurnNotice:
    """`daimyo.game.<id>.turn`: who must act now (the bot driver plays the bot seats)."""

    game_id: str
    version: int
    game: str
    to_act: tuple[int, ...]
    seats: tuple[TurnSeat, ...]
    finished: bool
    with_people: bool | None = None  # a person holds a seat (a bot may stand in); None: not said

    def encode(self) -> bytes:
        return dumps({"game_id": self.game_id, "version": self.version, "game": self.game,
                      "to_act": list(self.to_act), "finished": self.finished, "with_people": self.with_people,
                      "seats": [{"seat": s.seat, "bot_level": s.bot_level} for s in self.seats]})

    @classmethod
    def decode(cls, data: bytes) -> TurnNotice:
        d = _object(loads(data))
        seats = tuple(TurnSeat(_int(s, "seat"), _optional_str(s, "bot_level"))
                      for s in (_object(x) for x in _list(d, "seats")))
        with_people = None if d.get("with_people") is None else _bool(d, "with_people")
        return cls(_str(d, "game_id"), _int(d, "version"), _str(d, "game"), _ints(d, "to_act"), seats,
                   _bool(d, "finished"), with_people)


@dataclass(frozen=True)
class ResultSeat:
    seat: int
    player_id: str | None
    bot_level: str | None
    abandoned: bool  # a bot held the seat for its player when the game ended


@dataclass(frozen=True)
class GameResult:
    """`daimyo.game.<id>.finished` (durable): the outcome, for ratings."""

    game_id: str
    game: str
    version: int
    outcome: JSON
    seats: tuple[ResultSeat, ...]
    abandoned: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The message as JSON (what ratings parse; `ratings.py` documents the shape)."""
        return {"game_id": self.game_id, "game": self.game, "version": self.version, "outcome": self.outcome,
                "seats": [vars(s) for s in self.seats], "abandoned": list(self.abandoned)}

    def encode(self) -> bytes:
        return dumps(self.to_json())

    @classmethod
    def decode(cls, data: bytes) -> GameResult:
        d = _object(loads(data))
        seats = tuple(_result_seat(_object(x)) for x in _list(d, "seats"))
        return cls(_str(d, "game_id"), _str(d, "game"), _int(d, "version"), d.get("outcome"), seats,
                   _ints(d, "abandoned"))


def _result_seat(s: dict[str, Any]) -> ResultSeat:
    return ResultSeat(_int(s, "seat"), _optional_str(s, "player_id"), _optional_str(s, "bot_level"),
                      bool(s.get("abandoned", False)))


@dataclass(frozen=True)
class SeatAbandoned:
    """`daimyo.game.<id>.abandoned` (durable): a player left their seat to a bot for good."""

    game_id: str
    game: str
    version: int
    seat: int
    player_id: str | None

    def encode(self) -> bytes:
        return dumps(vars(self))

    @classmethod
    def decode(cls, data: bytes) -> SeatAbandoned:
        d = _object(loads(data))
        return cls(_str(d, "game_id"), _str(d, "game"), _int(d, "version"), _int(d, "seat"),
                   _optional_str(d, "player_id"))


@dataclass(frozen=True)
class SeatNotice:
    """One thing one seat's player should hear of: `kind` is `game_found` (a correspondence game
    has a seat for them), `your_turn` (their clock runs until `deadline_ms`, 0: no clock),
    `game_ended`, `vacation` (an opponent is away until `deadline_ms`) or `deadline_moved` (their
    own vacation moved their deadline to `deadline_ms`: reminders follow it, nothing is said)."""

    KINDS: ClassVar[frozenset[str]] = frozenset({"game_found", "your_turn", "game_ended", "vacation",
                                                 "deadline_moved"})
    kind: str
    seat: int
    player_id: str
    deadline_ms: int = 0


@dataclass(frozen=True)
class GameNotices:
    """`daimyo.game.<id>.notices` (durable): what a correspondence game's players should hear of
    at `version`, whether or not a page of theirs is open (the notifier decides what reaches them)."""

    game_id: str
    game: str
    version: int
    notices: tuple[SeatNotice, ...]

    def encode(self) -> bytes:
        return dumps({"game_id": self.game_id, "game": self.game, "version": self.version,
                      "notices": [vars(n) for n in self.notices]})

    @classmethod
    def decode(cls, data: bytes) -> GameNotices:
        d = _object(loads(data))
        notices = tuple(_seat_notice(_object(x)) for x in _list(d, "notices"))
        return cls(_str(d, "game_id"), _str(d, "game"), _int(d, "version"), notices)


@dataclass(frozen=True)
class TableChallenge:
    """`daimyo.table.<code>.challenge` (durable): a host opened private table `code` of `game` and
    challenged `invited` (account ids); each of them should hear of it while no page is open."""

    code: str
    game: str
    host_id: str
    host_name: str
    invited: tuple[str, ...]

    def encode(self) -> bytes:
        return dumps({"code": self.code, "game": self.game, "host_id": self.host_id,
                      "host_name": self.host_name, "invited": list(self.invited)})

    @classmethod
    def decode(cls, data: bytes) -> TableChallenge:
        d = _object(loads(data))
        invited = _strings(d.get("invited"), "invited", most=16)
        return cls(_str(d, "code"), _str(d, "game"), _str(d, "host_id"), _str(d, "host_name"), invited)


def _seat_notice(d: dict[str, Any]) -> SeatNotice:
    kind = _str(d, "kind")
    if kind not in SeatNotice.KINDS:
        raise BadMessage(f"unknown seat notice {kind!r}")
    return SeatNotice(kind, _int(d, "seat"), _str(d, "player_id"), int(d.get("deadline_ms") or 0))


# -- between gateways, and to players -----------------------------------------------------------


@dataclass(frozen=True)
class PresenceBeat:
    """`daimyo.presence.<id>.<n>`: a gateway holds a socket of this seat's player."""

    player_id: str
    at: float

    def encode(self) -> bytes:
        return dumps(vars(self))

    @classmethod
    def decode(cls, data: bytes) -> PresenceBeat:
        d = _object(loads(data))
        at = d.get("at")
        if not isinstance(at, int | float) or isinstance(at, bool):
            raise BadMessage("at must be a number")
        return cls(_str(d, "player_id"), float(at))


@dataclass(frozen=True)
class SeatConnection:
    """`daimyo.connection.<id>`: what a gateway knows of a seat's player's sockets. `closed`: its
    last socket there closed (a gateway still holding one says so at once with a presence beat);
    `lost`: no gateway has held one for a while; `here`: a gateway holds one again."""

    STATES: ClassVar[frozenset[str]] = frozenset({"closed", "lost", "here"})
    seat: int
    player_id: str
    state: str
    at: float

    def encode(self) -> bytes:
        return dumps(vars(self))

    @classmethod
    def decode(cls, data: bytes) -> SeatConnection:
        d = _object(loads(data))
        state, seat = _str(d, "state"), _int(d, "seat")
        if state not in cls.STATES:
            raise BadMessage(f"unknown connection state {state!r}")
        if seat < 0:
            raise BadMessage("seat must be >= 0")
        return cls(seat, _str(d, "player_id"), state, _number(d, "at"))


@dataclass(frozen=True)
class AudienceCount:
    """`daimyo.audience.<id>`: how many watch the game on gateway `replica` now (`ask`: that
    gateway has just begun serving the game and asks the others for their counts)."""

    replica: str
    count: int
    at: float
    ask: bool = False

    def encode(self) -> bytes:
        return dumps(vars(self))

    @classmethod
    def decode(cls, data: bytes) -> AudienceCount:
        d = _object(loads(data))
        count = _int(d, "count")
        if count < 0:
            raise BadMessage("count must be >= 0")
        return cls(_str(d, "replica"), count, _number(d, "at"), _bool(d, "ask"))


@dataclass(frozen=True)
class PlayerNotice:
    """`daimyo.player.<id>`: a frame for one player's sockets — a game has a seat for them
    (`match_found`), it is their turn somewhere (`your_turn`), rematch and private-table news."""

    TYPES: ClassVar[frozenset[str]] = frozenset({
        "match_found", "your_turn", "rematch_offered", "rematch_started", "rematch_refused",
        "rematch_expired", "table_changed", "table_started", "ticket_cancelled", "challenge"})
    frame: dict[str, Any]

    @classmethod
    def match_found(cls, game_id: str, seat: int, game: str, ticket_id: str | None = None) -> PlayerNotice:
        return cls({"type": "match_found", "game_id": game_id, "seat": seat, "game": game,
                    "ticket_id": ticket_id})

    @property
    def type(self) -> str:
        return str(self.frame["type"])

    def to_json(self) -> dict[str, Any]:
        """The frame the player's sockets receive."""
        return dict(self.frame)

    def encode(self) -> bytes:
        return dumps(self.frame)

    @classmethod
    def decode(cls, data: bytes) -> PlayerNotice:
        d = _object(loads(data))
        kind = _str(d, "type")
        if kind not in cls.TYPES:
            raise BadMessage(f"unknown player notice {kind!r}")
        if kind == "match_found":
            _str(d, "game_id"), _int(d, "seat"), _str(d, "game"), _optional_str(d, "ticket_id")
        return cls(d)


@dataclass(frozen=True)
class OnlineBeat:
    """`daimyo.online.<id>`: a gateway holds sockets of this player (`gone`: its last one closed)."""

    player_id: str
    at: float
    gone: bool = False

    def encode(self) -> bytes:
        return dumps(vars(self))

    @classmethod
    def decode(cls, data: bytes) -> OnlineBeat:
        d = _object(loads(data))
        at, gone = d.get("at"), d.get("gone", False)
        if not isinstance(at, int | float) or isinstance(at, bool):
            raise BadMessage("at must be a number")
        if not isinstance(gone, bool):
            raise BadMessage("gone must be true or false")
        return cls(_str(d, "player_id"), float(at), gone)


@dataclass(frozen=True)
class ChatLine:
    """`daimyo.chat.<id>.<channel>`: one stored chat message, as the readers' sockets receive it."""

    frame: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return dict(self.frame)

    def encode(self) -> bytes:
        return dumps(self.frame)

    @classmethod
    def decode(cls, data: bytes) -> ChatLine:
        d = _object(loads(data))
        if d.get("type") != "chat":
            raise BadMessage("a chat line has type 'chat'")
        _str(d, "game_id"), _str(d, "text")
        return cls(d)


@dataclass(frozen=True)
class SessionsRevoked:
    """`daimyo.sessions.revoked`: these sessions ended (`token_id` ""), or were refreshed and now
    accept only `token_id`. Gateways drop their cached answers and close the sockets concerned."""

    session_ids: tuple[str, ...]
    token_id: str = ""

    def encode(self) -> bytes:
        return dumps({"session_ids": list(self.session_ids), "token_id": self.token_id})

    @classmethod
    def decode(cls, data: bytes) -> SessionsRevoked:
        d = _object(loads(data))
        ids = _strings(d.get("session_ids"), "session_ids")
        token = d.get("token_id", "")
        if not isinstance(token, str):
            raise BadMessage("token_id must be a string")
        return cls(tuple(ids), token)


@dataclass(frozen=True)
class NamesChanged:
    """`daimyo.names.changed`: these players were renamed or their accounts erased. Every gateway
    forgets their cached names and tells the open screens that show them to draw names again."""

    player_ids: tuple[str, ...]

    def encode(self) -> bytes:
        return dumps({"player_ids": list(self.player_ids)})

    @classmethod
    def decode(cls, data: bytes) -> NamesChanged:
        d = _object(loads(data))
        return cls(_strings(d.get("player_ids"), "player_ids", most=NAMES_CHANGED_MOST))


BusMessage = (SeatView | WatchView | TurnNotice | GameResult | SeatAbandoned | GameNotices | PresenceBeat
              | SeatConnection | AudienceCount | PlayerNotice | OnlineBeat | ChatLine | SessionsRevoked
              | NamesChanged | TableChallenge)

BY_KIND: dict[str, Any] = {
    "seat": SeatView, "watch": WatchView, "turn": TurnNotice, "finished": GameResult,
    "abandoned": SeatAbandoned, "notices": GameNotices, "presence": PresenceBeat, "player": PlayerNotice,
    "online": OnlineBeat, "chat": ChatLine, "sessions": SessionsRevoked, "names": NamesChanged,
    "challenge": TableChallenge, "connection": SeatConnection, "audience": AudienceCount,
}


def decode(subject: str, data: bytes) -> BusMessage:
    """The message `data` is on `subject` (BadMessage if either is not Daimyo's)."""
    try:
        kind = subjects.kind_of(subject)
    except ValueError as e:
        raise BadMessage(str(e)) from None
    message: BusMessage = BY_KIND[kind].decode(data)
    return message


# -- field readers ------------------------------------------------------------------------------


def _strings(value: Any, name: str, most: int = 1000) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(i, str) for i in value) or len(value) > most:
        raise BadMessage(f"{name} must be a list of at most {most} strings")
    return tuple(value)


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadMessage(f"expected a JSON object, got {type(value).__name__}")
    return value


def _field(d: dict[str, Any], key: str) -> Any:
    if key not in d:
        raise BadMessage(f"missing {key!r}")
    return d[key]


def _str(d: dict[str, Any], key: str) -> str:
    value = _field(d, key)
    if not isinstance(value, str):
        raise BadMessage(f"{key} must be a string")
    return value


def _optional_str(d: dict[str, Any], key: str) -> str | None:
    value = d.get(key)
    if value is not None and not isinstance(value, str):
        raise BadMessage(f"{key} must be a string or null")
    return value


def _int(d: dict[str, Any], key: str) -> int:
    value = _field(d, key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadMessage(f"{key} must be an integer")
    return value


def _number(d: dict[str, Any], key: str) -> float:
    value = _field(d, key)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise BadMessage(f"{key} must be a number")
    return float(value)


def _optional_int(d: dict[str, Any], key: str) -> int | None:
    return None if d.get(key) is None else _int(d, key)


def _bool(d: dict[str, Any], key: str) -> bool:
    value = d.get(key, False)
    if not isinstance(value, bool):
        raise BadMessage(f"{key} must be true or false")
    return value


def _list(d: dict[str, Any], key: str) -> list[Any]:
    value = d.get(key) or []
    if not isinstance(value, list):
        raise BadMessage(f"{key} must be a list")
    return value


def _ints(d: dict[str, Any], key: str) -> tuple[int, ...]:
    values = _list(d, key)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise BadMessage(f"{key} must list integers")
    return tuple(values)
