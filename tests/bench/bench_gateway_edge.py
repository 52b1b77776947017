"""The gateway's public edge under weight (issue 32), on a real gateway process:

1. Idle signed-in sockets: the gateway's resident memory with BENCH_EDGE_SOCKETS of them open
   (default 1,000; the issue's figure is 10,000: ≤ 400 MB, ≤ 40 KB a socket) and after they
   have closed (back within 50 MB of the start). The sockets are raw minimal WebSocket clients
   (a handshake, an `auth` frame, then silence), so the bench process stays small; the
   gateway's heartbeat is set long so silent clients need not answer pings.
2. A flood from one address while a player on another plays: BENCH_EDGE_ATTEMPTS sockets opened
   from 127.0.0.1 as fast as they are taken (default 2,000; the issue's 5,000), BENCH_EDGE_SLOW
   slowloris connections (default 200) and a signed-in client sending 63 KB frames without ever
   reading, reconnecting whenever it is closed — while two players from 127.0.0.2 play one
   game move after move. Reported: the players' move p50/p99 (move sent → the mover's view of
   the new version) before and during the flood (the issue's bar: p99 < 100 ms), how the
   flood's sockets were answered, and what the gateway read and spent.

BENCH_EDGE_PARTS=idle or =flood runs one of them. On a machine other work loads, compare the
p99 during the flood with the one before it, measured the same way a few seconds earlier.
Servers: DAIMYO_DATABASE_URL / DAIMYO_NATS_URL, else 127.0.0.1:5432 / :4222.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
import uuid
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import aiohttp
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: tests.*

from daimyo_devkit.commands import end_with_starter
from daimyo_devkit.stack import StackSettings, Supervisor, assign_ports, child_env
from daimyo_gateway.memory import RECLAIM_AFTER_CLOSES
from daimyo_gateway.tokens import Player, TokenSigner
from daimyo_kit import grpc_client
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from tests.load.load_players import Player as LoadPlayer
from tests.load.load_players import Tracker
from tests.load.load_stack import drop_schemas

REPO = Path(__file__).resolve().parents[2]
SOCKETS = int(os.environ.get("BENCH_EDGE_SOCKETS", "1000"))
ATTEMPTS = int(os.environ.get("BENCH_EDGE_ATTEMPTS", "2000"))
SLOW = int(os.environ.get("BENCH_EDGE_SLOW", "200"))
FLOOD_SECONDS = float(os.environ.get("BENCH_EDGE_SECONDS", "10"))
PARTS = os.environ.get("BENCH_EDGE_PARTS", "idle,flood").split(",")
DATABASE_URL = os.environ.get("DAIMYO_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
NATS_URL = os.environ.get("DAIMYO_NATS_URL", "nats://127.0.0.1:4222")
PLAYER_ADDRESS = "127.0.0.2"


def stack(services: tuple[str, ...], extra: dict[str, str],
          log_dir: Path) -> tuple[Supervisor, dict[str, str]]:
    settings = StackSettings(DATABASE_URL, NATS_URL, "bench-" + uuid.uuid4().hex[:8], schema_prefix="bench",
                             extra_env=extra)
    env = child_env(settings)
    assign_ports(env)
    supervisor = Supervisor(log_dir, REPO)
    for name in services:
        supervisor.add(name, env)
    supervisor.start_all(wait_each=services[:-1], timeout=60)
    return supervisor, env


def rss_mb(pid: int) -> float:
    return float(psutil.Process(pid).memory_info().rss) / 2**20


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# -- 1. idle signed-in sockets --------------------------------------------------------------------


def text_frame(text: str) -> bytes:
    """A masked client text frame (the mask is zeros: masking is required, secrecy is not)."""
    data = text.encode()
    size = len(data)
    head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + b"\0\0\0\0" + data


async def idle_socket(port: int, token: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(head.split(b"\r\n")[0].decode())
    writer.write(text_frame(json.dumps({"type": "auth", "token": token})))
    first = await reader.readexactly(2)
    await reader.readexactly(first[1] & 0x7F if first[1] & 0x7F < 126 else 2)  # the hello (short)
    return reader, writer


async def open_sockets(port: int, tokens: list[str]) -> list[asyncio.StreamWriter]:
    gate = asyncio.Semaphore(100)

    async def one(token: str) -> asyncio.StreamWriter:
        async with gate:
            return (await idle_socket(port, token))[1]

    return list(await asyncio.gather(*(one(t) for t in tokens)))


async def ws_connections(url: str) -> float:
    async with aiohttp.ClientSession() as http, http.get(f"{url}/metrics") as response:
        for line in (await response.text()).splitlines():
            if line.startswith("daimyo_ws_connections "):
                return float(line.split()[1])
    return -1.0


async def reclaimed(log: Path, timeout: float) -> None:
    """Until the gateway says it gave the closed sockets' memory back (`daimyo_gateway.memory`)."""
    deadline = time.perf_counter() + timeout
    while "memory_reclaimed" not in log.read_text() and time.perf_counter() < deadline:
        await asyncio.sleep(0.5)
    await asyncio.sleep(1)


