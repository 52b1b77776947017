"""After a long outage of Postgres or NATS, a service's connections come back within seconds of
the server's return, not after a backoff grown to minutes (issue 32: the gateway answered 503
for ~124 s; RECONNECT_CAP_SECONDS in daimyo_kit.retry)."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest

from daimyo_bus import Bus
from daimyo_bus.messages import BusMessage, ChatLine
from daimyo_devkit.embedded import port_answers
from daimyo_matchmaking.store import open_pool
from tests.resilience.servers import PrivateNats, PrivatePostgres

OUTAGE_SECONDS = 20.0  # long enough for psycopg's own backoff to reach a 16 s pause
BACK_WITHIN_SECONDS = 5.0


async def test_a_pool_answers_within_seconds_of_postgres_returning(
        private_postgres: PrivatePostgres) -> None:
    pool = open_pool(private_postgres.url, max_size=1)
    await pool.open(wait=True)
    try:
        private_postgres.stop()
        with pytest.raises(psycopg.OperationalError):
            async with pool.connection(timeout=5) as conn:
                await conn.execute("SELECT 1")
        await asyncio.sleep(OUTAGE_SECONDS)
        private_postgres.start()
        back = time.monotonic()
        async with pool.connection(timeout=60) as conn:
            await conn.execute("SELECT 1")
        assert time.monotonic() - back < BACK_WITHIN_SECONDS
    finally:
        if not port_answers("127.0.0.1", private_postgres.port):  # the server is shared by the directory
            private_postgres.start()
        await pool.close()


async def test_the_bus_delivers_within_seconds_of_nats_returning(private_nats: PrivateNats) -> None:
    assert private_nats.process is not None
    logins = private_nats.process.credentials
    reader = await Bus.connect(private_nats.url, role="gateway", env=logins)
    writer = await Bus.connect(private_nats.url, role="gateway", env=logins)
    heard: asyncio.Queue[BusMessage] = asyncio.Queue()

    async def remember(_subject: str, message: BusMessage) -> None:
        await heard.put(message)

    subject = "daimyo.chat.g-1.players"
    line = ChatLine({"type": "chat", "id": 1, "game_id": "g-1", "channel": "players", "text": "hi"})
    try:
        await reader.subscribe(subject, remember)
        private_nats.stop()
        await asyncio.sleep(OUTAGE_SECONDS)
        private_nats.start()
        back = time.monotonic()
        while heard.empty() and time.monotonic() - back < 30:
            if writer.is_connected:
                await writer.publish(subject, line)
            await asyncio.sleep(0.1)
        assert not heard.empty() and time.monotonic() - back < BACK_WITHIN_SECONDS
    finally:
        await reader.close()
        await writer.close()
