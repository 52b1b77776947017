"""The services a load run measures, and the cheap probes beside them.

`start_services` runs the game service, the gateway (and the matchmaker when games come from
the queue) as the stack supervisor's children (`daimyo_devkit.stack`) on free loopback ports,
each in a fresh schema dropped afterwards.
`append_rate` measures raw single-row INSERTs into a scratch table with the store's connection
style (a psycopg pool of autocommit connections), so a run's move rate has a floor to compare
against. `CpuMeter` reads each process's CPU time before and after the measured window.
"""

from __future__ import annotations

import asyncio
import subprocess
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psutil
import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from daimyo_devkit.embedded import free_port
from daimyo_devkit.stack import StackSettings, Supervisor, assign_ports, child_env, grpc_serving

REPO = Path(__file__).resolve().parents[2]
LOCAL_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


@dataclass
class Services:
    gateway_url: str
    game_addr: str
    env: dict[str, str]
    log_dir: Path
    supervisor: Supervisor

    def stop(self) -> None:
        self.supervisor.stop()

    @property
    def processes(self) -> dict[str, subprocess.Popen[bytes]]:
        return {name: child.process for name, child in self.supervisor.children.items()
                if child.process is not None}

    @property
    def schemas(self) -> list[str]:
        return [self.env["DAIMYO_GAME_DB_SCHEMA"], self.env["DAIMYO_MATCHMAKING_DB_SCHEMA"],
                self.env["DAIMYO_ACCOUNTS_DB_SCHEMA"]]


def _env(database_url: str, nats_url: str, log_level: str) -> dict[str, str]:
    extra = {"DAIMYO_MATCH_INTERVAL_SECONDS": "0.2",  # every load player signs in from one address:
             "DAIMYO_GUEST_SIGNINS_PER_MINUTE": "1000000", "DAIMYO_ENQUEUES_PER_MINUTE": "1000000",
             "DAIMYO_WS_UNAUTHENTICATED_PER_ADDRESS": "1000000", "DAIMYO_WS_SOCKETS_PER_ADDRESS": "1000000",
             "DAIMYO_WS_NEW_SOCKETS_PER_SECOND": "1000000", "DAIMYO_WS_NEW_SOCKET_BURST": "1000000",
             "DAIMYO_HTTP_CONNECTIONS_PER_ADDRESS": "1000000", "DAIMYO_HTTP_REQUESTS_PER_SECOND": "1000000",
             "DAIMYO_HTTP_REQUEST_BURST": "1000000", "DAIMYO_WS_READ_BYTES_PER_SECOND": "1000000000",
             "DAIMYO_WS_READ_BYTES_BURST": "1000000000"}
    settings = StackSettings(database_url, nats_url, "load-" + uuid.uuid4().hex[:8], schema_prefix="load",
                             log_level=log_level, extra_env=extra)
    env = child_env(settings)
    assign_ports(env)
    return env


def start_services(database_url: str, nats_url: str, log_dir: Path, matchmaking: bool,
                   log_level: str = "INFO", timeout: float = 60.0, game_replicas: int = 1) -> Services:
    """The game service (`game_replicas` of them, every caller spreading its calls over all),
    the matchmaker (when `matchmaking`) and the gateway, each ready."""
    env = _env(database_url, nats_url, log_level)
    supervisor = Supervisor(log_dir, REPO)
    _add_game_replicas(supervisor, env, game_replicas)
    for name in [*(["matchmaking"] if matchmaking else []), "accounts", "gateway"]:
        supervisor.add(name, env)
    supervisor.start_all(wait_each=(*(n for n in supervisor.children if n.startswith("game")), "matchmaking",
                                    "accounts"), timeout=timeout)
    return Services(f"http://127.0.0.1:{env['DAIMYO_GATEWAY_HTTP_PORT']}", env["DAIMYO_GAME_ADDR"],
                    env, log_dir, supervisor)


def _add_game_replicas(supervisor: Supervisor, env: dict[str, str], replicas: int) -> None:
    if replicas == 1:
        supervisor.add("game", env)
        return
    ports = [int(env["DAIMYO_GAME_GRPC_PORT"])] + [free_port() for _ in range(replicas - 1)]
    env["DAIMYO_GAME_ADDR"] = "ipv4:" + ",".join(f"127.0.0.1:{p}" for p in ports)
    for n, port in enumerate(ports):
        own = {"DAIMYO_GAME_GRPC_PORT": str(port), "DAIMYO_GAME_METRICS_PORT": str(free_port())}
        supervisor.add(f"game-{n}", {**env, **own}, grpc_serving(port))


