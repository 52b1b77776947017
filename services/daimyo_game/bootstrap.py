"""Wiring: settings from the environment → store, repository, handlers, relay, gRPC server.

Everything the service needs is built here and nowhere else; tests build the same pieces with
their own settings (a fresh schema, port 0).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from daimyo_bus.bus import Bus
from daimyo_game.aggregate import GameResolver
from daimyo_game.catalogue import PostgresCatalogue, migrate_catalogue
from daimyo_game.chat import Chat, ChatStore
from daimyo_game.events import UPCASTERS
from daimyo_game.grpc_api import GameServicer
from daimyo_game.handlers import GameHandlers, wall_clock_ms
from daimyo_game.lease import AdvisoryLease
from daimyo_game.relay import Lease, Publisher, Relay, RelayConfig
from daimyo_game.repository import GameRepository
from daimyo_game.seat_rate import SeatChangeRate
from daimyo_game.settings import Settings as Settings
from daimyo_game.timekeeper import Timekeeper
from daimyo_kit import logging as log
from daimyo_kit import shutdown
from daimyo_kit.auth import CallerAuthInterceptor
from daimyo_kit.grpc_server import RunningServer, Servicer, start_server
from daimyo_kit.retry import backoff_delay
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from daimyo_rules.registry import get_game
from daimyo_store.migrations import apply_migrations
from daimyo_store.postgres import PostgresEventStore

SERVICE_NAME = game_pb2.DESCRIPTOR.services_by_name["GameService"].full_name
_READERS = frozenset({"gateway", "driver", "matchmaking", "analysis"})
CALLERS_BY_METHOD = {
    "CreateGame": frozenset({"matchmaking"}),
    "SubmitMove": frozenset({"gateway", "driver"}), "SubmitMoves": frozenset({"gateway", "driver"}),
    "GetView": _READERS, "ListEvents": _READERS, "Replay": _READERS, "ListGames": _READERS,
    "GetGame": _READERS,
    "HandOverSeat": frozenset({"gateway"}), "ReclaimSeat": frozenset({"gateway"}),
    "ListMyGames": frozenset({"gateway"}),
    "PostChat": frozenset({"gateway"}), "ListChat": frozenset({"gateway"}),
}
"""Which authenticated roles may call each method; seat-level checks follow in the handlers."""
_log = log.get_logger("daimyo_game")


@dataclass
class GameApp:
    """The wired service; `close()` stops the relay and releases the store."""

    settings: Settings
    store: PostgresEventStore
    catalogue: PostgresCatalogue
    chat: ChatStore
    games: GameResolver
    handlers: GameHandlers
    wakeup: asyncio.Event
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def start_relay(self) -> None:
        """Run the relay in the background: it waits for the lease and recovers from failures."""
        self._tasks.append(asyncio.create_task(supervise_relay(self), name="relay"))

    async def close(self) -> None:
        """Each step bounded by its share of the shutdown grace, whatever Postgres/NATS do."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await shutdown.bounded(asyncio.gather(*self._tasks, return_exceptions=True),
                                   shutdown.share(0.15), "relay")
        await shutdown.bounded(self.catalogue.close(), shutdown.share(0.1), "catalogue")
        await shutdown.bounded(self.chat.close(timeout=shutdown.share(0.05)), shutdown.share(0.1), "chat")
        await shutdown.bounded(self.store.close(timeout=shutdown.share(0.15)), shutdown.share(0.2),
                               "event_store")


async def build(settings: Settings, games: GameResolver = get_game,
                now_ms: Callable[[], int] = wall_clock_ms) -> GameApp:
    """Migrations applied, store opened, handlers wired (the relay is not started).

    `now_ms` is the service's only clock (game clocks, the timekeeper); tests inject their own.
    """
    await migrate(settings)
    store = await PostgresEventStore.open(settings.database_url, settings.schema, UPCASTERS,
                                          max_size=settings.pool_size)
    catalogue = await PostgresCatalogue.open(settings.database_url, settings.schema)
    chat = await ChatStore.open(settings.database_url, settings.schema)
    repository = GameRepository(store, games, settings.cache_size, settings.snapshot_every)
    wakeup = asyncio.Event()
    handlers = GameHandlers(repository, catalogue, games, wakeup.set, now_ms)
    handlers.chat = Chat(chat, repository.load)
    handlers.seat_changes = SeatChangeRate(settings.seat_changes_per_minute)
    return GameApp(settings, store, catalogue, chat, games, handlers, wakeup)


async def migrate(settings: Settings) -> list[str]:
    """The event store's migrations (its tables live in this service's schema), then the game
    service's own (`migrations/`: its catalogue and table chat)."""
    applied = await apply_migrations(settings.database_url, settings.schema)
    return applied + await migrate_catalogue(settings.database_url, settings.schema)


async def supervise_relay(app: GameApp) -> None:
    """Connect, take the lease and relay; after a failure back off and start again."""
    attempt = 0
    while True:
        try:
            await relay_once(app)
        except asyncio.CancelledError:
            raise
        except Exception:  # NATS or Postgres went away: the checkpoint says where to resume
            attempt += 1
            _log.exception("relay_failed", attempt=attempt)
            await asyncio.sleep(backoff_delay(attempt, 0.2, 5.0))


async def relay_once(app: GameApp) -> None:
    """One relay session: until cancelled or until NATS/Postgres fail."""
    settings = app.settings
    bus = await Bus.connect(settings.nats_url, name="daimyo-game-relay", role="game")
    try:
        await bus.ensure_games_stream()
        lease = AdvisoryLease(settings.database_url, f"daimyo_game.relay:{settings.schema}")
        await relay_for(app, bus, lease).run()
    finally:
        await bus.close()


def relay_for(app: GameApp, publisher: Publisher, lease: Lease) -> Relay:
    """The relay of `app`: what the handlers computed and appended in this process it takes from
    their repository (no second apply, no decoding back); anything else it loads through its own,
    which caches nothing (its loads must not evict the handlers' games)."""
    repository = GameRepository(app.store, app.games, 0, app.settings.snapshot_every)
    return Relay(repository, publisher, lease, RelayConfig(now_ms=app.handlers.now_ms), catalog=app.catalogue,
                 timekeeper=Timekeeper(app.handlers), handed_over=app.handlers.repository, wakeup=app.wakeup)


def servicers(app: GameApp) -> list[Servicer]:
    servicer = GameServicer(app.handlers)
    return [Servicer(game_pb2_grpc.add_GameServiceServicer_to_server, servicer, SERVICE_NAME)]


def caller_auth(settings: Settings) -> CallerAuthInterceptor:
    """The check of every caller's credentials (refuses to build without configured callers)."""
    return CallerAuthInterceptor(settings.callers, CALLERS_BY_METHOD)


async def start_grpc(app: GameApp, port: int | None = None, host: str | None = None) -> RunningServer:
    """A running gRPC server for `app` (port 0: any free port; None: the configured one)."""
    return await start_server(servicers(app), app.settings.grpc_port if port is None else port,
                              host or app.settings.bind_host, [caller_auth(app.settings)])
