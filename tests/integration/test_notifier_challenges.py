"""A friend's challenge as a push (issue 34): matchmaking keeps it on the games stream (from its
outbox, committed with the table), the
notifier follows it durably and pushes it, as the friend's preferences allow, to a local push
service that decrypts it with the device's own key."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import psycopg
import pytest
from psycopg import sql

from daimyo_bus import Bus
from daimyo_bus.messages import TableChallenge
from daimyo_kit.credentials import vapid_private_key
from daimyo_matchmaking.handlers import MatchmakingHandlers
from daimyo_matchmaking.messaging import NatsPlayerNotifier
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.tables import NewTable
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, scratch_store
from daimyo_notifier.bootstrap import connected, follow_challenges
from daimyo_notifier.domain import Preferences
from daimyo_notifier.handlers import NotifierHandlers, Policy
from daimyo_notifier.push import PushSender, public_key, vapid_from_key
from daimyo_notifier.sender import Sender
from tests.support.push_service import PushService

pytestmark = pytest.mark.integration


@dataclass
class Rig:
    push: PushService
    handlers: NotifierHandlers
    sender: Sender
    server_key: str
    matchmaking: NatsPlayerNotifier

    async def device(self, player: str) -> str:
        device = self.push.subscribe(self.server_key)
        await self.handlers.subscribe(player, device.endpoint, device.p256dh, device.auth_b64, "en")
        return device.sid

    async def pushed(self, sid: str, count: int = 1) -> list[dict[str, object]]:
        """What device `sid` received once `count` pushes arrived (or after 10 s, what it has)."""
        for _ in range(100):
            await self.sender.pass_once()
            if len(self.push.received(sid)) >= count:
                break
            await asyncio.sleep(0.1)
        return self.push.received(sid)


@pytest.fixture
async def rig(database_url: str, nats_url: str) -> AsyncIterator[Rig]:
    push = PushService()
    origin = await push.start()
    schema = f"test_challenges_{uuid.uuid4().hex[:10]}"
    bus = await Bus.connect(nats_url, name="notifier-challenges-test")
    await bus.ensure_games_stream()
    vapid = vapid_from_key(vapid_private_key())
    async with aiohttp.ClientSession() as session:
        sender = PushSender(vapid, "mailto:ops@daimyo.test", session)
        async with connected(database_url, Policy((origin,)), sender.send, schema=schema) as (handlers, loop):
            follower = await follow_challenges(bus, handlers, durable=f"test-{schema}")
            yield Rig(push, handlers, loop, public_key(vapid), NatsPlayerNotifier(bus))
            follower.cancel()
            await bus.client.jetstream().delete_consumer("DAIMYO_GAMES", f"test-{schema}")
    await bus.close()
    await push.stop()
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


# The games stream outlives a test run and a new durable consumer reads it from the start:
# players named afresh each run never meet an earlier run's challenges.
RUN = uuid.uuid4().hex[:8]


def code() -> str:
    return f"T{uuid.uuid4().hex[:8].upper()}"


async def test_a_challenged_friend_hears_who_challenges_to_which_game_and_at_which_table(rig: Rig) -> None:
    table = code()
    sid = await rig.device(f"friend-1-{RUN}")
    await rig.matchmaking.announce_challenge(
        TableChallenge(table, "samurai", f"host-1-{RUN}", "Ann", (f"friend-1-{RUN}",)))
    assert await rig.pushed(sid) == [{"key": f"{table}:0:friend_challenge:friend-1-{RUN}",
                                      "kind": "friend_challenge", "game_id": table, "game": "samurai",
                                      "version": 0, "deadline_ms": 0, "host": "Ann", "locale": "en"}]
    assert not rig.push.refused


async def test_a_challenge_kept_twice_is_pushed_once(rig: Rig) -> None:
    table, sid = code(), await rig.device(f"friend-2-{RUN}")
    challenge = TableChallenge(table, "go", f"host-2-{RUN}", "Bo", (f"friend-2-{RUN}",))
    await rig.matchmaking.announce_challenge(challenge)
    await rig.matchmaking.announce_challenge(challenge)  # a retry: the stream keeps it once
    await rig.pushed(sid)
    await asyncio.sleep(0.5)
    assert len(await rig.pushed(sid, count=2)) == 1


async def test_a_friend_who_muted_challenges_on_push_gets_none(rig: Rig) -> None:
    muted, heard = await rig.device(f"friend-3-{RUN}"), await rig.device(f"friend-4-{RUN}")
    await rig.handlers.set_preferences(
        Preferences(f"friend-3-{RUN}", frozenset({("friend_challenge", "push")})))
    await rig.matchmaking.announce_challenge(
        TableChallenge(code(), "samurai", f"host-3-{RUN}", "Cy", (f"friend-3-{RUN}", f"friend-4-{RUN}")))
    assert [n["kind"] for n in await rig.pushed(heard)] == ["friend_challenge"]
    assert rig.push.received(muted) == []


async def test_a_table_a_host_opens_for_a_friend_reaches_the_friends_device(rig: Rig,
                                                                          database_url: str) -> None:
    sid = await rig.device(f"friend-5-{RUN}")
    async with scratch_store(database_url) as store:
        matchmaking = MatchmakingHandlers(store, InMemoryGameCreator(), rig.matchmaking,
                                          StaticCatalog({"samurai": (2, 3, 4)}), FakeClock())
        table = await matchmaking.create_table(NewTable(f"host-5-{RUN}", "Dee", "samurai", 2, {}, "",
                                                        invited=(f"friend-5-{RUN}",)))
        assert await store.tables.unsent_challenges(float("inf")) == []  # the stream has it
    [notice] = await rig.pushed(sid)
    assert (notice["kind"], notice["game_id"], notice["host"]) == ("friend_challenge", table.code, "Dee")
