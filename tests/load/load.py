"""`make load`: N concurrent Samurai games played through the gateway's WebSocket API.

Starts the game service and the gateway (and the matchmaker with `--via matchmaking`) against
DAIMYO_DATABASE_URL / DAIMYO_NATS_URL — by default this machine's Postgres and NATS when they
answer, else embedded ones — or attaches to a running gateway with `--gateway URL`. Every
player is a guest with its own socket, playing random legal moves from its own view as soon as
the view arrives (optionally after a think time). Games come from GameService directly
(`--via grpc`, the default: two player seats per game, a new game for the same two players
when one ends) or from the matchmaker's "play people" queue (`--via matchmaking`).

Prints moves per second, move → view latency p50/p95/p99 (on the mover's socket and on the
opponents'), the raw Postgres append rate measured in the same run, and CPU per service.
Traffic stays on loopback; the run is bounded by `--seconds` and stops by itself.

    python tests/load/load.py --games 100 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# The repository root, for tests.support (load_players); load_players and load_stack come from
# this script's own folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import aiohttp
import grpc
import psutil
from load_players import Player, Tracker
from load_stack import (
    LOCAL_DATABASE_URL,
    REPO,
    CpuMeter,
    Processes,
    Services,
    alone,
    append_rate,
    drop_schemas,
    named,
    several,
    start_services,
)
from prometheus_client.parser import text_string_to_metric_families

from daimyo_devkit.commands import end_with_starter
from daimyo_devkit.embedded import port_answers
from daimyo_kit import collector, event_loop, grpc_client
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc

SETUP_CONCURRENCY = 50
SETUP_TIMEOUT = 120.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="seats per game")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured play time (default 60)")
    parser.add_argument("--think-ms", type=float, default=0.0, help="mean think time before a move")
    parser.add_argument("--game-replicas", type=int, default=1,
                        help="game-service processes, every caller spreading calls over all (default 1)")
    parser.add_argument("--via", choices=("grpc", "matchmaking"), default="grpc",
                        help="where games come from (default: GameService directly)")
    parser.add_argument("--gateway", help="attach to this gateway instead of starting services")
    parser.add_argument("--game-addr", help="GameService address (needed with --gateway and --via grpc)")
    parser.add_argument("--nats", help="NATS URL to use instead of a private one (its games stream keeps the "
                                         "run's results for a week)")
    parser.add_argument("--append-seconds", type=float, default=3.0, help="Postgres append probe time")
    parser.add_argument("--log-level", default=os.environ.get("DAIMYO_LOG_LEVEL", "INFO"),
                        help="the started services' log level (default INFO, as deployed)")
    parser.add_argument("--seed", type=int, default=1)
    return parser


def main() -> int:
    args = _parser().parse_args()
    if not _loopback(args.gateway):
        print("--gateway must be a loopback address (127.x, localhost, [::1])", file=sys.stderr)
        return 2
    if args.gateway and args.via == "grpc" and not args.game_addr:
        print("--via grpc with --gateway needs --game-addr", file=sys.stderr)
        return 2
    collector.settle()  # as the services do: the client must not time its own full collections
    try:
        return event_loop.run(run(args))  # uvloop, as the services: the client's CPU is the stack's too
    except KeyboardInterrupt:
        return 130


def _loopback(url: str | None) -> bool:
    if url is None:
        return True
    host = (urlsplit(url).hostname or "").strip("[]")
    return host == "localhost" or host.startswith("127.") or host == "::1"


async def run(args: argparse.Namespace) -> int:
    with contextlib.ExitStack() as servers:
        database_url, nats_url, where = _servers(args.nats, servers)
        return await _run_on(args, database_url, nats_url, where)


async def _run_on(args: argparse.Namespace, database_url: str, nats_url: str, where: str) -> int:
    print(f"servers: {where} (postgres {database_url}, nats {nats_url})", flush=True)
    print(f"machine: {psutil.cpu_count()} cores, load average before the run "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    rates = [await append_rate(database_url, args.append_seconds, writers) for writers in (1, 8)]
    services = None
    if not args.gateway:
        services = start_services(database_url, nats_url, REPO / "test-artifacts" / "load-logs",
                                  args.via == "matchmaking", args.log_level,
                                  game_replicas=args.game_replicas)
        pids = ", ".join(f"{name} {p.pid}" for name, p in services.processes.items())
        print(f"services: {pids}; logs in {services.log_dir}", flush=True)
    try:
        gateway = args.gateway or services.gateway_url  # type: ignore[union-attr]
        game_addr = args.game_addr or (services.game_addr if services else None)
        grpc_env = services.env if services is not None else os.environ
        result = await play(args, gateway, game_addr, _cpu_groups(services), grpc_env)
        result.batches = batch_sizes(services.env) if services is not None else {}
    finally:
        if services is not None:
            services.stop()
            await drop_schemas(database_url, services.schemas)
    _report(args, result, rates)
    return 0


def _servers(nats_url: str | None, servers: contextlib.ExitStack) -> tuple[str, str, str]:
    """Postgres: DAIMYO_DATABASE_URL, else this machine's, else an embedded one (the run's schemas
    are dropped after it). NATS: `--nats`, else a private embedded one. Not a shared server by
    default: the run's thousands of game results would stay a week in its games stream, for every
    later stack's matchmaker to read through (a browser test timed out behind 36,000 of them).
    What this starts is stopped when `servers` closes, and dies with this process however it ends."""
    database_url = os.environ.get("DAIMYO_DATABASE_URL")
    where = "DAIMYO_DATABASE_URL"
    if not database_url and port_answers("127.0.0.1", 5432):
        database_url, where = LOCAL_DATABASE_URL, "this machine's Postgres"
    if not database_url:
        database_url, where = _embedded_postgres(servers), "embedded Postgres"
    if nats_url:
        return database_url, nats_url, f"{where}; NATS from --nats"
    return database_url, _private_nats(servers), f"{where}; a private NATS (stopped when this run ends)"


def _embedded_postgres(servers: contextlib.ExitStack) -> str:
    from daimyo_devkit.embedded import start_postgres

    postgres = start_postgres(REPO / "test-artifacts" / "load-servers" / "postgres", die_with_parent=True)
    servers.callback(postgres.stop)
    return postgres.url


def _private_nats(servers: contextlib.ExitStack) -> str:
    """A NATS of this run's own, in a directory of its own that goes with it."""
    from daimyo_devkit.embedded import start_nats

    parent = REPO / "test-artifacts" / "load-servers"
    parent.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="nats-", dir=parent))
    servers.callback(shutil.rmtree, data, ignore_errors=True)
    nats = start_nats(data, credentials=os.environ, die_with_parent=True)
    servers.callback(nats.stop)
    os.environ.update(nats.credentials)  # the load stack's services log in with these
    return nats.url


