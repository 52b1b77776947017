"""Two replicas of game, gateway and bot share one Postgres and one NATS; one of each is
SIGKILLed while 20 bot-only games run. Every game still finishes with a gap-free stream and no
move made twice, and spectators on either gateway (the killed one's reconnecting to the
survivor) are shown every version once, in order."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import psutil
import psycopg
import pytest

from tests.resilience.cluster import Cluster, Shape, start_cluster
from tests.resilience.play import Games, Spectator, repeats_within, stream_problems
from tests.resilience.servers import PrivateNats, PrivatePostgres

pytestmark = [pytest.mark.resilience, pytest.mark.integration]

GAMES = 20
WATCHED = 4  # games with a spectator on each gateway


@pytest.fixture
def cluster(private_postgres: PrivatePostgres, private_nats: PrivateNats, log_dir: Path) -> Iterator[Cluster]:
    running = start_cluster(private_postgres.url, private_nats.url, log_dir,
                            Shape(games=2, gateways=2, bots=2, matchmakers=0))
    try:
        yield running
    finally:
        if killed := running.stop():
            print(f"\nkilled at teardown (no exit within the SIGTERM grace): {killed}")


def relay_holder(cluster: Cluster) -> str:
    """The game replica whose connection holds the relay's advisory lock."""
    with psycopg.connect(cluster.env["DAIMYO_DATABASE_URL"]) as conn:
        row = conn.execute("SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                           "WHERE l.locktype = 'advisory' AND l.granted").fetchone()
    assert row is not None, "nobody holds the relay lease"
    for name in ("game-0", "game-1"):
        for process in [psutil.Process(cluster[name].pid), *psutil.Process(cluster[name].pid).children()]:
            if any(c.laddr.port == row[0] for c in process.net_connections("tcp")):
                return name
    raise AssertionError("the relay lease is held by no game replica")


async def test_killing_one_replica_of_each_service_loses_and_repeats_no_move(
        cluster: Cluster, http: aiohttp.ClientSession) -> None:
    games = Games(cluster.game_target)
    started = time.monotonic()
    game_ids = await games.create_bot_games(GAMES)
    spectators = [await Spectator.watch(http, cluster.gateway_url(n), g)
                  for g in game_ids[:WATCHED] for n in (0, 1)]
    await games.wait_until_all_reach(game_ids, 8, timeout=60)
    killed_relay = relay_holder(cluster)
    for name in (killed_relay, "gateway-0", "bot-0"):
        cluster[name].kill()
    versions_at_kill = await games.versions(game_ids)
    for spectator in spectators[0::2]:  # the ones on gateway-0
        await _reconnect_if_cut(spectator, cluster.gateway_url(1))

    await games.wait_until_finished(game_ids, timeout=120)
    elapsed = time.monotonic() - started

    assert await stream_problems(cluster.env["DAIMYO_DATABASE_URL"], cluster.game_schema, game_ids) == []
    finals = await games.versions(game_ids)
    still_running = sum(versions_at_kill[g] < finals[g] for g in game_ids)
    assert still_running >= GAMES // 2, "the kills came too late to hit games mid-way"
    assert all(len(s.sockets) == 2 for s in spectators[0::2]), "gateway-0's spectators were never cut off"
    await _assert_spectators_saw_every_version(spectators, finals)
    print(f"\n{GAMES} games, {sum(finals.values())} events, all finished {elapsed:.1f}s after creation; "
          f"{still_running} were mid-game when {killed_relay} (relay lease holder), gateway-0 and bot-0 died")
    await games.close()


async def _reconnect_if_cut(spectator: Spectator, survivor_url: str, wait: float = 5.0) -> None:
    """A spectator whose gateway died notices its socket closing and goes to the survivor."""
    deadline = asyncio.get_running_loop().time() + wait
    while not spectator.disconnected and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    if spectator.disconnected:
        await spectator.connect(survivor_url)


async def _assert_spectators_saw_every_version(spectators: list[Spectator], finals: dict[str, int]) -> None:
    for spectator in spectators:
        final = finals[spectator.game_id]
        await _until_shown(spectator, final, timeout=30)
        shown = spectator.shown
        assert shown == list(range(shown[0], final + 1)), f"{spectator.game_id}: {shown}"
        assert all(repeats_within(s, spectator.game_id) == [] for s in spectator.sockets)
        await spectator.close()


async def _until_shown(spectator: Spectator, version: int, timeout: float) -> None:
    """Until the spectator was shown `version` on any of its sockets: a game that ended before its
    gateway died was shown to the end there, and the survivor then has nothing newer to send."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not spectator.shown or spectator.shown[-1] < version:
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"{spectator.game_id} was never shown version {version}: "
                                 f"{spectator.shown[-3:]}")
        await asyncio.sleep(0.05)