async def idle_sockets_bench(log_dir: Path) -> None:
    extra = {"DAIMYO_WS_SOCKETS_PER_ADDRESS": "1000000", "DAIMYO_WS_NEW_SOCKETS_PER_SECOND": "1000000",
             "DAIMYO_WS_NEW_SOCKET_BURST": "1000000", "DAIMYO_HTTP_CONNECTIONS_PER_ADDRESS": "1000000",
             "DAIMYO_WS_UNAUTHENTICATED_PER_ADDRESS": "1000000", "DAIMYO_WS_HEARTBEAT_SECONDS": "3600",
             "DAIMYO_HTTP_REQUESTS_PER_SECOND": "1000000", "DAIMYO_HTTP_REQUEST_BURST": "1000000"}
    supervisor, env = stack(("accounts", "gateway"), extra, log_dir / "idle")
    port = int(env["DAIMYO_GATEWAY_HTTP_PORT"])
    url = f"http://127.0.0.1:{port}"
    pid = supervisor.children["gateway"].process.pid  # type: ignore[union-attr]
    signer = TokenSigner(env["DAIMYO_TOKEN_SECRET"])
    try:
        warm = [signer.issue(Player(f"g-warm{n}", "Warm")) for n in range(50)]
        for writer in await open_sockets(port, warm):
            writer.close()
        await asyncio.sleep(2)
        start = rss_mb(pid)
        began = time.perf_counter()
        tokens = [signer.issue(Player(f"g-idle{n:06d}", f"Idle {n}")) for n in range(SOCKETS)]
        writers = await open_sockets(port, tokens)
        opened = time.perf_counter() - began
        await asyncio.sleep(3)
        held, count = rss_mb(pid), await ws_connections(url)
        for writer in writers:
            writer.close()
        closing = time.perf_counter()
        wait = 60 if SOCKETS >= RECLAIM_AFTER_CLOSES else 3  # fewer closes are no wave
        await reclaimed(log_dir / "idle" / "gateway.log", timeout=wait)
        after, waited = rss_mb(pid), time.perf_counter() - closing
        per_socket = (held - start) * 1024 / max(1, SOCKETS)
        print(f"{SOCKETS} idle signed-in sockets (gateway counts {count:.0f}) opened in {opened:.1f} s: "
              f"RSS {start:.0f} MB at start, {held:.0f} MB open ({per_socket:.1f} KB a socket), "
              f"{after:.0f} MB {waited:.0f} s after they closed ({after - start:+.0f} MB)", flush=True)
    finally:
        supervisor.stop()
        await drop_schemas(DATABASE_URL, [env["DAIMYO_GAME_DB_SCHEMA"], env["DAIMYO_MATCHMAKING_DB_SCHEMA"],
                                             env["DAIMYO_ACCOUNTS_DB_SCHEMA"]])


# -- 2. a flood from one address, a game on another ---------------------------------------------