def _by_kind(services: Services) -> dict[str, list[int]]:
    kinds: dict[str, list[int]] = {}
    for name, process in services.processes.items():
        kinds.setdefault(name.split("-")[0], []).append(process.pid)
    return kinds


def _cpu_groups(services: Services | None) -> dict[str, Processes]:
    groups: dict[str, Processes] = {"load client": alone(os.getpid())}
    if services is not None:
        for kind, pids in _by_kind(services).items():  # game-0 and game-1 count as "game"
            groups[kind] = several(pids)
    groups.update({"postgres (all backends)": named("postgres"), "nats-server": named("nats-server")})
    return groups


# -- the run --------------------------------------------------------------------------------


class Result:
    def __init__(self, tracker: Tracker, seconds: float, cpu: dict[str, float], machine: float,
                 games: int) -> None:
        self.tracker, self.seconds, self.cpu, self.machine, self.games = tracker, seconds, cpu, machine, games
        self.batches: dict[str, float] = {}


async def play(args: argparse.Namespace, gateway: str, game_addr: str | None,
               cpu_groups: dict[str, Processes], grpc_env: Mapping[str, str]) -> Result:
    tracker = Tracker()
    rng = random.Random(args.seed)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        players = [Player(http, gateway, tracker, random.Random(rng.random()), args.think_ms / 1000)
                   for _ in range(args.games * args.players)]
        channel = grpc_client.channel(game_addr, role="matchmaking", env=grpc_env) if game_addr else None
        source = GameSource(args.via, http, gateway, channel, args.players)
        stop = asyncio.Event()
        try:
            started = time.perf_counter()
            await _seat_everyone(players, source)
            print(f"setup: {len(players)} players seated in "
                  f"{time.perf_counter() - started:.1f} s", flush=True)
            loops = [asyncio.create_task(source.keep_playing(g, stop)) for g in source.groups(players)]
            meter = CpuMeter(cpu_groups)
            meter.start()
            tracker.recording = True
            for player in players:
                player.start_playing()
            seconds = await _measure(args.seconds, players, tracker)
            tracker.recording = False
            cpu, machine = meter.stop()
            stop.set()
            for player in players:
                player.playing = False
            await asyncio.wait(loops, timeout=5)
            for loop in loops:
                loop.cancel()
        finally:
            await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
            if channel is not None:
                await channel.close()
    return Result(tracker, seconds, cpu, machine, args.games)


