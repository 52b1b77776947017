"""From a correspondence game to a player's device, every part real: the game service appends, its
relay publishes the game's notices durably on NATS, the notifier follows them, and the local push
service decrypts what reaches each player's device. A live game makes no such notice."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import aiohttp
import psycopg
import pytest
from psycopg import sql

from daimyo_bus import Bus, subjects
from daimyo_kit.credentials import vapid_private_key
from daimyo_notifier.bootstrap import connected, follow_notices
from daimyo_notifier.handlers import NotifierHandlers, Policy
from daimyo_notifier.push import PushSender, public_key, vapid_from_key
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration import test_live_play
from tests.integration.test_live_play import Table, create_game, players
from tests.support.game_service import play_random_move, spectator
from tests.support.push_service import PushService

table = test_live_play.table
pytestmark = pytest.mark.integration
CORRESPONDENCE = {"type": "correspondence", "days_per_move": 3}


@dataclass
class Notified:
    push: PushService
    handlers: NotifierHandlers
    server_key: str

    async def device(self, player: str) -> str:
        device = self.push.subscribe(self.server_key)
        await self.handlers.subscribe(player, device.endpoint, device.p256dh, device.auth_b64, "en")
        return device.sid

    def kinds(self, sid: str, game_id: str) -> list[str]:
        return sorted(n["kind"] for n in self.push.received(sid) if n["game_id"] == game_id)


@pytest.fixture
async def notified(table: Table, database_url: str) -> AsyncIterator[Notified]:
    push = PushService()
    origin = await push.start()
    schema, durable = f"test_notifier_{uuid.uuid4().hex[:10]}", f"notices-test-{uuid.uuid4().hex[:8]}"
    vapid = vapid_from_key(vapid_private_key())
    bus = await Bus.connect(table.nats_url, name="notices-from-games")
    async with aiohttp.ClientSession() as session:
        sender = PushSender(vapid, "mailto:t@daimyo.test", session)
        async with connected(database_url, Policy((origin,)), sender.send, schema=schema) as (handlers, loop):
            await follow_notices(bus, handlers, durable)
            sending = asyncio.create_task(loop.run())
            try:
                yield Notified(push, handlers, public_key(vapid))
            finally:
                sending.cancel()
                await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)
                await bus.close()
    await push.stop()
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


async def eventually(check: Callable[[], bool], seconds: float = 20) -> None:
    for _ in range(int(seconds / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    assert check()


async def test_each_player_of_a_correspondence_game_hears_of_it_and_of_their_turn(
        table: Table, notified: Notified) -> None:
    ann, bea = await notified.device("p0"), await notified.device("p1")
    game_id = await create_game(table.stub, players("p0", "p1"), CORRESPONDENCE)
    await eventually(lambda: notified.kinds(ann, game_id) == ["game_found", "your_turn"]
                     and notified.kinds(bea, game_id) == ["game_found"])
    rng = random.Random(3)
    seen = game_pb2.GetViewRequest(game_id=game_id, viewer=spectator())
    while (await table.stub.GetView(seen)).to_act == [0]:  # ann's turn may take several moves
        await play_random_move(table.stub, game_id, rng)
    await eventually(lambda: notified.kinds(bea, game_id) == ["game_found", "your_turn"])
    turn = next(n for n in notified.push.received(bea) if n["kind"] == "your_turn")
    assert turn["game"] == "samurai" and turn["deadline_ms"] > 0
    assert notified.kinds(ann, game_id) == ["game_found", "your_turn"]  # one notice per turn begun


async def test_a_live_game_sends_nothing_while_the_page_is_closed(table: Table, notified: Notified) -> None:
    ann = await notified.device("p0")
    live = await create_game(table.stub, players("p0", "p1"), {"type": "live", "initial_seconds": 600})
    marker = await create_game(table.stub, players("p0", "p9"), CORRESPONDENCE)  # sent after the live one
    await eventually(lambda: bool(notified.kinds(ann, marker)))
    assert notified.kinds(ann, live) == []
    assert json.dumps(notified.push.received(ann)).count(live) == 0
