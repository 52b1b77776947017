"""Matchmaking under a simulated arrival stream: matches formed per second and ticket waits.

Players arrive as a Poisson process (mixed ratings, acceptable table sizes, parties and bot
preferences) on a simulated clock; the real handlers and a real Postgres match them in a round
every 0.5 simulated seconds, as the service does. Reported per arrival rate: tables formed per
simulated second and per wall second spent matching, the wait distribution (p50/p90/p99), the
share of tables with bots and the mean rating spread at a table. A last row times one round
over a 1,000-ticket backlog. Postgres: DAIMYO_DATABASE_URL, else 127.0.0.1:5432, else embedded.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import structlog

from daimyo_devkit.commands import end_with_starter
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.store import PostgresStore
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier, scratch_store

ROUND_SECONDS = 0.5
SIM_SECONDS = 240.0
COUNTS = ([2], [3], [4], [2, 3], [3, 4], [2, 3, 4], [2, 3, 4])
CATALOG = StaticCatalog({"samurai": (2, 3, 4)})


@dataclass
class Tally:
    waits: list[float] = field(default_factory=list)
    tables: int = 0
    bot_tables: int = 0
    spreads: list[float] = field(default_factory=list)
    match_wall: float = 0.0
    enqueued: int = 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def seed_ratings(store: PostgresStore, players: dict[str, float]) -> None:
    for player, mu in players.items():
        await store.execute(
            "INSERT INTO ratings (game, player_id, mu, sigma, games) VALUES ('samurai', %s, %s, 3, 10)",
            (player, mu),
        )


def arrivals(rate: float, rng: random.Random) -> list[float]:
    times, t = [], 0.0
    while (t := t + rng.expovariate(rate)) < SIM_SECONDS:
        times.append(t)
    return times


def request_for(i: int, rng: random.Random) -> Enqueue:
    party = [f"p{i}-friend"] if rng.random() < 0.1 else []
    counts = [n for n in rng.choice(COUNTS) if n > len(party)] or [4]
    return Enqueue(f"p{i}", "samurai", counts, bots_welcome=rng.random() < 0.7, party=party)


async def run_stream(database_url: str, rate: float, seed: int = 1) -> Tally:
    rng, clock, tally = random.Random(seed), FakeClock(0.0), Tally()
    times = arrivals(rate, rng)
    requests = [request_for(i, rng) for i in range(len(times))]
    ratings = {p: rng.gauss(25.0, 5.0) for r in requests for p in (r.player_id, *r.party)}
    async with scratch_store(database_url) as store:
        await seed_ratings(store, ratings)
        mm = MatchmakingHandlers(
            store,
            InMemoryGameCreator(),
            RecordingNotifier(),
            CATALOG,
            clock,
            Policy(),
            rng=random.Random(seed),
        )
        enqueued_at: dict[str, float] = {}
        pending = list(zip(times, requests, strict=True))
        now = 0.0
        while now < SIM_SECONDS + 30.0:
            now += ROUND_SECONDS
            while pending and pending[0][0] <= now:
                at, request = pending.pop(0)
                clock.t = at
                enqueued_at[(await mm.enqueue(request)).ticket.ticket_id] = at
                tally.enqueued += 1
            clock.t = now
            started = time.perf_counter()
            matches = await mm.match_round("samurai")
            tally.match_wall += time.perf_counter() - started
            for match in matches:
                tally.tables += 1
                tally.bot_tables += any(s.is_bot for s in match.seats)
                humans = [ratings[s.player_id] for s in match.seats if not s.is_bot]
                tally.spreads.append(max(humans) - min(humans))
                tally.waits += [now - enqueued_at[t] for t in match.ticket_ids]
    return tally


async def backlog_round(database_url: str, tickets: int = 1000) -> tuple[int, float]:
    rng, clock = random.Random(9), FakeClock(0.0)
    async with scratch_store(database_url) as store:
        mm = MatchmakingHandlers(store, InMemoryGameCreator(), RecordingNotifier(), CATALOG, clock, Policy())
        await asyncio.gather(*(mm.enqueue(request_for(i, rng)) for i in range(tickets)))
        clock.t = 60.0
        started = time.perf_counter()
        formed = await mm.match_round("samurai")
        return len(formed), time.perf_counter() - started


def database_url() -> tuple[str, object | None]:
    url = os.environ.get("DAIMYO_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    try:
        psycopg.connect(url, connect_timeout=2).close()
        return url, None
    except psycopg.OperationalError:
        from daimyo_devkit.embedded import start_postgres

        data = Path(tempfile.mkdtemp(prefix="daimyo-bench-pg-")) / "data"
        server = start_postgres(data, die_with_parent=True)
        return server.url, server


async def main() -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    url, embedded = database_url()
    header = f"{'arrivals/s':>10} {'tickets':>7} {'tables':>6} {'tables/sim s':>12} {'tables/wall s':>13} "
    header += f"{'wait p50':>8} {'p90':>6} {'p99':>6} {'bots %':>6} {'spread':>6} {'unmatched':>9}"
    print(f"matchmaking: Poisson arrivals for {SIM_SECONDS:.0f} simulated s, a round every {ROUND_SECONDS} s")
    print(header)
    try:
        for rate in (0.2, 1.0, 5.0):
            t = await run_stream(url, rate)
            print(
                f"{rate:>10.1f} {t.enqueued:>7} {t.tables:>6} {t.tables / SIM_SECONDS:>12.2f} "
                f"{t.tables / max(t.match_wall, 1e-9):>13.0f} {percentile(t.waits, 0.5):>8.1f} "
                f"{percentile(t.waits, 0.9):>6.1f} {percentile(t.waits, 0.99):>6.1f} "
                f"{100 * t.bot_tables / max(t.tables, 1):>6.0f} {statistics.fmean(t.spreads or [0]):>6.1f} "
                f"{t.enqueued - len(t.waits):>9}"
            )
        formed, seconds = await backlog_round(url)
        print(
            f"backlog of 1000 tickets: {formed} tables in one round, {seconds * 1000:.0f} ms "
            f"({formed / seconds:.0f} tables/s)"
        )
    finally:
        if embedded is not None:
            embedded.stop()  # type: ignore[attr-defined]


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    sys.exit(asyncio.run(main()))