async def _seat_everyone(players: list[Player], source: GameSource) -> None:
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def ready(n: int, player: Player) -> None:
        async with gate:
            await player.sign_in(f"Load{n}")
            await player.connect()

    await asyncio.wait_for(asyncio.gather(*(ready(n, p) for n, p in enumerate(players))), SETUP_TIMEOUT)
    await asyncio.wait_for(source.seat_all(players, gate), SETUP_TIMEOUT)


async def _measure(seconds: float, players: list[Player], tracker: Tracker) -> float:
    """Let the players play for `seconds`, with a progress line every 10 s; the time elapsed."""
    started = time.perf_counter()
    next_line = started + 10
    while (now := time.perf_counter()) < started + seconds:
        await asyncio.sleep(min(1.0, started + seconds - now))
        for player in players:
            player.nudge()
        if time.perf_counter() >= next_line:
            next_line += 10
            print(f"  {time.perf_counter() - started:5.0f} s: {tracker.acked} moves, "
                  f"{tracker.games_finished:.0f} games finished", flush=True)
    return time.perf_counter() - started


class GameSource:
    """Where a table's next game comes from: CreateGame with the table's players in its seats,
    or each player's own ticket in the "play people" queue."""

    def __init__(self, via: str, http: aiohttp.ClientSession, gateway: str, channel: grpc.aio.Channel | None,
                 seats: int) -> None:
        self.via, self.http, self.gateway, self.seats = via, http, gateway, seats
        self.stub = game_pb2_grpc.GameServiceStub(channel) if channel is not None else None

    def groups(self, players: list[Player]) -> list[list[Player]]:
        """Who plays together: a table of `seats` players, or (queueing) each player alone."""
        if self.via == "matchmaking":
            return [[p] for p in players]
        return [players[n:n + self.seats] for n in range(0, len(players), self.seats)]

    async def seat_all(self, players: list[Player], gate: asyncio.Semaphore) -> None:
        async def seat(group: list[Player]) -> None:
            if self.via == "matchmaking":  # partners must be queued at the same time
                await self.seat_table(group)
                return
            async with gate:
                await self.seat_table(group)

        await asyncio.gather(*(seat(g) for g in self.groups(players)))

    async def seat_table(self, table: list[Player]) -> None:
        """A new game for this table; returns when every player has its first view."""
        if self.via == "grpc":
            game_id = await self._create(table)
            for seat, player in enumerate(table):
                await player.join(game_id, seat, self.seats)
        else:
            await asyncio.gather(*(self._matched(p) for p in table))
        await asyncio.gather(*(p.first_view.wait() for p in table))

    async def keep_playing(self, table: list[Player], stop: asyncio.Event) -> None:
        while not stop.is_set():
            await asyncio.gather(*(p.finished.wait() for p in table))
            if table[0].tracker.recording:
                table[0].tracker.games_finished += len(table) / self.seats
            if stop.is_set():
                return
            await self.seat_table(table)
            for player in table:
                player.start_playing()

    async def _create(self, table: list[Player]) -> str:
        assert self.stub is not None
        seats = [game_pb2.Seat(player_id=p.player_id, display_name=f"Load {p.player_id[:6]}") for p in table]
        request = game_pb2.CreateGameRequest(
            game="samurai", seats=seats, command_id=uuid.uuid4().hex,
            config_json=json.dumps({"players": len(seats), "random_setup": True}))
        return str((await self.stub.CreateGame(request, timeout=30)).game_id)

    async def _matched(self, player: Player) -> None:
        headers = {"Authorization": f"Bearer {player.token}"}
        body = {"game": "samurai", "player_counts": [self.seats], "mode": "people"}
        async with self.http.post(f"{self.gateway}/api/queue", json=body, headers=headers) as response:
            response.raise_for_status()
            ticket = await response.json()
        while not ticket.get("game_id"):
            await asyncio.sleep(0.2)
            async with self.http.get(f"{self.gateway}/api/queue/{ticket['ticket_id']}", headers=headers) as r:
                r.raise_for_status()
                ticket = await r.json()
        await player.join(ticket["game_id"], ticket["seat"], self.seats)


# -- the report -----------------------------------------------------------------------------


def _percentiles(samples: list[float]) -> str:
    if len(samples) < 2:
        return "no samples"
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return (f"p50 {cuts[49] * 1000:6.1f} ms   p95 {cuts[94] * 1000:6.1f} ms   p99 {cuts[98] * 1000:6.1f} ms"
            f"   max {max(samples) * 1000:6.1f} ms   (n={len(samples)})")