async def attempt_sockets(url: str, count: int, outcomes: Counter[str]) -> None:
    """`count` visitor sockets from 127.0.0.1, 200 at a time, each held until the bench ends."""
    connector = aiohttp.TCPConnector(limit=0, local_addr=("127.0.0.1", 0))
    gate = asyncio.Semaphore(200)
    held: list[aiohttp.ClientWebSocketResponse] = []
    async with aiohttp.ClientSession(connector=connector) as http:
        async def one() -> None:
            async with gate:
                try:
                    ws = await http.ws_connect(url.replace("http", "ws", 1) + "/ws",
                                               timeout=aiohttp.ClientWSTimeout(5))
                    await ws.send_str(json.dumps({"type": "auth", "visitor": True}))
                    held.append(ws)
                    outcomes["opened"] += 1
                except aiohttp.WSServerHandshakeError as e:
                    outcomes[f"HTTP {e.status}"] += 1
                except (aiohttp.ClientError, OSError, TimeoutError) as e:
                    outcomes[type(e).__name__] += 1

        await asyncio.gather(*(one() for _ in range(count)))
        await asyncio.sleep(FLOOD_SECONDS)
        await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)


async def slowloris(port: int, count: int, stop: asyncio.Event, dropped: Counter[str]) -> None:
    async def one() -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            dropped["refused to connect"] += 1
            return
        with contextlib.suppress(OSError):
            while not stop.is_set() and not reader.at_eof():
                writer.write(b"G")
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    if await asyncio.wait_for(reader.read(1 << 10), 0.5) == b"":
                        break
        dropped["dropped" if not stop.is_set() else "still open"] += 1
        writer.close()

    await asyncio.gather(*(one() for _ in range(count)))


async def never_reads(url: str, token: str, stop: asyncio.Event, tally: Counter[str]) -> None:
    """63 KB frames as fast as the socket takes them, never reading; again whenever closed."""
    frame = json.dumps({"type": "ping", "ref": "x" * 63_000})
    connector = aiohttp.TCPConnector(limit=0, local_addr=("127.0.0.1", 0))
    async with aiohttp.ClientSession(connector=connector) as http:
        while not stop.is_set():
            try:
                ws = await http.ws_connect(url.replace("http", "ws", 1) + "/ws")
                await ws.send_str(json.dumps({"type": "auth", "token": token}))
                tally["connected"] += 1
                while not stop.is_set() and not ws.closed:
                    await asyncio.wait_for(ws.send_str(frame), 1.0)
                    tally["frames sent"] += 1
                ws._response.close()
            except aiohttp.WSServerHandshakeError as e:
                tally[f"HTTP {e.status}"] += 1
                await asyncio.sleep(0.05)
            except (aiohttp.ClientError, OSError, RuntimeError, TimeoutError):
                tally["dropped"] += 1


async def create_game(env: dict[str, str], players: list[LoadPlayer]) -> str:
    channel = grpc_client.channel(env["DAIMYO_GAME_ADDR"], role="matchmaking", env=env)
    try:
        seats = [game_pb2.Seat(player_id=p.player_id, display_name=f"Edge {n}")
                 for n, p in enumerate(players)]
        request = game_pb2.CreateGameRequest(game="samurai", seats=seats, command_id=uuid.uuid4().hex,
                                             config_json=json.dumps({"players": 2, "random_setup": True}))
        reply = await game_pb2_grpc.GameServiceStub(channel).CreateGame(request, timeout=30)
        return str(reply.game_id)
    finally:
        await channel.close()


async def play_for(players: list[LoadPlayer], env: dict[str, str], seconds: float) -> list[float]:
    """The players' mover latencies over `seconds`, a new game whenever one ends."""
    tracker = players[0].tracker
    tracker.mover.clear()
    tracker.recording = True
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        game_id = await create_game(env, players)
        for seat, player in enumerate(players):
            await player.join(game_id, seat, 2)
        await asyncio.gather(*(p.first_view.wait() for p in players))
        for player in players:
            player.start_playing()
        finished = asyncio.gather(*(p.finished.wait() for p in players))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(finished, max(0.1, deadline - time.perf_counter()))
        for player in players:
            player.playing = False
    tracker.recording = False
    return list(tracker.mover)


