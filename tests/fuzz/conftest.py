"""Real services for the fuzz tests, started once per module: a game service (Postgres + NATS,
its own schema) with a gateway in front, and two games whose streams must never move.

The fuzzing player is a guest who holds seat 1 of `theirs` (seat 0 is to act there, so every
move this player sends is refused) and no seat of `others`.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import psycopg
import pytest
from psycopg import sql

from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import SocketClient, sign_in, start_test_gateway
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import RunningGameService, settings_for, start_service


@dataclass
class FuzzStack:
    game: RunningGameService
    gateway: RunningGateway
    http: aiohttp.ClientSession
    player: dict[str, Any]
    theirs: str  # the fuzzing player holds seat 1 (not to act)
    others: str  # the fuzzing player holds no seat

    async def versions(self) -> dict[str, int]:
        """Each game's stream version, read from the event log itself."""
        found = {}
        for game_id in (self.theirs, self.others):
            request = game_pb2.ListEventsRequest(game_id=game_id, viewer=game_pb2.Viewer(spectator=True))
            found[game_id] = (await self.game.stub.ListEvents(request)).events[-1].version
        return found

    async def socket(self) -> SocketClient:
        return await SocketClient.connect(self.http, self.gateway.url, self.player["token"])


async def create_game(service: RunningGameService, player_ids: list[str]) -> str:
    seats = [game_pb2.Seat(player_id=p, display_name=p[:8]) for p in player_ids]
    request = game_pb2.CreateGameRequest(game="samurai", seats=seats, command_id=uuid.uuid4().hex, seed=5,
                                         config_json=json.dumps({"players": 2, "random_setup": True}))
    return str((await service.stub.CreateGame(request)).game_id)


@pytest.fixture(scope="module")
async def fuzz_schema(database_url: str) -> AsyncIterator[str]:
    schema = f"fuzz_{uuid.uuid4().hex[:12]}"
    yield schema
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture(scope="module")
async def game_service_for_fuzz(database_url: str, nats_url: str,
                                fuzz_schema: str) -> AsyncIterator[RunningGameService]:
    service = await start_service(settings_for(database_url, nats_url, fuzz_schema))
    yield service
    await service.stop()


@pytest.fixture(scope="module")
async def fuzz_stack(game_service_for_fuzz: RunningGameService, nats_url: str) -> AsyncIterator[FuzzStack]:
    service = game_service_for_fuzz
    gateway = await start_test_gateway(nats_url, f"127.0.0.1:{service.server.port}")
    async with aiohttp.ClientSession() as http:
        player = await sign_in(http, gateway.url, "Fuzzer")
        owner = await sign_in(http, gateway.url, "Owner")
        theirs = await create_game(service, [owner["player_id"], player["player_id"]])
        others = await create_game(service, [owner["player_id"], "someone-else"])
        yield FuzzStack(service, gateway, http, player, theirs, others)
    await gateway.stop()
