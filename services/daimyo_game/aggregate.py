"""A game as a fold of its events through its engine, and the decision for one move.

`evolve` rebuilds (no rule is skipped: a replayed move is applied exactly as it was accepted);
`decide_move` turns a command into the events it produces or a typed refusal. The clock and who
plays each seat (a bot may stand in for a player) are folded from the events too, never from
the wall clock: the time of a decision comes in as `now_ms`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from daimyo_game import clocks
from daimyo_game.clocks import Clock, TimeControl
from daimyo_game.commands import SubmitMove
from daimyo_game.errors import Illegal, Malformed, Stale
from daimyo_game.events import (
    ClockExpired,
    GameCreated,
    GameEvent,
    GameFinished,
    MoveMade,
    SeatReclaimed,
    SeatReturned,
    SeatTakenOver,
    VacationTaken,
)
from daimyo_rules.core import Game, IllegalMove, MalformedMove, RuleError

GameResolver = Callable[[str], Game]
STREAM_PREFIX = "game-"


def stream_id(game_id: str) -> str:
    return STREAM_PREFIX + game_id


def game_id_of(stream: str) -> str | None:
    """The game id of a game stream (None for a stream that is not a game)."""
    return stream[len(STREAM_PREFIX):] if stream.startswith(STREAM_PREFIX) else None


@dataclass(frozen=True)
class Takeover:
    """A bot playing a player's seat: why ("timeout" | "abandoned") and until ("move" | "game")."""

    level: str
    reason: str
    until: str
    cause: str = ""


@dataclass(frozen=True)
class GameRecord:
    """A game at one version: how it was created, the engine state, and how it ended."""

    game_id: str
    created: GameCreated
    engine: Game
    state: Any
    version: int
    outcome: Any = None
    finished_version: int = 0  # the version of GameFinished; 0 while the game runs
    clock: Clock | None = None
    takeovers: Mapping[int, Takeover] = field(default_factory=dict)
    vacations: Mapping[int, int] = field(default_factory=dict)  # seat → its player's vacation ends (ms)

    @property
    def finished(self) -> bool:
        return self.finished_version > 0

    @property
    def seat_count(self) -> int:
        return len(self.created.seats)

    @property
    def control(self) -> TimeControl | None:
        return time_control_of(self.created)

    @property
    def to_act(self) -> list[int]:
        return list(self.engine.to_act(self.state))

    def bot_level(self, seat: int) -> str | None:
        """Who plays `seat` now if a bot does: a bot seat's level, or the bot standing in."""
        takeover = self.takeovers.get(seat)
        return takeover.level if takeover else self.created.seats[seat].get("bot_level")

    def bot_played(self) -> set[int]:
        return {s for s in range(self.seat_count) if self.bot_level(s)}

    def abandoned(self) -> list[int]:
        """Seats a bot holds for the rest of the game (left, or out of time with `bot_rest`)."""
        return sorted(s for s, t in self.takeovers.items() if t.until == "game")


def time_control_of(created: GameCreated) -> TimeControl | None:
    try:
        return clocks.parse_time_control(created.time_control)
    except clocks.BadTimeControl:  # refused at creation; an old stream is played without a clock
        return None


def evolve(record: GameRecord | None, event: GameEvent, version: int, game_id: str,
           games: GameResolver) -> GameRecord:
    """The game after `event` (recorded at `version`)."""
    if isinstance(event, GameCreated):
        engine = games(event.game)
        state = engine.initial_state(event.config, event.seed)
        return GameRecord(game_id, event, engine, state, version, clock=_clock_of(event.clock))
    if record is None:
        raise ValueError(f"game {game_id}: stream does not start with GameCreated")
    if isinstance(event, MoveMade):
        state = record.engine.apply(record.state, event.seat, event.move)
        return replace(record, state=state, version=version, clock=_clock_of(event.clock) or record.clock)
    if isinstance(event, GameFinished):
        return replace(record, outcome=event.outcome, version=version, finished_version=version)
    return _evolve_seat(record, event, version)


