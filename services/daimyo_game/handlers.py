"""The application service: load → decide → append with the expected version.

Each handler is small; the rules live in the engine and the fold in `aggregate`. Whether a
command is a retry is the store's answer alone (`Appended | Replayed`, by the actor's command
id); a handler only turns a `Replayed` into the first result. Handlers raise the typed errors of
`errors.py`; they never touch gRPC.
"""

from __future__ import annotations

import secrets
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from daimyo_game import clocks, takeovers
from daimyo_game.access import INTERNAL_CALLER, Caller, check_live_view, check_seat_access
from daimyo_game.aggregate import (
    GameRecord,
    GameResolver,
    Takeover,
    check_viewer,
    decide_move,
    fold,
    stream_id,
)
from daimyo_game.catalogue import GameCatalog, GameSummary
from daimyo_game.chat import Chat
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.errors import DuplicateCommand, Illegal, Malformed, PermissionDenied, Stale
from daimyo_game.events import GameCreated, GameEvent, MoveMade, from_recorded, to_new_event, to_new_events
from daimyo_game.my_games import MyGame, my_game
from daimyo_game.repository import GameRepository
from daimyo_game.results import honest_winners
from daimyo_game.seat_rate import SeatChangeRate
from daimyo_game.visibility import Viewer, public_config, redacted_event_data
from daimyo_kit.games import counts_text
from daimyo_kit.lru import LruCache
from daimyo_rules.core import Game, RuleError
from daimyo_store.api import Appended, AppendResult, ConcurrencyError, RecordedEvent, Replayed

CREATION_TIMES_KEPT = 4096  # games whose creation time GetGame answers without the catalogue
_GAME_IDS = uuid.UUID("5f0f5a53-8d53-4b0e-9a55-0d41a1c7d001")  # namespace: command id → game id


@dataclass(frozen=True)
class ViewResult:
    game_id: str
    game: str
    version: int
    view: Any
    to_act: list[int]
    finished: bool
    clock: dict[str, Any] | None = None  # clocks.display(): remaining per seat, running seats, now
    takeovers: Mapping[int, Takeover] = field(default_factory=dict)
    winners: list[int] = field(default_factory=list)  # honest: never a seat a bot finished for its player
    abandoned: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class GameDetails:
    """What any caller may know about a game without reading its events (GetGame)."""

    summary: GameSummary  # game, seats (with the level of a bot playing a player's seat), status
    options: dict[str, Any]  # the table's public options (secret set-ups stay in the service)
    time_control: str = ""  # "live" | "correspondence" | "" (no clock)


@dataclass(frozen=True)
class SeatChange:
    version: int
    changed: bool  # False: the seat already was as asked


@dataclass(frozen=True)
class MoveResult:
    version: int
    record: GameRecord  # the game at `version`
    seat: int
    replayed: bool = False  # True when a retried command id returned the first result

    @property
    def view(self) -> ViewResult:
        """The mover's view at `version` (computed on demand: the relay publishes it anyway)."""
        return view_of(self.record, self.seat)


@dataclass(frozen=True)
class EventView:
    version: int
    type: str
    data: dict[str, Any]
    recorded_at: str


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


