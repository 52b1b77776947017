"""The application service: load → decide → append with the expected version.

Each handler is small; the rules live in the engine and the fold in `aggregate`. Handlers raise
the typed errors of `errors.py`; they never touch gRPC.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from daimyo_game.aggregate import GameRecord, GameResolver, check_viewer, decide_move, stream_id
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.errors import DuplicateCommand, Illegal, Malformed, PermissionDenied, Stale
from daimyo_game.events import GameCreated, GameEvent, MoveMade, from_recorded, to_new_event
from daimyo_game.repository import GameRepository
from daimyo_game.visibility import Viewer, redacted_event_data
from daimyo_rules.core import Game, RuleError
from daimyo_store.api import ConcurrencyError, GameCatalog, GameSummary, RecordedEvent

_GAME_IDS = uuid.UUID("5f0f5a53-8d53-4b0e-9a55-0d41a1c7d001")  # namespace: command id → game id


@dataclass(frozen=True)
class ViewResult:
    game_id: str
    game: str
    version: int
    view: Any
    to_act: list[int]
    finished: bool


@dataclass(frozen=True)
class MoveResult:
    version: int
    view: ViewResult
    replayed: bool = False  # True when a retried command id returned the first result


@dataclass(frozen=True)
class EventView:
    version: int
    type: str
    data: dict[str, Any]
    recorded_at: str


class GameHandlers:
    def __init__(self, repository: GameRepository, catalog: GameCatalog, games: GameResolver,
                 on_appended: Callable[[], None] | None = None) -> None:
        self.repository = repository
        self.catalog = catalog
        self.games = games
        self._on_appended = on_appended or (lambda: None)

    # -- commands -------------------------------------------------------------------------

    async def create_game(self, command: CreateGame) -> tuple[str, int]:
        """A new game's id and version; a retried command id returns the same game."""
        created = self._new_game(command)
        game_id = _game_id_for(command.command_id)
        recorded = await self.repository.store.append(
            stream_id(game_id), 0, [to_new_event(created, command.command_id or None)]
        )
        first = from_recorded(recorded[0])
        if isinstance(first, GameCreated) and _same_setup(first, created):
            await self._record_summary(game_id, first, recorded[-1].version, None)
            self._on_appended()
            return game_id, recorded[-1].version
        raise DuplicateCommand(
            f"command id {command.command_id!r} already created a different game ({game_id})")

    async def submit_move(self, command: SubmitMove) -> MoveResult:
        record = await self.repository.load(command.game_id)
        _check_seat(record, command)
        try:
            return await self._decide_and_append(record, command)
        except (Stale, Illegal) as refusal:  # a retried command is usually stale or out of turn by now
            earlier = await self._earlier_result(record, command)
            if earlier is None:
                raise refusal from None
            return earlier
        except ConcurrencyError:
            return await self._after_conflict(command)

    # -- queries --------------------------------------------------------------------------

    async def get_view(self, game_id: str, viewer: Viewer) -> ViewResult:
        record = await self.repository.load(game_id)
        check_viewer(record, viewer)
        return view_of(record, viewer)

    async def replay(self, game_id: str, at_version: int, viewer: Viewer) -> ViewResult:
        """`viewer`'s view at `at_version` (0: now); the engine shows only what that viewer saw."""
        current = await self.repository.load(game_id)
        check_viewer(current, viewer)
        if at_version < 0 or at_version > current.version:
            raise Malformed(
                f"version {at_version} does not exist; game {game_id} is at version {current.version}")
        record = await self.repository.load_at(game_id, at_version or current.version)
        return view_of(record, viewer)

    async def list_events(self, game_id: str, from_version: int,
                          viewer: Viewer) -> tuple[list[EventView], int]:
        """Events after `from_version`, redacted for `viewer` unless the game is finished."""
        record = await self.repository.load(game_id)
        check_viewer(record, viewer)
        recorded = await self.repository.read_events(game_id, max(from_version, 0))
        events = [_event_view(record, e, viewer) for e in recorded if e.version <= record.version]
        return events, record.version

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameSummary]:
        return await self.catalog.list_games(player_id or None, live, finished, limit if limit > 0 else 50)

    # -- steps ----------------------------------------------------------------------------

    def _new_game(self, command: CreateGame) -> GameCreated:
        engine = self._engine(command.game)
        _check_seats(engine, command.seats)
        config = _config_for(command.config, len(command.seats))
        seed = command.seed if command.seed is not None else secrets.randbits(63)
        try:
            state = engine.initial_state(config, seed)
        except RuleError as e:
            raise Malformed(f"bad config for {command.game}: {e}") from e
        seats = tuple(s.to_json() for s in command.seats)
        chance = tuple(engine.chance_outcomes(None, state))
        return GameCreated(command.game, config, seats, seed, dict(command.time_control), chance)

    def _engine(self, name: str) -> Game:
        try:
            return self.games(name)
        except KeyError as e:
            raise Malformed(str(e.args[0]) if e.args else f"unknown game {name!r}") from e

    async def _decide_and_append(self, record: GameRecord, command: SubmitMove) -> MoveResult:
        events, after = decide_move(record, command)
        recorded = await self.repository.append(record, after, _new_events(events, command.command_id))
        self._on_appended()
        if recorded[-1].version != after.version:  # the store returned an earlier append of this command
            return await self._result_of(command, recorded, record)
        if after.finished:  # the relay keeps the catalogue's version current; the end matters at once
            await self._record_summary(record.game_id, record.created, after.version, after.outcome)
        return MoveResult(after.version, view_of(after, command.seat))

    async def _after_conflict(self, command: SubmitMove) -> MoveResult:
        """Another writer appended first: the first result if it was this command, else stale or one retry."""
        record = await self.repository.load(command.game_id)
        earlier = await self._earlier_result(record, command)
        if earlier is not None:
            return earlier
        if command.expected_version:
            raise Stale(f"stale version: you saw version {command.expected_version}, "
                        f"another move made the game version {record.version}")
        try:
            return await self._decide_and_append(record, command)
        except ConcurrencyError as e:
            raise Stale(f"game {command.game_id} changed while the move was applied; reload and retry") from e

    async def _earlier_result(self, record: GameRecord, command: SubmitMove) -> MoveResult | None:
        if not command.command_id:
            return None
        recorded = await self.repository.store.find_command(stream_id(record.game_id), command.command_id)
        if not recorded:
            return None
        return await self._result_of(command, recorded, record)

    async def _result_of(self, command: SubmitMove, recorded: list[RecordedEvent],
                         record: GameRecord) -> MoveResult:
        """The first result of `command`, whose events are `recorded` (DuplicateCommand if they differ)."""
        first = from_recorded(recorded[0])
        if not isinstance(first, MoveMade) or not _same_move(record, first, command):
            raise DuplicateCommand(
                f"command id {command.command_id!r} was already used for another request "
                f"(version {recorded[0].version}); use a new command id"
            )
        at = await self.repository.load_at(command.game_id, recorded[-1].version)
        return MoveResult(at.version, view_of(at, command.seat), replayed=True)

    async def _record_summary(self, game_id: str, created: GameCreated, version: int, outcome: Any) -> None:
        await self.catalog.upsert_game_summary(summary_of(game_id, created, version, outcome))


