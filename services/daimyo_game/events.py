"""Events: what happened to a game (past tense, immutable), and their stored JSON shape.

A stream is `GameCreated`, then one `MoveMade` per accepted move, then `GameFinished`
(appended together with the move that ended the game). Live play adds who sits where:
`ClockExpired` + `SeatTakenOver` (a bot plays a seat out of time, or one its player left),
`SeatReturned` (a one-move takeover ended) and `SeatReclaimed` (the player is back); a
correspondence game adds `VacationTaken` (a seat's player is away: their clock waits).
Events of a game with a clock carry `clock`, the clock right after them (see `clocks.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from daimyo_store.api import NewEvent, RecordedEvent

JSON = Any


@dataclass(frozen=True)
class GameCreated:
    game: str
    config: dict[str, Any]
    seats: tuple[dict[str, Any], ...]
    seed: int
    time_control: dict[str, Any] = field(default_factory=dict)
    chance: tuple[Any, ...] = ()  # chance results of the initial deal (secret until the end)
    clock: dict[str, Any] | None = None
    listed: bool = True  # False: a private table whose host allows no spectators


@dataclass(frozen=True)
class MoveMade:
    """`effects` is what the engine reported after the move: {"public": …, "seats": {"0": …}}."""

    seat: int
    move: JSON
    command_id: str
    effects: JSON = None
    chance: tuple[Any, ...] = ()  # chance results the move caused (secret until the end)
    clock: dict[str, Any] | None = None


@dataclass(frozen=True)
class GameFinished:
    outcome: JSON


@dataclass(frozen=True)
class ClockExpired:
    seat: int
    clock: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeatTakenOver:
    """A bot of `level` plays `seat` until its next move is made or until the game ends.

    `reason`: "timeout" | "abandoned"; `cause` says more ("disconnected", "resigned").
    """

    seat: int
    level: str
    reason: str
    until: str
    cause: str = ""
    clock: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeatReturned:
    """A one-move takeover ended: the seat's player acts again."""

    seat: int
    clock: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeatReclaimed:
    seat: int
    player_id: str
    clock: dict[str, Any] | None = None


@dataclass(frozen=True)
class VacationTaken:
    """The seat's player is on vacation until `until_ms`: no time counts on their clock till then
    (a turn running now ends that much later; one that begins meanwhile starts counting then)."""

    seat: int
    until_ms: int
    clock: dict[str, Any] | None = None


SeatEvent = ClockExpired | SeatTakenOver | SeatReturned | SeatReclaimed | VacationTaken
SEAT_EVENTS = (ClockExpired, SeatTakenOver, SeatReturned, SeatReclaimed, VacationTaken)
GameEvent = GameCreated | MoveMade | GameFinished | SeatEvent


def to_new_event(event: GameEvent, command_id: str | None = None, actor: str = "") -> NewEvent:
    name = type(event).__name__
    return NewEvent(type=name, data=_ENCODERS[name](event), command_id=command_id, actor=actor)


def to_new_events(events: list[GameEvent], command_id: str, actor: str) -> list[NewEvent]:
    """A command's events to append: its id (if any) rides on the first one only, in the namespace
    of its actor (a player's id never collides with another seat's or the driver's)."""
    return [to_new_event(e, (command_id or None) if n == 0 else None, actor) for n, e in enumerate(events)]


def from_recorded(recorded: RecordedEvent) -> GameEvent:
    decode = _DECODERS.get(recorded.type)
    if decode is None:
        raise ValueError(f"{recorded.stream_id} v{recorded.version}: unknown event type {recorded.type!r}")
    return decode(recorded.data)


def created_to_json(e: GameCreated) -> dict[str, Any]:
    data = {"game": e.game, "config": e.config, "seats": list(e.seats), "seed": e.seed,
            "time_control": e.time_control, "chance": list(e.chance)}
    if not e.listed:  # written only when set: older streams (and listed games) stay as they were
        data["listed"] = False
    return _with_clock(data, e.clock)


def created_from_json(d: dict[str, Any]) -> GameCreated:
    return GameCreated(d["game"], d["config"], tuple(d["seats"]), d["seed"], d.get("time_control") or {},
                       tuple(d.get("chance") or ()), d.get("clock"), bool(d.get("listed", True)))


def _encode_move(e: Any) -> dict[str, Any]:
    data = {"seat": e.seat, "move": e.move, "command_id": e.command_id, "effects": e.effects,
            "chance": list(e.chance)}
    return _with_clock(data, e.clock)


def _decode_move(d: dict[str, Any]) -> GameEvent:
    return MoveMade(d["seat"], d["move"], d.get("command_id", ""), d.get("effects"),
                    tuple(d.get("chance") or ()), d.get("clock"))


def _with_clock(data: dict[str, Any], clock: dict[str, Any] | None) -> dict[str, Any]:
    return data if clock is None else {**data, "clock": clock}


def seat_event_to_json(e: SeatEvent) -> dict[str, Any]:
    """A seat event's data: all of it is public (who plays a seat, and the clocks)."""
    data = {k: v for k, v in vars(e).items() if k != "clock"}
    return _with_clock(data, e.clock)


def _seat_decoder(cls: type) -> Callable[[dict[str, Any]], GameEvent]:
    def decode(d: dict[str, Any]) -> GameEvent:
        event: GameEvent = cls(**d)
        return event
    return decode


_ENCODERS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "GameCreated": created_to_json,
    "MoveMade": _encode_move,
    "GameFinished": lambda e: {"outcome": e.outcome},
    **{cls.__name__: seat_event_to_json for cls in SEAT_EVENTS},
}
_DECODERS: dict[str, Callable[[dict[str, Any]], GameEvent]] = {
    "GameCreated": created_from_json,
    "MoveMade": _decode_move,
    "GameFinished": lambda d: GameFinished(d.get("outcome")),
    **{cls.__name__: _seat_decoder(cls) for cls in SEAT_EVENTS},
}

UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""(type, schema_version) → the next version's data; empty while every event is at version 1."""