class GameHandlers:
    def __init__(self, repository: GameRepository, catalog: GameCatalog, games: GameResolver,
                 on_appended: Callable[[], None] | None = None,
                 now_ms: Callable[[], int] = wall_clock_ms) -> None:
        self.repository = repository
        self.catalog = catalog
        self.games = games
        self.now_ms = now_ms
        self._on_appended = on_appended or (lambda: None)
        self.chat: Chat | None = None  # table chat (Postgres only; bootstrap wires it)
        self.seat_changes = SeatChangeRate()  # leaves and reclaims per player (bootstrap sets the rate)
        self._created_at: LruCache[str, datetime] = LruCache(CREATION_TIMES_KEPT)

    # -- commands -------------------------------------------------------------------------

    async def create_game(self, command: CreateGame) -> tuple[str, int]:
        """A new game's id and version; a retried command id returns the same game."""
        created = self._new_game(command)
        game_id = _game_id_for(command.command_id)
        answer = await self.repository.store.append(
            stream_id(game_id), 0, [to_new_event(created, command.command_id or None)]
        )
        match answer:
            case Appended(events=recorded):
                first = created
            case Replayed(previous=recorded):
                first = _same_setup(recorded[0], created, command.command_id)
        self.repository.hand_over(recorded)
        self.repository.remember_created(game_id, recorded)
        self._created_at.put(game_id, recorded[0].recorded_at)
        await self._record_summary(game_id, first, recorded[-1].version, None,
                                   created_at=recorded[0].recorded_at)
        self._on_appended()
        return game_id, recorded[-1].version

    async def submit_move(self, command: SubmitMove) -> MoveResult:
        """Load → decide → append, first on the warm cached copy without asking the store (the
        append's expected version checks it). A refusal on a copy another replica has moved past,
        or a race lost to another writer, is decided once more on the newest copy."""
        warm = await self.repository.load(command.game_id, check=False)
        try:
            return await self._move(warm, command)
        except (Stale, Illegal, PermissionDenied) as refusal:
            if isinstance(refusal, Stale) and 0 < command.expected_version < warm.version:
                raise  # the newest copy is newer still, and the command is not in this one
            newest = await self.repository.load(command.game_id)
            if newest.version == warm.version:
                raise
        except ConcurrencyError:
            newest = await self.repository.load(command.game_id)
        try:
            return await self._move(newest, command)
        except ConcurrencyError as e:
            raise Stale("the game changed while the move was applied; reload and retry") from e

    async def _move(self, record: GameRecord, command: SubmitMove) -> MoveResult:
        """One decision on `record` and its append. A refused command may be a retry whose move
        is in the stream already (it is stale or out of turn by now): the store says."""
        _check_seat(record, command)
        actor = _caller(command).actor
        try:
            events, after = decide_move(record, command, self.now_ms())
        except (Stale, Illegal) as refusal:
            previous = await self.repository.store.previous(stream_id(record.game_id), command.command_id,
                                                            actor, command.expected_version)
            if previous is None:
                raise refusal from None
            return await self._first_result(record, command, previous)
        answer = await self.repository.append(record, after, to_new_events(events, command.command_id, actor))
        match answer:
            case Replayed():
                return await self._first_result(record, command, answer)
            case Appended():
                self._on_appended()
                if after.finished:  # the relay keeps the catalogue's version current; the end matters at once
                    await self._record_summary(record.game_id, record.created, after.version, after.outcome,
                                               after.takeovers)
                return MoveResult(after.version, after, command.seat)

    async def expire_clocks(self, game_id: str) -> int:
        """Hand every seat out of time to a bot; how many events were appended (0 if a move won the race)."""
        record = await self.repository.load(game_id)
        events = takeovers.decide_expiry(record, self.now_ms())
        try:
            answer = await self._append_seat_events(record, events) if events else None
        except ConcurrencyError:
            return 0
        return len(answer.events) if isinstance(answer, Appended) else 0

    async def hand_over_seat(self, game_id: str, seat: int, player_id: str, cause: str,
                             command_id: str = "") -> SeatChange:
        """A bot plays `seat` for the rest of the game: its player resigned or stayed away."""
        if cause not in takeovers.CAUSES:
            raise Malformed(f"reason must be one of {', '.join(takeovers.CAUSES)}, not {cause!r}")
        if cause == takeovers.RESIGNED:  # the player's own doing (not the gateway's grace)
            self.seat_changes.take(player_id)
        return await self._change_seat(game_id, command_id, player_id,
                                       lambda record: takeovers.decide_hand_over(
                                           record, seat, player_id, cause, self.now_ms()))

    async def reclaim_seat(self, game_id: str, seat: int, player_id: str, command_id: str = "") -> SeatChange:
        """The player takes back the seat a bot plays since they left."""
        self.seat_changes.take(player_id)
        await self._check_not_playing_elsewhere(game_id, player_id)
        return await self._change_seat(game_id, command_id, player_id,
                                       lambda record: takeovers.decide_reclaim(
                                           record, seat, player_id, self.now_ms()))

    # -- queries --------------------------------------------------------------------------

    async def get_view(self, game_id: str, viewer: Viewer, caller: Caller = INTERNAL_CALLER) -> ViewResult:
        record = await self.repository.load(game_id)
        check_viewer(record, viewer)
        check_live_view(record, viewer, caller)
        return view_of(record, viewer, self.now_ms())

    async def replay(self, game_id: str, at_version: int, viewer: Viewer,
                     reveal_all: bool = False, caller: Caller = INTERNAL_CALLER) -> ViewResult:
        """`viewer`'s view at `at_version` (0: now); the engine shows only what that viewer saw.
        `reveal_all` (a finished game only): the engine's view with every seat's secrets."""
        current = await self.repository.load(game_id)
        check_viewer(current, viewer)
        check_live_view(current, viewer, caller)
        if reveal_all and not current.finished:
            raise PermissionDenied(f"game {game_id} reveals everything only once it is finished")
        if at_version < 0 or at_version > current.version:
            raise Malformed(
                f"version {at_version} does not exist; this game is at version {current.version}")
        record = await self.repository.load_at(game_id, at_version or current.version)
        result = view_of(record, viewer)
        if reveal_all:
            result = replace(result, view=record.engine.reveal_all_view(record.state))
        return result

    async def list_events(self, game_id: str, from_version: int, viewer: Viewer,
                          caller: Caller = INTERNAL_CALLER) -> tuple[list[EventView], int]:
        """Events after `from_version`, redacted for `viewer` unless the game is finished."""
        record = await self.repository.load(game_id)
        check_viewer(record, viewer)
        check_live_view(record, viewer, caller)
        recorded = await self.repository.read_events(game_id, max(from_version, 0))
        events = [_event_view(record, e, viewer) for e in recorded if e.version <= record.version]
        return events, record.version

    async def get_game(self, game_id: str) -> GameDetails:
        """A game's type, seats, version, status and options, from its stream (NotFound if none)."""
        record = await self.repository.load(game_id)
        summary = summary_of(game_id, record.created, record.version, record.outcome, record.takeovers)
        control = record.created.time_control
        return GameDetails(replace(summary, created_at=await self._creation_time(game_id)),
                           public_config(record.created.config), str(control.get("type", "")))

    async def _creation_time(self, game_id: str) -> datetime | None:
        """When the game was created: known here for a game this process created (every seat of a
        new game asks at once), else the catalogue's."""
        created_at = self._created_at.get(game_id)
        if created_at is None:
            row = await self.catalog.get_game_summary(game_id)
            created_at = row.created_at if row else None
            if created_at is not None:
                self._created_at.put(game_id, created_at)
        return created_at

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameSummary]:
        """A player's games, or (no player) the public list: unlisted private tables left out."""
        limit = limit if limit > 0 else 50
        return await self.catalog.list_games(player_id or None, live, finished, limit,
                                             listed_only=not player_id)

    async def list_my_games(self, player_id: str, include_finished: bool, limit: int) -> list[MyGame]:
        """The player's games, newest first: whose turn, the time left of the seat to act."""
        if not player_id:
            raise Malformed("player_id is required")
        limit = min(limit if limit > 0 else 50, 200)
        summaries = await self.catalog.list_games(player_id, True, include_finished, limit)
        now = self.now_ms()
        games = [my_game(await self.repository.load(s.game_id), player_id, now, s.winners) for s in summaries]
        return [g for g in games if g is not None]

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
        seats = tuple(s.to_json() for s in distinct_names(command.seats))
        chance = tuple(engine.chance_outcomes(None, state))
        clock = self._first_clock(command, engine.to_act(state))
        return GameCreated(command.game, config, seats, seed, dict(command.time_control), chance, clock,
                           command.listed)

    def _first_clock(self, command: CreateGame, to_act: list[int]) -> dict[str, Any] | None:
        try:
            control = clocks.parse_time_control(command.time_control)
        except clocks.BadTimeControl as e:
            raise Malformed(f"time_control_json: {e}") from e
        if control is None:
            return None
        players = [s for s in to_act if command.seats[s].bot_level is None]
        return clocks.start_clock(control, len(command.seats), players, self.now_ms()).to_json()

    def _engine(self, name: str) -> Game:
        try:
            return self.games(name)
        except KeyError as e:
            raise Malformed(str(e.args[0]) if e.args else f"unknown game {name!r}") from e

    async def _first_result(self, record: GameRecord, command: SubmitMove, replayed: Replayed) -> MoveResult:
        """The first result of `command`, which the store replayed (DuplicateCommand if the
        recorded move is another than this one's)."""
        first = from_recorded(replayed.previous[0])
        if not isinstance(first, MoveMade) or not _same_move(record, first, command):
            raise DuplicateCommand(
                f"command id {command.command_id!r} was already used for another request "
                f"(version {replayed.previous[0].version}); use a new command id"
            )
        at = await self.repository.load_at(command.game_id, replayed.version)
        return MoveResult(at.version, at, command.seat, replayed=True)

    async def _record_summary(self, game_id: str, created: GameCreated, version: int, outcome: Any,
                              taken: Mapping[int, Takeover] | None = None,
                              created_at: datetime | None = None) -> None:
        summary = summary_of(game_id, created, version, outcome, taken)
        await self.catalog.upsert_game_summary(replace(summary, created_at=created_at))

    async def _change_seat(self, game_id: str, command_id: str, player_id: str,
                           decide: Callable[[GameRecord], list[GameEvent]]) -> SeatChange:
        """Decide on the newest version and append; one retry if a move slipped in between."""
        actor = Caller(player_id=player_id).actor
        for attempt in (1, 2):
            record = await self.repository.load(game_id)
            try:
                return await self._seat_change(record, decide(record), command_id, actor)
            except ConcurrencyError as e:
                if attempt == 2:
                    raise Stale("the game changed while the seat was changed; retry") from e
        raise AssertionError("unreachable")

    async def _seat_change(self, record: GameRecord, events: list[GameEvent], command_id: str,
                           actor: str) -> SeatChange:
        """Changed now, or not (the seat already was as asked, or a retry the store replayed)."""
        if not events:
            return SeatChange(record.version, False)
        answer = await self._append_seat_events(record, events, command_id, actor)
        return SeatChange(answer.version, isinstance(answer, Appended))

    async def _append_seat_events(self, record: GameRecord, events: list[GameEvent],
                                  command_id: str = "", actor: str = "") -> AppendResult:
        after = fold(record, ((record.version + n, e) for n, e in enumerate(events, 1)), record.game_id,
                     lambda _: record.engine)
        assert after is not None
        answer = await self.repository.append(record, after, to_new_events(events, command_id, actor))
        if isinstance(answer, Appended):
            self._on_appended()
            await self._record_summary(record.game_id, record.created, after.version, after.outcome,
                                       after.takeovers)
        return answer

    async def _check_not_playing_elsewhere(self, game_id: str, player_id: str) -> None:
        """A player holds at most one live game (any number of correspondence games): no taking
        back a live seat while seated (not replaced) in another live game."""
        if not await self._is_live(game_id):
            return
        for game in await self.catalog.list_games(player_id or None, True, False, 100):
            held = any(s.get("player_id") == player_id and not s.get("acting_bot_level") for s in game.seats)
            if game.game_id != game_id and held and await self._is_live(game.game_id):
                raise Illegal("you are playing another live game; finish or leave it before "
                              "taking this seat back")

    async def _is_live(self, game_id: str) -> bool:
        """A game on a live clock (or none): not correspondence."""
        control = (await self.repository.load(game_id)).control
        return control is None or control.kind != clocks.CORRESPONDENCE


