"""Fan-out of "your turn" notices: 10,000 correspondence turns, each for its own player with one
device, from the notifier's intake to the push service's 201, against the local push service
(tests/support/push_service.py) running in its own process — which checks every VAPID token and
decrypts every message, as the receiving side must. Reported: the intake (10,000 game notices
kept), the sending (expanded, encrypted, signed, POSTed, recorded) and the whole, against the
issue's target of 30 s on this machine. Postgres: DAIMYO_DATABASE_URL, else 127.0.0.1:5432."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import aiohttp
import psycopg
import structlog
from psycopg import sql

from daimyo_bus.messages import GameNotices, SeatNotice
from daimyo_devkit.commands import end_with_starter
from daimyo_kit.credentials import vapid_private_key
from daimyo_notifier.bootstrap import connected
from daimyo_notifier.handlers import NotifierHandlers, Policy
from daimyo_notifier.push import PushSender, public_key, vapid_from_key
from daimyo_notifier.sender import Sender, SenderConfig

NOTICES = int(os.environ.get("BENCH_NOTICES", "10000"))
TARGET_S = 30.0
PULL = 200  # messages the notifier's durable consumer takes per pull
REPO = Path(__file__).resolve().parents[2]


def push_service(server_key: str) -> tuple[subprocess.Popen[str], dict[str, object]]:
    child = subprocess.Popen([sys.executable, "-m", "tests.support.push_service", str(NOTICES), server_key],
                             cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    return child, json.loads(child.stdout.readline())


async def delivered(session: aiohttp.ClientSession, origin: str) -> dict[str, int]:
    async with session.get(f"{origin}/stats") as response:
        return dict(await response.json())


async def run(url: str, schema: str) -> None:
    vapid = vapid_from_key(vapid_private_key())
    child, started = push_service(public_key(vapid))
    origin, devices = str(started["origin"]), list(started["devices"])  # type: ignore[call-overload]
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=64)) as session:
            sender = PushSender(vapid, "mailto:bench@daimyo.test", session)
            policy = Policy((origin,))
            async with connected(url, policy, sender.send, SenderConfig(), schema) as (handlers, loop):
                for n, (endpoint, p256dh, auth) in enumerate(devices):
                    await handlers.subscribe(f"p{n}", endpoint, p256dh, auth, "en")
                kept, sent = await fan_out(handlers, loop)
            report(kept, sent, await delivered(session, origin))
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(10)


async def fan_out(handlers: NotifierHandlers, sender: Sender) -> tuple[float, float]:
    """Seconds to keep every notice (in pulls of PULL, as the consumer takes them) and to send them."""
    start = time.perf_counter()
    turns = [GameNotices(f"bench-{n}", "samurai", 2, (SeatNotice("your_turn", 1, f"p{n}"),))
             for n in range(NOTICES)]
    for first in range(0, NOTICES, PULL):
        await handlers.ingest(*turns[first:first + PULL])
    kept = time.perf_counter()
    while await sender.pass_once():
        pass
    return kept - start, time.perf_counter() - kept


def report(kept: float, sent: float, stats: dict[str, int]) -> None:
    whole = kept + sent
    print(f"notices: {NOTICES} 'your turn' notices, one device each, against the local push service")
    print(f"  intake  {kept:6.2f} s  ({NOTICES / kept:,.0f} notices/s kept)")
    print(f"  sending {sent:6.2f} s  ({NOTICES / sent:,.0f} pushes/s encrypted, signed, POSTed, recorded)")
    print(f"  whole   {whole:6.2f} s  (target {TARGET_S:.0f} s: {'met' if whole <= TARGET_S else 'MISSED'})")
    print(f"  push service: {stats['posts']} accepted, {stats['kept']} kept, refused {stats['refused']}")


async def main() -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    url = os.environ.get("DAIMYO_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    schema = f"bench_notifier_{uuid.uuid4().hex[:8]}"
    try:
        await run(url, schema)
    finally:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


if __name__ == "__main__":
    end_with_starter()
    sys.exit(asyncio.run(main()))
