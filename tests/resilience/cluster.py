"""Daimyo as an operator runs it, in miniature: N replicas of each service as subprocesses.

The replicas are the stack supervisor's children (`daimyo_devkit.stack`): each its own process
group (a SIGKILL takes its search workers with it, as a pod dies), on its own ports, against
one Postgres and one NATS. Callers reach a service through all of its replicas at once
(`ipv4:a,b` gRPC targets: a dead replica's connection fails over to a live one, as behind a
Kubernetes Service).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

from daimyo_devkit.embedded import free_port
from daimyo_devkit.stack import Child, Probe, StackSettings, Supervisor, child_env, grpc_serving, http_ok

REPO = Path(__file__).resolve().parents[2]
TUNING = {"DAIMYO_BOT_DEADLINE_MS": "200", "DAIMYO_BOT_WORKERS": "1", "DAIMYO_BOT_BACKFILL_SECONDS": "60",
          "DAIMYO_MATCH_INTERVAL_SECONDS": "0.2",
          "DAIMYO_BOT_MIN_MOVE_SECONDS": "0",  # tests need no pace for people
          # every client of a test comes from one address, and reconnects at once after a restart
          "DAIMYO_HTTP_REQUESTS_PER_SECOND": "1000", "DAIMYO_HTTP_REQUEST_BURST": "5000",
          "DAIMYO_WS_NEW_SOCKETS_PER_SECOND": "100", "DAIMYO_WS_NEW_SOCKET_BURST": "500",
          "DAIMYO_WS_SOCKETS_PER_ADDRESS": "1000", "DAIMYO_HTTP_CONNECTIONS_PER_ADDRESS": "2000",
          "DAIMYO_WS_PLAYER_NEW_SOCKETS_PER_MINUTE": "600"}

Replica = Child


@dataclass
class Cluster:
    env: dict[str, str]
    log_dir: Path
    supervisor: Supervisor

    @property
    def replicas(self) -> dict[str, Child]:
        return self.supervisor.children

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

    def __getitem__(self, name: str) -> Child:
        return self.replicas[name]

    def stop(self, grace: float | None = None) -> list[str]:
        """SIGTERM to every replica at once, then SIGKILL to any still running after `grace`
        (default: the replicas' own grace); the names of those that had to be killed."""
        return self.supervisor.stop_at_once(grace)


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
    ports = {name: [free_port() for _ in range(count)] for name, count in
             (("game", shape.games), ("bot", shape.bots), ("matchmaking", shape.matchmakers),
              ("accounts", 1))}
    cluster = Cluster(_shared_env(database_url, nats_url, ports, extra_env or {}), log_dir,
                      Supervisor(log_dir, REPO))
    _add_replicas(cluster, ports, shape)
    cluster.supervisor.start_all(wait_each=("game-0", "matchmaking-0", "accounts"))
    return cluster


def _shared_env(database_url: str, nats_url: str, ports: dict[str, list[int]],
                extra: dict[str, str]) -> dict[str, str]:
    settings = StackSettings(database_url, nats_url, "resilience-" + uuid.uuid4().hex[:8],
                             schema_prefix="res", extra_env={**TUNING, **extra})
    env = child_env(settings)
    env["DAIMYO_GAME_ADDR"] = _target(ports["game"])
    env["DAIMYO_MATCHMAKING_ADDR"] = _target(ports["matchmaking"] or [free_port()])
    env["DAIMYO_ACCOUNTS_ADDR"] = _target(ports["accounts"])
    env.update(extra)
    return env


def _target(ports: list[int]) -> str:
    """A gRPC target reaching every replica (pick_first fails over when one dies)."""
    return "ipv4:" + ",".join(f"127.0.0.1:{p}" for p in ports)


def _add_replicas(cluster: Cluster, ports: dict[str, list[int]], shape: Shape) -> None:
    for n, port in enumerate(ports["game"]):
        _add(cluster, f"game-{n}", {"DAIMYO_GAME_GRPC_PORT": str(port)}, grpc_serving(port))
    for n, port in enumerate(ports["matchmaking"]):
        _add(cluster, f"matchmaking-{n}", {"DAIMYO_MATCHMAKING_GRPC_PORT": str(port)}, grpc_serving(port))
    for port in ports["accounts"]:  # guest sign-ins are sessions there
        _add(cluster, "accounts", {"DAIMYO_ACCOUNTS_GRPC_PORT": str(port)}, grpc_serving(port))
    for n, port in enumerate(ports["bot"]):
        own_first = [port] + [p for p in ports["bot"] if p != port]  # each driver asks its own bot first
        _add(cluster, f"bot-{n}", {"DAIMYO_BOT_GRPC_PORT": str(port), "DAIMYO_BOT_ADDR": _target(own_first)},
             grpc_serving(port))
    for n in range(shape.gateways):
        http_port = free_port()
        _add(cluster, f"gateway-{n}", {"DAIMYO_GATEWAY_HTTP_PORT": str(http_port)},
             http_ok(f"http://127.0.0.1:{http_port}/readyz"))


def _add(cluster: Cluster, name: str, own_env: dict[str, str], ready: Probe) -> None:
    service = name.split("-")[0].upper()
    env = dict(cluster.env, **own_env)
    env[f"DAIMYO_{service}_METRICS_PORT"] = str(free_port())
    cluster.supervisor.add(name, env, ready)
