"""Stopping the game service mid-game — gracefully in process, or with SIGKILL — loses nothing,
and the relay resumes from its checkpoint without a gap."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import grpc
import pytest

from daimyo_bus import subjects
from daimyo_bus.bus import Bus
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import (
    create_samurai,
    play_random_move,
    routed,
    seat_viewer,
    settings_for,
    start_service,
)

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


async def views(stub: Any, game_id: str) -> list[str]:
    return [(await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(s)))).view_json
            for s in (0, 1)]


async def play(stub: Any, game_id: str, moves: int, rng: random.Random) -> int:
    version = 1
    for _ in range(moves):
        response = await play_random_move(stub, game_id, rng)
        if response is None:
            break
        version = response.version
    return int(version)


async def test_a_restarted_service_continues_the_game_and_the_relay_fills_the_gap(
    database_url: str, nats_url: str, fresh_schema: str
) -> None:
    settings = settings_for(database_url, nats_url, fresh_schema, snapshot_every=7)
    bus = await Bus.connect(nats_url)
    seen_by_game: dict[str, list[int]] = {}
    first = await start_service(settings)

    async def on_watch(_subject: str, message: Any) -> None:
        # kept by game, not filtered by the id create returns: the relay may publish version 1
        # before that answer arrives (seen on a loaded machine)
        seen_by_game.setdefault(message.game_id, []).append(message.version)

    await bus.subscribe(subjects.ALL_WATCH, on_watch)
    await bus.flush()
    game_id = await create_samurai(first.stub, seed=21)
    seen = seen_by_game.setdefault(game_id, [])
    rng = random.Random(21)
    await play(first.stub, game_id, 12, rng)
    before = await views(first.stub, game_id)
    await first.stop()
    second = await start_service(settings, relay=False)  # moves made while no relay runs
    assert await views(second.stub, game_id) == before
    await play(second.stub, game_id, 12, rng)
    await second.stop()
    third = await start_service(settings)
    final = await play(third.stub, game_id, 400, rng)
    await _wait(lambda: seen[-1:] == [final])
    await third.stop()
    await bus.close()
    assert deduplicated(seen) == list(range(1, final + 1))  # at least once: repeats, never gaps


def deduplicated(versions: list[int]) -> list[int]:
    """What a consumer keeps when it drops every version it has already seen."""
    kept: list[int] = []
    for version in versions:
        if not kept or version > kept[-1]:
            kept.append(version)
    return kept


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _service_process(env: dict[str, str], *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "daimyo_game", *args], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def _connect(port: int) -> tuple[Any, Any]:
    channels, stub = routed(f"127.0.0.1:{port}")
    await asyncio.wait_for(channels[0].channel_ready(), 20)
    return _Closer(channels), stub


class _Closer:
    def __init__(self, channels: list[grpc.aio.Channel]) -> None:
        self.channels = channels

    async def close(self) -> None:
        for channel in self.channels:
            await channel.close()


async def test_a_killed_service_process_loses_nothing(
    database_url: str, nats_url: str, fresh_schema: str
) -> None:
    port = _free_port()
    env = {**os.environ, "DAIMYO_DATABASE_URL": database_url, "DAIMYO_NATS_URL": nats_url,
           "DAIMYO_GAME_DB_SCHEMA": fresh_schema, "DAIMYO_GAME_GRPC_PORT": str(port),
           "DAIMYO_GAME_METRICS_PORT": "0", "DAIMYO_GAME_RELAY": "off"}
    process = _service_process(env)
    channel, stub = await _connect(port)
    game_id = await create_samurai(stub, seed=33)
    rng = random.Random(33)
    version = await play(stub, game_id, 10, rng)
    before = await views(stub, game_id)
    process.send_signal(signal.SIGKILL)
    process.wait()
    await channel.close()
    process = _service_process(env)
    channel, stub = await _connect(port)
    try:
        assert await views(stub, game_id) == before
        assert await play(stub, game_id, 3, rng) > version
    finally:
        await channel.close()
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
    replay = subprocess.run([sys.executable, "-m", "daimyo_game", "replay", game_id, "--at", str(version),
                             "--seat", "0"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.startswith(f"game {game_id} (samurai) at version {version}, as seat 0\n")


async def _wait(check: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)