def view_of(record: GameRecord, viewer: Viewer, now_ms: int | None = None) -> ViewResult:
    engine = record.engine
    clock = clocks.display(record.clock, now_ms or record.clock.at_ms) if record.clock else None
    abandoned = record.abandoned() if record.finished else []
    return ViewResult(record.game_id, record.created.game, record.version, engine.view(record.state, viewer),
                      list(engine.to_act(record.state)), record.finished, clock, dict(record.takeovers),
                      honest_winners(record.outcome, abandoned), abandoned)


def summary_of(game_id: str, created: GameCreated, version: int, outcome: Any,
               taken: Mapping[int, Takeover] | None = None) -> GameSummary:
    """The catalogue row of a game; a seat a bot plays for its player shows the bot's level, and
    a seat a bot finished for an absent player is never among the winners."""
    abandoned = {seat for seat, t in (taken or {}).items() if t.until == "game"}
    winners = honest_winners(outcome, abandoned)
    seats = [dict(s) for s in created.seats]
    for seat, takeover in (taken or {}).items():
        seats[seat]["acting_bot_level"] = takeover.level
    return GameSummary(game_id, created.game, seats, version, outcome is not None, winners,
                       listed=created.listed)


def _event_view(record: GameRecord, recorded: RecordedEvent, viewer: Viewer) -> EventView:
    event = from_recorded(recorded)
    data = recorded.data if record.finished else redacted_event_data(record.engine, event, viewer)
    return EventView(recorded.version, recorded.type, data, recorded.recorded_at.isoformat())


def _caller(command: SubmitMove) -> Caller:
    return Caller(command.role, command.player_id)


def distinct_names(seats: tuple[SeatSpec, ...]) -> tuple[SeatSpec, ...]:
    """Seats whose people share a name (guests choose theirs freely) are told apart by a number,
    so nobody at a table can pass for another player there: "Ann", "ann 2"."""
    taken: dict[str, int] = {}
    named = []
    for seat in seats:
        key = seat.display_name.casefold().strip()
        taken[key] = taken.get(key, 0) + 1
        if seat.player_id is not None and key and taken[key] > 1:
            seat = replace(seat, display_name=f"{seat.display_name} {taken[key]}")
        named.append(seat)
    return tuple(named)


def _check_seat(record: GameRecord, command: SubmitMove) -> None:
    """A player's move needs their seat, free of a bot; the driver's needs a seat a bot plays."""
    check_viewer(record, command.seat)
    check_seat_access(record, command.seat, _caller(command), "move for")
    if not command.player_id:
        return
    takeover = record.takeovers.get(command.seat)
    if takeover is not None and not record.finished:
        until = "take your seat back first" if takeover.reason == "abandoned" else "until its move is made"
        raise Illegal(f"a bot plays seat {command.seat} ({takeover.reason}); {until}")


def _check_seats(engine: Game, seats: tuple[SeatSpec, ...]) -> None:
    counts = engine.player_counts()
    if len(seats) not in counts:
        raise Malformed(f"{engine.name} seats {counts_text(counts)} players, not {len(seats)}")
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


def _same_setup(recorded: RecordedEvent, requested: GameCreated, command_id: str) -> GameCreated:
    """The game a replayed CreateGame created, if it is the one requested (the seed the service
    chose may differ, so it is not compared); DuplicateCommand if the command id created another."""
    stored = from_recorded(recorded)
    if isinstance(stored, GameCreated) and (stored.game, stored.config, list(stored.seats)) == (
            requested.game, requested.config, list(requested.seats)):
        return stored
    raise DuplicateCommand(f"command id {command_id!r} already created a different game")


def _same_move(record: GameRecord, made: MoveMade, command: SubmitMove) -> bool:
    if made.seat != command.seat:
        return False
    try:
        return bool(record.engine.move_to_json(record.engine.parse_move(command.move)) == made.move)
    except RuleError:
        return False
