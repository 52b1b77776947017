"""A game as a fold of its events through its engine, and the decision for one move.

`evolve` rebuilds (no rule is skipped: a replayed move is applied exactly as it was accepted);
`decide_move` turns a command into the events it produces or a typed refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from daimyo_game.commands import SubmitMove
from daimyo_game.errors import Illegal, Malformed, Stale
from daimyo_game.events import GameCreated, GameEvent, GameFinished, MoveMade
from daimyo_rules.core import Game, IllegalMove, MalformedMove, RuleError

GameResolver = Callable[[str], Game]
STREAM_PREFIX = "game-"


def stream_id(game_id: str) -> str:
    return STREAM_PREFIX + game_id


def game_id_of(stream: str) -> str | None:
    """The game id of a game stream (None for a stream that is not a game)."""
    return stream[len(STREAM_PREFIX):] if stream.startswith(STREAM_PREFIX) else None


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

    @property
    def finished(self) -> bool:
        return self.finished_version > 0

    @property
    def seat_count(self) -> int:
        return len(self.created.seats)


def evolve(record: GameRecord | None, event: GameEvent, version: int, game_id: str,
           games: GameResolver) -> GameRecord:
    """The game after `event` (recorded at `version`)."""
    if isinstance(event, GameCreated):
        engine = games(event.game)
        state = engine.initial_state(event.config, event.seed)
        return GameRecord(game_id, event, engine, state, version)
    if record is None:
        raise ValueError(f"game {game_id}: stream does not start with GameCreated")
    if isinstance(event, MoveMade):
        state = record.engine.apply(record.state, event.seat, event.move)
        return replace(record, state=state, version=version)
    return replace(record, outcome=event.outcome, version=version, finished_version=version)


def fold(record: GameRecord | None, events: Iterable[tuple[int, GameEvent]], game_id: str,
         games: GameResolver) -> GameRecord | None:
    for version, event in events:
        record = evolve(record, event, version, game_id, games)
    return record


def decide_move(record: GameRecord, command: SubmitMove) -> tuple[list[GameEvent], GameRecord]:
    """The events of an accepted move and the game after them; raises a typed refusal."""
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
    made = MoveMade(command.seat, engine.move_to_json(move), command.command_id, effects, chance)
    events: list[GameEvent] = [made]
    after = replace(record, state=state, version=record.version + 1)
    outcome = engine.outcome(state)
    if outcome is not None:
        events.append(GameFinished(outcome))
        after = replace(after, outcome=outcome, version=after.version + 1, finished_version=after.version + 1)
    return events, after


def _check_can_act(record: GameRecord, command: SubmitMove) -> None:
    if command.expected_version and command.expected_version != record.version:
        raise Stale(
            f"stale version: you saw version {command.expected_version}, the game is at {record.version}"
        )
    if record.finished:
        raise Illegal(f"game {record.game_id} is finished (version {record.finished_version})")
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
            f"seat {viewer} does not exist; game {record.game_id} has seats 0..{record.seat_count - 1}"
        )
