"""The whole server side in one test process: the game service (relay, timekeeper), matchmaking
(gRPC, its loop and NATS listeners) on real Postgres and NATS, the bot driver, and gateways.

Used by the tests of players who come and go (queue, rematch, private tables, chat)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from daimyo_bot.driver import QUEUE_GROUP, Driver
from daimyo_bus import Bus, subjects
from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import start_test_gateway
from daimyo_kit import grpc_client
from daimyo_kit.grpc_server import RunningServer, start_server
from daimyo_matchmaking.bootstrap import matchmaking_servicer
from daimyo_matchmaking.game_client import GrpcGameCreator
from daimyo_matchmaking.handlers import MatchmakingHandlers
from daimyo_matchmaking.loop import MatchmakerLoop
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.messaging import (
    NatsPlayerNotifier,
    consume_abandoned_seats,
    consume_finished_games,
    listen_online,
)
from daimyo_matchmaking.ports import RulesCatalog, SystemClock
from daimyo_matchmaking.testing import scratch_store
from tests.support.game_service import RunningGameService, game_service, settings_for
from tests.unit.bot.fakes import RefusingBot


@dataclass
class Platform:
    game: RunningGameService
    matchmaking: MatchmakingHandlers
    mm_server: RunningServer
    nats_url: str
    gateways: list[RunningGateway] = field(default_factory=list)

    @property
    def game_addr(self) -> str:
        return f"127.0.0.1:{self.game.server.port}"

    @property
    def mm_addr(self) -> str:
        return f"127.0.0.1:{self.mm_server.port}"

    async def gateway(self, **options: Any) -> RunningGateway:
        started = await start_test_gateway(self.nats_url, self.game_addr, self.mm_addr, **options)
        self.gateways.append(started)
        return started


@contextlib.asynccontextmanager
async def platform(database_url: str, nats_url: str, schema: str,
                   policy: Policy | None = None) -> AsyncIterator[Platform]:
    async with (game_service(settings_for(database_url, nats_url, schema)) as game,
                scratch_store(database_url) as store):
        bus = await Bus.connect(nats_url, name="platform-test")
        channel = grpc_client.channel(game.address, role="matchmaking")  # matchmaking creates games
        handlers = MatchmakingHandlers(store, GrpcGameCreator(channel), NatsPlayerNotifier(bus),
                                       RulesCatalog(), SystemClock(), policy or Policy(),
                                       rng=random.Random(5))
        loop = MatchmakerLoop(handlers, 0.2)
        handlers.on_enqueue = loop.wake
        tasks = [await consume_finished_games(bus, handlers, durable=f"fin-{schema}", only_new=True),
                 await consume_abandoned_seats(bus, handlers, durable=f"ab-{schema}", only_new=True),
                 asyncio.create_task(loop.run())]
        await listen_online(bus, handlers, group=f"online-{schema}")
        driver = Driver(game.stub, RefusingBot(), deadline_s=0.2)  # the driver plays its fallback at once
        await bus.subscribe(subjects.ALL_TURNS, driver.on_turn, queue=f"{QUEUE_GROUP}-{schema}")
        server = await start_server([matchmaking_servicer(handlers)], port=0, host="127.0.0.1")
        running = Platform(game, handlers, server, nats_url)
        try:
            yield running
        finally:
            for gateway in running.gateways:
                await gateway.stop()
            await server.stop(0)
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await bus.close()
            await driver.drain()
            await channel.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def call(http: aiohttp.ClientSession, method: str, url: str, token: str = "",
               body: Any = None) -> tuple[int, Any]:
    async with http.request(method, url, json=body, headers=auth(token) if token else {}) as response:
        return response.status, await response.json()


async def eventually(check: Callable[[], Any], timeout: float = 15.0, every: float = 0.1) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        result = await check()
        if result:
            return result
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(every)