def report(label: str, latencies: list[float]) -> float:
    p99 = percentile(latencies, 0.99) * 1000
    print(f"{label}: {len(latencies)} moves, p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
          f"p99 {p99:.1f} ms", flush=True)
    return p99


def run_flood(url: str, port: int, token: str) -> dict[str, dict[str, int]]:
    """The attacker, in a process of its own (another machine, in truth): the socket flood, the
    slowloris connections and the never-reading client for FLOOD_SECONDS; what each got."""
    return asyncio.run(_flood(url, port, token))


async def _flood(url: str, port: int, token: str) -> dict[str, dict[str, int]]:
    stop = asyncio.Event()
    outcomes: Counter[str] = Counter()
    slow: Counter[str] = Counter()
    flood: Counter[str] = Counter()
    running = [asyncio.ensure_future(attempt_sockets(url, ATTEMPTS, outcomes)),
               asyncio.ensure_future(slowloris(port, SLOW, stop, slow)),
               asyncio.ensure_future(never_reads(url, token, stop, flood))]
    await asyncio.sleep(FLOOD_SECONDS)
    stop.set()
    await asyncio.gather(*running, return_exceptions=True)
    return {"sockets": dict(outcomes), "slow": dict(slow), "flood": dict(flood)}


async def flood_bench(log_dir: Path) -> None:
    supervisor, env = stack(("game", "accounts", "gateway"), {}, log_dir / "flood")
    port = int(env["DAIMYO_GATEWAY_HTTP_PORT"])
    url = f"http://127.0.0.1:{port}"
    gateway = psutil.Process(supervisor.children["gateway"].process.pid)  # type: ignore[union-attr]
    connector = aiohttp.TCPConnector(limit=0, local_addr=(PLAYER_ADDRESS, 0))
    try:
        async with aiohttp.ClientSession(connector=connector) as http:
            tracker = Tracker()
            players = [LoadPlayer(http, url, tracker, random.Random(n)) for n in range(2)]
            for n, player in enumerate(players):
                await player.sign_in(f"Calm{n}")
                await player.connect()
            report("before the flood", await play_for(players, env, 5.0))
            flooder = TokenSigner(env["DAIMYO_TOKEN_SECRET"]).issue(Player("g-flooder", "Flood"))
            read_before, cpu_before = gateway.io_counters().read_chars, sum(gateway.cpu_times()[:2])
            with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
                flooding = asyncio.get_running_loop().run_in_executor(pool, run_flood, url, port, flooder)
                p99 = report("during the flood", await play_for(players, env, FLOOD_SECONDS))
                tallies = await flooding
            read = (gateway.io_counters().read_chars - read_before) / 2**20
            cpu = sum(gateway.cpu_times()[:2]) - cpu_before
            print(f"flood sockets ({ATTEMPTS}): {tallies['sockets']}; slowloris ({SLOW}): {tallies['slow']}; "
                  f"never-reading client (63 KB frames): {tallies['flood']}", flush=True)
            rss = gateway.memory_info().rss / 2**20
            print(f"gateway during the flood: read {read:.1f} MB, CPU {cpu:.1f} s, RSS {rss:.0f} MB; "
                  f"move p99 {'within' if p99 < 100 else 'OVER'} 100 ms", flush=True)
            await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
    finally:
        supervisor.stop()
        await drop_schemas(DATABASE_URL, [env["DAIMYO_GAME_DB_SCHEMA"], env["DAIMYO_MATCHMAKING_DB_SCHEMA"],
                                             env["DAIMYO_ACCOUNTS_DB_SCHEMA"]])


async def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-edge-") as logs:
        if "idle" in PARTS:
            await idle_sockets_bench(Path(logs))
        if "flood" in PARTS:
            await flood_bench(Path(logs))
    return 0


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    sys.exit(asyncio.run(main()))
