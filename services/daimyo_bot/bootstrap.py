"""Wiring: settings from the environment → worker pool, levels, handlers, gRPC server; and the
driver's connections (NATS, game service, bot service), restarted with backoff when they fail."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from daimyo_bot.driver import QUEUE_GROUP, Driver
from daimyo_bot.grpc_api import BotServicer
from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_bot.settings import Settings as Settings
from daimyo_bus import Bus, subjects
from daimyo_kit import affinity, grpc_client, shutdown
from daimyo_kit import logging as log
from daimyo_kit.auth import CallerAuthInterceptor
from daimyo_kit.grpc_server import RunningServer, Servicer, start_server
from daimyo_kit.retry import backoff_delay
from daimyo_proto.daimyo.bot.v1 import bot_pb2, bot_pb2_grpc
from daimyo_proto.daimyo.game.v1 import game_pb2_grpc

SERVICE_NAME = bot_pb2.DESCRIPTOR.services_by_name["BotService"].full_name
CALLERS_BY_METHOD = {"SuggestMove": frozenset({"driver"})}
"""Only the bot driver asks for moves (searches are the expensive resource here)."""
_log = log.get_logger("daimyo_bot")


@dataclass
class BotApp:
    pool: SearchPool
    handlers: BotHandlers

    def close(self) -> None:
        self.pool.close()


async def build(settings: Settings) -> BotApp:
    """The pool started (workers warm) and the levels wired."""
    pool = SearchPool(settings.workers or None)
    await pool.warm_up()
    return BotApp(pool, BotHandlers(build_levels(pool)))


def servicers(app: BotApp) -> list[Servicer]:
    return [Servicer(bot_pb2_grpc.add_BotServiceServicer_to_server, BotServicer(app.handlers), SERVICE_NAME)]


def caller_auth(settings: Settings) -> CallerAuthInterceptor:
    return CallerAuthInterceptor(settings.callers, CALLERS_BY_METHOD)


async def start_grpc(app: BotApp, port: int, host: str = "0.0.0.0",
                     auth: CallerAuthInterceptor | None = None) -> RunningServer:
    """A bot server; `auth` checks callers (the service's entry point always passes it)."""
    return await start_server(servicers(app), port, host, [auth] if auth else [])


async def supervise_driver(settings: Settings) -> None:
    """Run the driver until cancelled; after a failure (NATS down at start) back off and retry."""
    attempt = 0
    while True:
        try:
            await run_driver(settings)
        except asyncio.CancelledError:
            raise
        except Exception:  # NATS or a channel failed: turn notices resume on reconnection
            attempt += 1
            _log.exception("driver_failed", attempt=attempt)
            await asyncio.sleep(backoff_delay(attempt, 0.2, 5.0))


async def run_driver(settings: Settings) -> None:
    """One driver session: turn notices (queue group) plus the periodic sweep, until cancelled."""
    bus = await Bus.connect(settings.nats_url, name="daimyo-bot-driver", role="driver")
    game_channel = grpc_client.channel(settings.game_addr, role="driver")
    bot_channel = grpc_client.channel(settings.bot_addr, role="driver")
    spreading = game_pb2_grpc.GameServiceStub(game_channel)  # type: ignore[no-untyped-call,unused-ignore]
    game = affinity.RoutedStub(settings.game_addr, spreading, game_pb2_grpc.GameServiceStub,  # a game's
                               lambda address: grpc_client.channel(address, role="driver"))  # replica
    bot = bot_pb2_grpc.BotServiceStub(bot_channel)  # type: ignore[no-untyped-call,unused-ignore]
    driver = Driver(game, bot, settings.driver_deadline_ms / 1000, settings.min_move_seconds)
    try:
        await bus.subscribe(subjects.ALL_TURNS, driver.on_turn, queue=QUEUE_GROUP)
        _log.info("driver_started", game=settings.game_addr, bot=settings.bot_addr)
        await driver.sweep_forever(settings.sweep_seconds)
    finally:  # every step bounded: NATS or the game service may be gone
        await bus.close(timeout=shutdown.share(0.1))
        await shutdown.bounded(driver.drain(), shutdown.share(0.2), "moves_in_flight")
        await shutdown.bounded(game.close(), shutdown.share(0.05), "replica channels")
        for channel in (game_channel, bot_channel):
            await shutdown.bounded(channel.close(), shutdown.share(0.05), "channel")
