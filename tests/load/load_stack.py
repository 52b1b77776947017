"""The services a load run measures, and the cheap probes beside them.

`start_services` runs the game service, the gateway (and the matchmaker when games come from
the queue) as subprocesses on free loopback ports, each in a fresh schema dropped afterwards.
`append_rate` measures raw single-row INSERTs into a scratch table with the store's connection
style (a psycopg pool of autocommit connections), so a run's move rate has a floor to compare
against. `CpuMeter` reads each process's CPU time before and after the measured window.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from daimyo_kit import credentials
from daimyo_kit.embedded import free_port, port_answers

REPO = Path(__file__).resolve().parents[2]
LOCAL_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
LOCAL_NATS_URL = "nats://127.0.0.1:4222"


@dataclass
class Services:
    gateway_url: str
    game_addr: str
    env: dict[str, str]
    log_dir: Path
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def stop(self) -> None:
        for process in reversed(list(self.processes.values())):
            if process.poll() is None:
                process.terminate()
        for process in reversed(list(self.processes.values())):
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()

    @property
    def schemas(self) -> list[str]:
        return [self.env["DAIMYO_GAME_DB_SCHEMA"], self.env["DAIMYO_MATCHMAKING_DB_SCHEMA"]]


def _env(database_url: str, nats_url: str, log_level: str) -> dict[str, str]:
    suffix = uuid.uuid4().hex[:8]
    env = dict(os.environ, DAIMYO_DATABASE_URL=database_url, DAIMYO_NATS_URL=nats_url,
               DAIMYO_TOKEN_SECRET="load-" + suffix, DAIMYO_LOG_LEVEL=log_level,
               DAIMYO_GAME_DB_SCHEMA=f"load_game_{suffix}", DAIMYO_MATCHMAKING_DB_SCHEMA=f"load_mm_{suffix}",
               DAIMYO_MATCH_INTERVAL_SECONDS="0.2", PYTHONUNBUFFERED="1")
    for name in ("game", "matchmaking", "bot"):
        port = free_port()
        env[f"DAIMYO_{name.upper()}_GRPC_PORT"] = str(port)
        env[f"DAIMYO_{name.upper()}_ADDR"] = f"127.0.0.1:{port}"
    for name in ("game", "matchmaking", "bot", "gateway"):
        env[f"DAIMYO_{name.upper()}_METRICS_PORT"] = str(free_port())
    env["DAIMYO_GATEWAY_HTTP_PORT"] = str(free_port())
    env.update(credentials.env_additions(env))
    return env


def start_services(database_url: str, nats_url: str, log_dir: Path, matchmaking: bool,
                   log_level: str = "INFO", timeout: float = 60.0) -> Services:
    env = _env(database_url, nats_url, log_level)
    log_dir.mkdir(parents=True, exist_ok=True)
    services = Services(f"http://127.0.0.1:{env['DAIMYO_GATEWAY_HTTP_PORT']}", env["DAIMYO_GAME_ADDR"],
                        env, log_dir)
    plan = [("game", ["serve"])] + ([("matchmaking", [])] if matchmaking else []) + [("gateway", [])]
    try:
        for name, args in plan:
            log = (log_dir / f"{name}.log").open("ab")
            services.processes[name] = subprocess.Popen(
                [sys.executable, "-m", f"daimyo_{name}", *args], env=env, stdout=log,
                stderr=subprocess.STDOUT, cwd=REPO)
            if name != "gateway":
                port = int(env[f"DAIMYO_{name.upper()}_GRPC_PORT"])
                _wait(services, _port_answers(port), name, timeout)
        _wait(services, lambda: _http_ok(services.gateway_url + "/readyz"), "gateway", timeout)
    except BaseException:
        services.stop()
        raise
    return services


def _wait(services: Services, ready: Callable[[], bool], name: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if any(p.poll() is not None for p in services.processes.values()) or time.monotonic() > deadline:
            raise RuntimeError(f"{name} did not start; see {services.log_dir / (name + '.log')}")
        time.sleep(0.1)


def _port_answers(port: int) -> Callable[[], bool]:
    return lambda: bool(port_answers("127.0.0.1", port))


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def local_servers_answer() -> bool:
    return bool(port_answers("127.0.0.1", 5432) and port_answers("127.0.0.1", 4222))


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


def one(pid: int) -> Processes:
    return lambda: [psutil.Process(pid)] if psutil.pid_exists(pid) else []


def named(prefix: str) -> Processes:
    """Every process whose name starts with `prefix` (all of Postgres's backends, say)."""
    return lambda: [p for p in psutil.process_iter(["name"]) if (p.info["name"] or "").startswith(prefix)]