async def drop_schemas(database_url: str, schemas: list[str]) -> None:
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        for schema in schemas:
            await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


# -- the raw Postgres append rate ------------------------------------------------------------


@dataclass(frozen=True)
class AppendRate:
    writers: int
    rows_per_second: float


async def append_rate(database_url: str, seconds: float, writers: int) -> AppendRate:
    """Single-row INSERTs (a small JSON payload, like a move event) by `writers` concurrent
    autocommit connections from one pool, into a scratch table in a scratch schema."""
    schema = f"load_probe_{uuid.uuid4().hex[:8]}"
    await _create_probe_table(database_url, schema)
    pool = AsyncConnectionPool(database_url, min_size=writers, max_size=writers, open=False,
                               kwargs={"options": f"-c search_path={schema}", "autocommit": True})
    await pool.open(wait=True)
    try:
        deadline = time.perf_counter() + seconds
        started = time.perf_counter()
        counts = await asyncio.gather(*(_insert_until(pool, deadline, n) for n in range(writers)))
        elapsed = time.perf_counter() - started
    finally:
        await pool.close()
        await drop_schemas(database_url, [schema])
    return AppendRate(writers, sum(counts) / elapsed)


async def _create_probe_table(database_url: str, schema: str) -> None:
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        await conn.execute(sql.SQL(
            "CREATE TABLE {}.appends (position bigserial PRIMARY KEY, stream_id text NOT NULL, "
            "version int NOT NULL, data jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now(), "
            "UNIQUE (stream_id, version))").format(sql.Identifier(schema)))


async def _insert_until(pool: AsyncConnectionPool, deadline: float, writer: int) -> int:
    count = 0
    data = Jsonb({"seat": 0, "move": {"type": "place", "tile": "samurai2", "hex": "h57"}})
    while time.perf_counter() < deadline:
        async with pool.connection() as conn:
            await conn.execute("INSERT INTO appends (stream_id, version, data) VALUES (%s, %s, %s)",
                               [f"writer-{writer}", count + 1, data])
        count += 1
    return count


# -- CPU per process ------------------------------------------------------------------------

Processes = Callable[[], list[psutil.Process]]


class CpuMeter:
    """CPU each named group of processes spent between `start()` and `stop()`, and the whole
    machine's busy share over the same window."""

    def __init__(self, groups: dict[str, Processes]) -> None:
        self._groups = groups
        self._before: dict[str, dict[int, float]] = {}
        self._started = 0.0

    def start(self) -> None:
        self._before = {name: _cpu_by_pid(find()) for name, find in self._groups.items()}
        psutil.cpu_percent(None)
        self._started = time.perf_counter()

    def stop(self) -> tuple[dict[str, float], float]:
        """Cores used by each group over the window (1.0 = one core busy), and the machine's
        busy percentage (all cores)."""
        elapsed = time.perf_counter() - self._started
        machine = psutil.cpu_percent(None)
        used = {}
        for name, find in self._groups.items():
            now, before = _cpu_by_pid(find()), self._before[name]
            used[name] = sum(seconds - before.get(pid, 0.0) for pid, seconds in now.items()) / elapsed
        return used, machine


def _cpu_by_pid(processes: list[psutil.Process]) -> dict[int, float]:
    seconds = {}
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        seconds[process.pid] = float(times.user + times.system)
    return seconds


def several(pids: list[int]) -> Processes:
    """The processes and their children (a service's worker processes count as the service)."""
    def find() -> list[psutil.Process]:
        found: list[psutil.Process] = []
        for pid in pids:
            try:
                process = psutil.Process(pid)
                found += [process, *process.children(recursive=True)]
            except psutil.Error:
                continue
        return found
    return find


def alone(pid: int) -> Processes:
    """The process without its children (the load client, whose children are the services)."""
    def find() -> list[psutil.Process]:
        try:
            return [psutil.Process(pid)]
        except psutil.Error:
            return []
    return find


def named(prefix: str) -> Processes:
    """Every process whose name starts with `prefix` (all of Postgres's backends, say)."""
    return lambda: [p for p in psutil.process_iter(["name"]) if (p.info["name"] or "").startswith(prefix)]
