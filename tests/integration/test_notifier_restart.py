"""Exactly once across a notifier killed mid-batch: a real notifier process follows real NATS,
sends to the local push service, is killed with SIGKILL while a batch is in flight and started
again. Every notice reaches its device (nothing skipped) and no device holds one twice (no
duplicates): what was sent but not yet recorded goes again under the same Topic, which the push
service keeps once — the raw re-sends are bounded by one group in flight."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Callable

import aiohttp
import psycopg
import pytest
from psycopg import sql

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import GameNotices, SeatNotice
from daimyo_devkit.embedded import free_port
from daimyo_kit import credentials
from daimyo_notifier.bootstrap import connected
from daimyo_notifier.handlers import Policy
from daimyo_notifier.push import PushSender, public_key, vapid_from_key
from tests.support.push_service import PushService

pytestmark = pytest.mark.integration
PLAYERS = 300
CONCURRENCY = 16


@pytest.fixture
async def schema(database_url: str) -> AsyncIterator[str]:
    name = f"test_notifier_{uuid.uuid4().hex[:10]}"
    yield name
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


def notifier_env(database_url: str, nats_url: str, schema: str, origin: str, key: str,
                 durable: str) -> dict[str, str]:
    env = {**os.environ, **credentials.env_additions(os.environ)}
    env.update(DAIMYO_DATABASE_URL=database_url, DAIMYO_NATS_URL=nats_url, DAIMYO_NOTIFIER_DB_SCHEMA=schema,
               DAIMYO_NOTIFIER_GRPC_PORT=str(free_port()), DAIMYO_NOTIFIER_METRICS_PORT=str(free_port()),
               DAIMYO_VAPID_PRIVATE_KEY=key, DAIMYO_PUSH_SERVICES=origin, DAIMYO_NOTIFIER_CONSUMER=durable,
               DAIMYO_NOTIFIER_LEASE_SECONDS="2", DAIMYO_NOTIFIER_CONCURRENCY=str(CONCURRENCY),
               DAIMYO_NOTIFIER_BATCH="100", DAIMYO_BIND_HOST="127.0.0.1", PYTHONUNBUFFERED="1")
    return env


def start(env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "daimyo_notifier"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


async def until(condition: Callable[[], bool], seconds: float) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)


async def test_a_notifier_killed_mid_batch_neither_skips_nor_duplicates_a_notice(
    database_url: str, nats_url: str, schema: str
) -> None:
    push = PushService(delay_s=0.02)
    origin = await push.start()
    key = credentials.vapid_private_key()
    server_key = public_key(vapid_from_key(key))
    durable = f"notifier-test-{uuid.uuid4().hex[:8]}"
    run = uuid.uuid4().hex[:8]  # players of this run only: the stream holds other tests' notices too
    async with aiohttp.ClientSession() as session:
        unused = PushSender(vapid_from_key(key), "mailto:t@daimyo.test", session).send
        async with connected(database_url, Policy((origin,)), unused, schema=schema) as (handlers, _):
            for n in range(PLAYERS):
                device = push.subscribe(server_key)
                await handlers.subscribe(f"{run}-p{n}", device.endpoint, device.p256dh, device.auth_b64, "en")
    env = notifier_env(database_url, nats_url, schema, origin, key, durable)
    bus = await Bus.connect(nats_url, name="notifier-restart-test")
    process = start(env)
    try:
        await bus.ensure_games_stream()
        for n in range(PLAYERS):
            notices = GameNotices(f"r{run}-{n}", "samurai", 5, (SeatNotice("your_turn", 0, f"{run}-p{n}"),))
            await bus.publish_durable(subjects.notices(notices.game_id), notices,
                                      f"{notices.game_id}:5:notices")
        await until(lambda: push.posts >= PLAYERS // 3, 60)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        killed_at = push.posts
        assert 0 < killed_at < PLAYERS, "the kill must land mid-batch"
        process = start(env)
        await until(lambda: len(push.inbox) >= PLAYERS, 90)
        await asyncio.sleep(2.5)  # past the claim lease: anything left in doubt would go again now
        keys = sorted(n["key"] for n in push.received())
        assert keys == sorted(f"r{run}-{n}:5:your_turn:{run}-p{n}" for n in range(PLAYERS))  # nothing skipped
        assert all(len(push.received(sid)) == 1 for sid in push.devices)  # no device holds one twice
        assert push.posts - PLAYERS <= CONCURRENCY  # re-sent: at most the one group in doubt
        assert not push.refused
        print(f"killed after {killed_at} posts; {push.posts - PLAYERS} re-sent under the same Topic")
    finally:
        process.kill()
        process.wait(10)
        await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)
        await bus.close()
        await push.stop()