def _report(args: argparse.Namespace, result: Result, rates: list[Any]) -> None:
    t = result.tracker
    print()
    print(f"== {result.games} concurrent Samurai games ({args.players} seats, games via {args.via}), "
          f"{result.seconds:.1f} s, think time {args.think_ms:.0f} ms")
    print(f"moves accepted      {t.acked}  ({t.acked / result.seconds:.1f} moves/s); "
          f"{t.games_finished:.0f} games finished")
    print(f"move → view, mover      {_percentiles(t.mover)}")
    print(f"move → view, opponent   {_percentiles(t.opponent)}")
    print(f"move → ack (mover)      {_percentiles(t.ack)}")
    errors = ", ".join(f"{code} {n}" for code, n in t.errors.most_common()) or "none"
    print(f"refused / lost      {errors}  (stale is expected when seats act at once)")
    for rate in rates:
        print(f"postgres raw append {rate.rows_per_second:8.0f} rows/s  "
              f"(single-row INSERTs, {rate.writers} autocommit connection{'s' if rate.writers > 1 else ''})")
    cpu = "  ".join(f"{name} {cores:.2f}" for name, cores in result.cpu.items())
    print(f"cpu (cores)         {cpu}")
    print(f"machine busy        {result.machine:.0f}% of {psutil.cpu_count()} cores over the window; "
          f"load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if result.batches:
        sizes = "  ".join(f"{name} {size:.1f}" for name, size in result.batches.items())
        print(f"batches (mean)      {sizes}")
    if t.acked and {"game", "gateway"} <= result.cpu.keys():  # only when this run started the stack
        print(ceiling_line(t.acked, result.seconds, rates[-1].rows_per_second, result.cpu))
    print(summary_line(t.acked, result.seconds, rates[-1].rows_per_second, result.cpu))


def batch_sizes(env: Mapping[str, str]) -> dict[str, float]:
    """Mean items per batch over the whole run, per batcher, from the services' own metrics:
    moves per SubmitMoves call (gateway), appends per INSERT statement (game service)."""
    totals: dict[str, Counter[str]] = {f"daimyo_batch_items_{part}": Counter() for part in ("sum", "count")}
    for variable in ("DAIMYO_GATEWAY_HTTP_PORT", "DAIMYO_GAME_METRICS_PORT"):  # gateway: on its HTTP port
        for sample in _samples(env.get(variable), "daimyo_batch_items"):
            if sample.name in totals:
                totals[sample.name][sample.labels["batcher"]] += sample.value
    sums, counts = totals.values()
    return {name: sums[name] / counts[name] for name in sorted(counts) if counts[name]}


def _samples(port: str | None, family_name: str) -> list[Any]:
    if not port:
        return []
    with contextlib.suppress(OSError):
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
        return [sample for family in text_string_to_metric_families(text) if family.name == family_name
                for sample in family.samples]
    return []


def summary_line(accepted: int, seconds: float, raw_rate: float, cores: dict[str, float]) -> str:
    """One line to compare runs: the move rate against the raw 8-connection append rate of the same
    run, and CPU milliseconds per accepted move for each measured group of processes."""
    rate = accepted / seconds if seconds else 0.0
    ratio = rate / raw_rate if raw_rate else 0.0
    per_move = "  ".join(f"{name.split(' ')[0]} {cpu_ms_per_move(c, seconds, accepted):.2f}"
                         for name, c in cores.items())
    return (f"summary: {rate:.0f} moves/s = {ratio:.3f}x the raw append rate ({raw_rate:.0f} rows/s, "
            f"8 connections); CPU ms per accepted move: {per_move}")


def ceiling_line(accepted: int, seconds: float, raw_rate: float, cores: dict[str, float]) -> str:
    """What the stack alone costs per move and what the machine's cores could carry at that cost
    with the load client elsewhere: a bound computed from this run, not a measurement (the load
    client shares the cores here, so the measured rate is lower)."""
    stack_cores = sum(c for name, c in cores.items() if name != "load client")
    stack_ms = cpu_ms_per_move(stack_cores, seconds, accepted)
    machine_cores = psutil.cpu_count()
    ceiling = machine_cores * 1000 / stack_ms
    ratio = f" = {ceiling / raw_rate:.3f}x the raw append rate" if raw_rate else ""
    return (f"stack alone         {stack_ms:.2f} CPU ms per move (every process but the load client): "
            f"{machine_cores} cores would carry at most {ceiling:.0f} moves/s{ratio}")


def cpu_ms_per_move(cores: float, seconds: float, accepted: int) -> float:
    return cores * seconds * 1000 / accepted if accepted else float("nan")


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    raise SystemExit(main())