def _evolve_seat(record: GameRecord, event: GameEvent, version: int) -> GameRecord:
    takeovers = dict(record.takeovers)
    if isinstance(event, SeatTakenOver):
        takeovers[event.seat] = Takeover(event.level, event.reason, event.until, event.cause)
    elif isinstance(event, SeatReturned | SeatReclaimed):
        takeovers.pop(event.seat, None)
    elif isinstance(event, VacationTaken):
        record = replace(record, vacations={**record.vacations, event.seat: event.until_ms})
    elif not isinstance(event, ClockExpired):
        raise ValueError(f"game {record.game_id}: cannot fold {type(event).__name__}")
    clock = _clock_of(getattr(event, "clock", None)) or record.clock
    return replace(record, version=version, clock=clock, takeovers=takeovers)


def _clock_of(data: dict[str, Any] | None) -> Clock | None:
    return Clock.from_json(data) if data else None


def fold(record: GameRecord | None, events: Iterable[tuple[int, GameEvent]], game_id: str,
         games: GameResolver) -> GameRecord | None:
    for version, event in events:
        record = evolve(record, event, version, game_id, games)
    return record


def decide_move(record: GameRecord, command: SubmitMove,
                now_ms: int = 0) -> tuple[list[GameEvent], GameRecord]:
    """The events of an accepted move and the game after them; raises a typed refusal.

    Besides the move: a seat a bot played for one move returns to its player once its turn is
    over, and the game may finish.
    """
    _check_can_act(record, command)
    engine = record.engine
    try:
        move = engine.parse_move(command.move)
        state = engine.apply(record.state, command.seat, move)
    except MalformedMove as e:
        raise Malformed(f"move rejected: {e}") from e
    except (IllegalMove, RuleError) as e:
        raise Illegal(f"move rejected: {e}") from e
    effects = effects_of(engine, state, record)
    chance = tuple(engine.chance_outcomes(record.state, state))
    after = replace(record, state=state, version=record.version + 1)
    clock = _clock_after_move(record, after, now_ms)
    made = MoveMade(command.seat, engine.move_to_json(move), command.command_id, effects, chance,
                    clock.to_json() if clock else None)
    after = replace(after, clock=clock)
    events: list[GameEvent] = [made, *_returned_seats(record, after)]
    outcome = engine.outcome(state)
    if outcome is not None:
        events.append(GameFinished(outcome))
    return events, fold(after, ((after.version + n, e) for n, e in enumerate(events[1:], 1)),
                        record.game_id, lambda _: engine) or after


def _clock_after_move(before: GameRecord, after: GameRecord, now_ms: int) -> Clock | None:
    control = before.control
    if control is None or before.clock is None:
        return None
    clock = clocks.after_move(before.clock, control, before.to_act, after.to_act, before.bot_played(), now_ms)
    begun = {s: u for s, u in before.vacations.items()
             if s in clock.running and s not in before.clock.running}
    return clocks.away(clock, begun, {}, now_ms) if begun else clock  # a turn begun on vacation waits


def _returned_seats(before: GameRecord, after: GameRecord) -> list[GameEvent]:
    """One-move takeovers whose seat's turn just ended: the seat is its player's again."""
    to_act_before, to_act_after = before.to_act, after.to_act
    return [SeatReturned(seat) for seat, takeover in sorted(before.takeovers.items())
            if takeover.until == "move" and seat in to_act_before and seat not in to_act_after]


def _check_can_act(record: GameRecord, command: SubmitMove) -> None:
    if command.expected_version and command.expected_version != record.version:
        raise Stale(
            f"stale version: you saw version {command.expected_version}, the game is at {record.version}"
        )
    if record.finished:
        raise Illegal(f"this game is finished (version {record.finished_version})")
    to_act = record.engine.to_act(record.state)
    if command.seat not in to_act:
        waiting = ", ".join(str(s) for s in to_act) or "nobody"
        raise Illegal(f"seat {command.seat} may not act now (out of turn); waiting for seat {waiting}")


def effects_of(engine: Game, state: Any, record: GameRecord) -> dict[str, Any]:
    """What the last move caused, once per viewer: the spectator's and each seat's."""
    seats = {str(s): engine.last_effects(state, s) for s in range(record.seat_count)}
    return {"public": engine.last_effects(state, None), "seats": seats}


def check_viewer(record: GameRecord, viewer: int | None) -> None:
    if viewer is not None and not 0 <= viewer < record.seat_count:
        raise Malformed(
            f"seat {viewer} does not exist; this game has seats 0..{record.seat_count - 1}"
        )