def view_of(record: GameRecord, viewer: Viewer) -> ViewResult:
    engine = record.engine
    return ViewResult(record.game_id, record.created.game, record.version, engine.view(record.state, viewer),
                      list(engine.to_act(record.state)), record.finished)


def summary_of(game_id: str, created: GameCreated, version: int, outcome: Any) -> GameSummary:
    winners = list(outcome.get("winners", [])) if isinstance(outcome, dict) else []
    return GameSummary(game_id, created.game, list(created.seats), version, outcome is not None, winners)


def _event_view(record: GameRecord, recorded: RecordedEvent, viewer: Viewer) -> EventView:
    event = from_recorded(recorded)
    data = recorded.data if record.finished else redacted_event_data(record.engine, event, viewer)
    return EventView(recorded.version, recorded.type, data, recorded.recorded_at.isoformat())


def _new_events(events: list[GameEvent], command_id: str) -> list[Any]:
    """The command id rides on the move only (one event per append may carry it)."""
    return [to_new_event(e, (command_id or None) if isinstance(e, MoveMade) else None) for e in events]


def _check_seat(record: GameRecord, command: SubmitMove) -> None:
    check_viewer(record, command.seat)
    if not command.player_id:
        return
    owner = record.created.seats[command.seat].get("player_id")
    if owner != command.player_id:
        raise PermissionDenied(f"player {command.player_id!r} does not hold seat {command.seat} "
                               f"of game {record.game_id}")


def _check_seats(engine: Game, seats: tuple[SeatSpec, ...]) -> None:
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise Malformed(f"{engine.name} seats {engine.min_players} to {engine.max_players} players, "
                        f"not {len(seats)}")
    for n, seat in enumerate(seats):
        if (seat.player_id is None) == (seat.bot_level is None):
            raise Malformed(f"seat {n} needs exactly one of player_id or bot_level")


def _config_for(config: dict[str, Any], seat_count: int) -> dict[str, Any]:
    players = config.get("players", seat_count)
    if players != seat_count:
        raise Malformed(f"config says {players} players but {seat_count} seats were given")
    return {**config, "players": seat_count}


def _game_id_for(command_id: str) -> str:
    return (uuid.uuid5(_GAME_IDS, command_id) if command_id else uuid.uuid4()).hex


def _same_setup(stored: GameCreated, requested: GameCreated) -> bool:
    """A retried CreateGame (seed chosen by the service may differ, so it is not compared)."""
    return (stored.game, stored.config, list(stored.seats)) == (requested.game, requested.config,
                                                              list(requested.seats))


def _same_move(record: GameRecord, made: MoveMade, command: SubmitMove) -> bool:
    if made.seat != command.seat:
        return False
    try:
        return bool(record.engine.move_to_json(record.engine.parse_move(command.move)) == made.move)
    except RuleError:
        return False
