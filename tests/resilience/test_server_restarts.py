"""Postgres restarted mid-game, and NATS restarted mid-game: the game service, its relay, the
gateway, the bot driver and the matchmaker all carry on by themselves. Every game finishes with
a gap-free stream and no move made twice; a player at the gateway is told something is wrong
(an error to a move, or "reconnecting") and then plays on; the matchmaker still rates the
games that ended and matches new tickets."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import psycopg
import pytest
from psycopg import sql

from daimyo_gateway.testing import SocketClient, sign_in
from tests.resilience.cluster import Cluster, Shape, start_cluster
from tests.resilience.play import Games, Player, Spectator, repeats_within, stream_problems
from tests.resilience.servers import PrivateNats, PrivatePostgres

pytestmark = [pytest.mark.resilience, pytest.mark.integration]

BOT_GAMES = 6
DOWN_SECONDS = {"postgres": 12.0, "nats": 3.0}  # Postgres: past the gateway's 10 s call deadline


@dataclass
class Servers:
    postgres: PrivatePostgres
    nats: PrivateNats

    def server(self, which: str) -> PrivatePostgres | PrivateNats:
        return self.postgres if which == "postgres" else self.nats


@pytest.fixture
def servers(private_postgres: PrivatePostgres, private_nats: PrivateNats) -> Servers:
    return Servers(private_postgres, private_nats)


@pytest.fixture
def cluster(servers: Servers, log_dir: Path) -> Iterator[Cluster]:
    running = start_cluster(servers.postgres.url, servers.nats.url, log_dir, Shape())
    try:
        yield running
    finally:
        if killed := running.stop():
            print(f"\nkilled at teardown (no exit within the SIGTERM grace): {killed}")


async def matched_player(http: aiohttp.ClientSession, url: str, name: str) -> Player:
    """A person signed in at the gateway, queued for a game against random bots, seated."""
    session = await _signed_in(http, url, name)
    headers = {"Authorization": f"Bearer {session['token']}"}
    body = {"game": "samurai", "player_counts": [2], "mode": "bots", "bot_level": "random"}
    async with http.post(f"{url}/api/queue", json=body, headers=headers) as response:
        ticket = await response.json()
    ticket = await _until_matched(http, f"{url}/api/queue/{ticket['ticket_id']}", headers)
    socket = await SocketClient.connect(http, url, session["token"])
    player = Player(socket, ticket["game_id"], ticket["seat"])
    await player.resubscribe()
    return player


async def _signed_in(http: aiohttp.ClientSession, url: str, name: str,
                     within: float = 15.0) -> dict[str, Any]:
    """Signed in, as a browser would: a sign-in is a session row in the accounts service, which
    answers 503 until its pool is back from a Postgres restart (seconds, not minutes)."""
    deadline = time.monotonic() + within
    while True:
        try:
            return await sign_in(http, url, name)
        except aiohttp.ClientResponseError as refused:
            if refused.status != 503 or time.monotonic() > deadline:
                raise
        await asyncio.sleep(0.2)


async def _until_matched(http: aiohttp.ClientSession, url: str, headers: dict[str, str],
                         timeout: float = 60.0) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        async with http.get(url, headers=headers) as response:
            ticket: dict[str, Any] = await response.json() if response.status == 200 else {}
        if ticket.get("state") == "matched":
            return ticket
        await asyncio.sleep(0.2)
    raise AssertionError(f"the ticket was never matched: {ticket}")


async def processed_by_matchmaker(cluster: Cluster) -> set[str]:
    """The games whose result the matchmaker consumed (from the durable finished-games stream)."""
    query = sql.SQL("SELECT game_id FROM {}.processed_games").format(
        sql.Identifier(cluster.env["DAIMYO_MATCHMAKING_DB_SCHEMA"]))
    async with await psycopg.AsyncConnection.connect(cluster.env["DAIMYO_DATABASE_URL"]) as conn:
        return {row[0] for row in await (await conn.execute(query)).fetchall()}


@pytest.mark.parametrize("server", ["postgres", "nats"])
async def test_a_server_restarted_mid_game_loses_and_repeats_no_move(
        server: str, servers: Servers, cluster: Cluster, http: aiohttp.ClientSession) -> None:
    url = cluster.gateway_url(0)
    games = Games(cluster.game_target)
    bot_games = await games.create_bot_games(BOT_GAMES, players=4)
    spectator = await Spectator.watch(http, url, bot_games[0])
    alice = await matched_player(http, url, "alice")
    await alice.play(timeout=60, moves=2)  # then she waits, so her game is still on when the server goes
    await games.wait_until_all_reach(bot_games, 4, timeout=60)

    await asyncio.to_thread(servers.server(server).stop)
    await alice.resubscribe()  # asks the gateway for the current view while the server is away
    playing = asyncio.create_task(alice.play_to_the_end(timeout=120))  # her moves meet the outage
    await asyncio.sleep(DOWN_SECONDS[server])
    await asyncio.to_thread(servers.server(server).start)
    back = time.monotonic()
    bob = await matched_player(http, url, "bob")  # the matchmaker matches again after the restart
    await asyncio.gather(playing, bob.play_to_the_end(timeout=120))
    everyone = [*bot_games, alice.game_id, bob.game_id]
    await games.wait_until_finished(everyone, timeout=90)
    recovered = time.monotonic() - back

    assert await stream_problems(cluster.env["DAIMYO_DATABASE_URL"], cluster.game_schema, everyone) == []
    _assert_told_and_carried_on(alice, server)
    await _assert_every_version_shown_once(spectator, (await games.view(bot_games[0])).version)
    await _until_processed(cluster, set(everyone))
    print(f"\n{server} down {DOWN_SECONDS[server]:.0f}s: {len(everyone)} games finished {recovered:.1f}s "
          f"after it was back; alice re-sent {alice.retries} moves; frames: {_frame_kinds(alice.socket)}")
    await games.close()


def _assert_told_and_carried_on(player: Player, server: str) -> None:
    frames = player.socket.frames
    trouble = [n for n, f in enumerate(frames) if _is_trouble(f)]
    assert trouble, f"the player was never told {server} was down"
    assert any(f.get("type") == "view" for f in frames[trouble[-1]:]), "no view after the trouble"
    assert repeats_within(player.socket, player.game_id, player.resubscribed_at) == []


def _is_trouble(frame: dict[str, Any]) -> bool:
    """An error saying a service is unavailable, or the gateway saying it is reconnecting."""
    if frame.get("type") == "error":
        return frame.get("code") == "unavailable"
    return frame.get("type") == "status" and frame.get("state") == "reconnecting"


async def _assert_every_version_shown_once(spectator: Spectator, final: int) -> None:
    await spectator.sockets[-1].wait_for(lambda f: f.get("type") == "view" and f["version"] == final, 30)
    shown = spectator.shown
    assert shown == list(range(shown[0], final + 1))
    assert repeats_within(spectator.sockets[-1], spectator.game_id) == []
    await spectator.close()


async def _until_processed(cluster: Cluster, game_ids: set[str], timeout: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while missing := game_ids - await processed_by_matchmaker(cluster):
        assert asyncio.get_running_loop().time() < deadline, f"the matchmaker never took in {missing}"
        await asyncio.sleep(0.5)


def _frame_kinds(socket: SocketClient) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for frame in socket.frames:
        kind = frame["type"] if frame["type"] != "error" else f"error:{frame.get('code')}"
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds
