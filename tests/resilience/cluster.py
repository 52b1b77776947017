"""Daimyo as an operator runs it, in miniature: N replicas of each service as subprocesses.

Every replica is its own process group (a SIGKILL takes its search workers with it, as a pod
dies), on its own ports, against one Postgres and one NATS. Callers reach a service through
all of its replicas at once (`ipv4:a,b` gRPC targets: a dead replica's connection fails over
to a live one, as behind a Kubernetes Service).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from daimyo_kit import credentials
from daimyo_kit.embedded import free_port

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0


@dataclass
class Replica:
    """One service process: `python -m <module> <args>` with its own environment and log."""

    name: str
    module: str
    args: list[str]
    env: dict[str, str]
    log_path: Path
    ready: Callable[[], bool]
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen([sys.executable, "-m", self.module, *self.args], env=self.env,
                                        stdout=log, stderr=subprocess.STDOUT, cwd=REPO,
                                        start_new_session=True)

    def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.ready():
            if not self.running or time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} did not become ready; see {self.log_path}")
            time.sleep(0.1)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL the replica and everything it started: no shutdown code runs."""
        if self.running:
            os.killpg(self.pid, signal.SIGKILL)
            assert self.process is not None
            self.process.wait()

    def terminate(self) -> None:
        if self.running:
            os.killpg(self.pid, signal.SIGTERM)

    def wait_or_kill(self, grace: float) -> bool:
        """Whether it exited by itself within `grace` (else it is killed)."""
        assert self.process is not None
        try:
            self.process.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()
            return False
        return True


@dataclass
class Cluster:
    env: dict[str, str]
    log_dir: Path
    replicas: dict[str, Replica] = field(default_factory=dict)

    @property
    def game_schema(self) -> str:
        return self.env["DAIMYO_GAME_DB_SCHEMA"]

    @property
    def game_target(self) -> str:
        return self.env["DAIMYO_GAME_ADDR"]

    @property
    def matchmaking_target(self) -> str:
        return self.env["DAIMYO_MATCHMAKING_ADDR"]

    def gateway_url(self, n: int) -> str:
        return f"http://127.0.0.1:{self.replicas[f'gateway-{n}'].env['DAIMYO_GATEWAY_HTTP_PORT']}"

    def __getitem__(self, name: str) -> Replica:
        return self.replicas[name]

    def stop(self, grace: float = 10.0) -> list[str]:
        """SIGTERM to every replica at once, then SIGKILL to any still running after `grace`;
        the names of those that had to be killed."""
        running = [r for r in self.replicas.values() if r.running]
        for replica in running:
            replica.terminate()
        deadline = time.monotonic() + grace
        return [r.name for r in running if not r.wait_or_kill(max(0.0, deadline - time.monotonic()))]


@dataclass(frozen=True)
class Shape:
    """How many replicas of each service."""

    games: int = 1
    gateways: int = 1
    bots: int = 1
    matchmakers: int = 1


def start_cluster(database_url: str, nats_url: str, log_dir: Path, shape: Shape,
                  extra_env: dict[str, str] | None = None) -> Cluster:
    """Every replica started and ready (the first game replica alone first: it migrates and
    takes the relay lease, so tests know who holds it)."""
    log_dir.mkdir(parents=True, exist_ok=True)
    ports = {name: [free_port() for _ in range(count)] for name, count in
             (("game", shape.games), ("bot", shape.bots), ("matchmaking", shape.matchmakers))}
    cluster = Cluster(_shared_env(database_url, nats_url, ports, extra_env or {}), log_dir)
    try:
        _add_replicas(cluster, ports, shape)
        for replica in cluster.replicas.values():
            replica.start()
            if replica.name in ("game-0", "matchmaking-0"):
                replica.wait_ready()  # migrations done once, lease held by a known replica
        for replica in cluster.replicas.values():
            replica.wait_ready()
    except BaseException:
        cluster.stop()
        raise
    return cluster


def _shared_env(database_url: str, nats_url: str, ports: dict[str, list[int]],
                extra: dict[str, str]) -> dict[str, str]:
    suffix = uuid.uuid4().hex[:8]
    env = dict(os.environ, DAIMYO_DATABASE_URL=database_url, DAIMYO_NATS_URL=nats_url,
               DAIMYO_TOKEN_SECRET="resilience-" + suffix, DAIMYO_LOG_LEVEL="INFO",
               DAIMYO_GAME_DB_SCHEMA=f"res_game_{suffix}", DAIMYO_MATCHMAKING_DB_SCHEMA=f"res_mm_{suffix}",
               DAIMYO_BOT_DEADLINE_MS="200", DAIMYO_BOT_WORKERS="1", DAIMYO_BOT_BACKFILL_SECONDS="60",
               DAIMYO_MATCH_INTERVAL_SECONDS="0.2", PYTHONUNBUFFERED="1")
    env["DAIMYO_GAME_ADDR"] = _target(ports["game"])
    env["DAIMYO_MATCHMAKING_ADDR"] = _target(ports["matchmaking"] or [free_port()])
    env.update(extra)
    env.update(credentials.env_additions(env))
    return env


def _target(ports: list[int]) -> str:
    """A gRPC target reaching every replica (pick_first fails over when one dies)."""
    return "ipv4:" + ",".join(f"127.0.0.1:{p}" for p in ports)


def _add_replicas(cluster: Cluster, ports: dict[str, list[int]], shape: Shape) -> None:
    for n, port in enumerate(ports["game"]):
        _add(cluster, f"game-{n}", "daimyo_game", ["serve"], {"DAIMYO_GAME_GRPC_PORT": str(port)},
             _grpc_ready(port))
    for n, port in enumerate(ports["matchmaking"]):
        _add(cluster, f"matchmaking-{n}", "daimyo_matchmaking", [],
             {"DAIMYO_MATCHMAKING_GRPC_PORT": str(port)}, _grpc_ready(port))
    for n, port in enumerate(ports["bot"]):
        own_first = [port] + [p for p in ports["bot"] if p != port]  # each driver asks its own bot first
        _add(cluster, f"bot-{n}", "daimyo_bot", ["serve"],
             {"DAIMYO_BOT_GRPC_PORT": str(port), "DAIMYO_BOT_ADDR": _target(own_first)}, _grpc_ready(port))
    for n in range(shape.gateways):
        http_port = free_port()
        _add(cluster, f"gateway-{n}", "daimyo_gateway", [], {"DAIMYO_GATEWAY_HTTP_PORT": str(http_port)},
             _http_ready(f"http://127.0.0.1:{http_port}/readyz"))


def _add(cluster: Cluster, name: str, module: str, args: list[str], own_env: dict[str, str],
         ready: Callable[[], bool]) -> None:
    service = name.split("-")[0].upper()
    env = dict(cluster.env, **own_env)
    env[f"DAIMYO_{service}_METRICS_PORT"] = str(free_port())
    cluster.replicas[name] = Replica(name, module, args, env, cluster.log_dir / f"{name}.log", ready)


def _grpc_ready(port: int) -> Callable[[], bool]:
    def ready() -> bool:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            try:
                request = health_pb2.HealthCheckRequest()
                reply = health_pb2_grpc.HealthStub(channel).Check(request, timeout=1.0)
            except grpc.RpcError:
                return False
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
    return ready


def _http_ready(url: str) -> Callable[[], bool]:
    def ready() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=1.0) as response:
                return bool(response.status == 200)
        except OSError:
            return False
    return ready
