"""Private Postgres and NATS servers that a test may stop and start again at will.

The machine's shared servers belong to everyone; these belong to one test session. Each keeps
its address across restarts (Postgres on a fixed TCP port, NATS on a fixed port with its
JetStream data directory), so the services under test see the same server come back.
"""

from __future__ import annotations

import contextlib
import os
import platform
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from daimyo_devkit.embedded import EmbeddedNats, free_port, port_answers, start_nats

PG_SYSTEM_USER = "pgserver"  # Postgres refuses to run as root; pgserver's convention for the user


@dataclass
class PrivatePostgres:
    data_dir: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @classmethod
    def create(cls, data_dir: Path) -> PrivatePostgres:
        server = cls(data_dir, free_port())
        server._initdb()
        server.start()
        return server

    def start(self, timeout: float = 30.0) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self.data_dir} -c fsync=off -c max_connections=200"
        log = str(self.data_dir / "log")
        self._pg_ctl(["-w", "-t", str(int(timeout)), "-o", options, "-l", log, "start"])
        _wait_for(lambda: port_answers("127.0.0.1", self.port), timeout, "postgres")

    def stop(self, mode: str = "immediate") -> None:
        """`immediate` is a crash as far as clients can tell: every connection is cut at once."""
        self._pg_ctl(["-w", "-m", mode, "stop"])

    def _initdb(self) -> None:
        from pgserver._commands import initdb  # type: ignore[attr-defined]  # made at import

        self.data_dir.mkdir(parents=True)
        user = _prepare_system_user(self.data_dir)
        initdb(["--auth=trust", "--encoding=utf8", "-U", "postgres"], pgdata=self.data_dir, user=user)

    def _pg_ctl(self, args: list[str]) -> None:
        from pgserver._commands import pg_ctl  # type: ignore[attr-defined]  # made at import

        pg_ctl(args, pgdata=self.data_dir, user=_system_user(), timeout=60)


def _system_user() -> str | None:
    return PG_SYSTEM_USER if platform.system() != "Windows" and os.geteuid() == 0 else None


def _prepare_system_user(data_dir: Path) -> str | None:
    """As root, Postgres runs as an unprivileged user who must own the data and reach it."""
    user = _system_user()
    if user is None:
        return None
    import pwd

    from pgserver._commands import POSTGRES_BIN_PATH
    from pgserver.utils import ensure_folder_permissions, ensure_prefix_permissions, ensure_user_exists

    ensure_user_exists(user)
    ensure_prefix_permissions(data_dir)
    ensure_prefix_permissions(POSTGRES_BIN_PATH)
    ensure_folder_permissions(POSTGRES_BIN_PATH, 0o555)
    ensure_folder_permissions(POSTGRES_BIN_PATH.parent / "lib", 0o444)
    entry = pwd.getpwnam(user)
    os.chown(data_dir, entry.pw_uid, entry.pw_gid)
    return user


@dataclass
class PrivateNats:
    data_dir: Path
    port: int
    process: EmbeddedNats | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    @classmethod
    def create(cls, data_dir: Path) -> PrivateNats:
        server = cls(data_dir, free_port())
        server.start()
        return server

    def start(self) -> None:
        self.process = start_nats(self.data_dir, self.port, credentials=os.environ)

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.process = None

def _wait_for(ready: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not come up within {timeout:.0f}s")
        time.sleep(0.05)


@contextlib.contextmanager
def running_postgres(prefix: str) -> Iterator[PrivatePostgres]:
    """A private Postgres outside pytest's temp tree (it runs as another user, who must reach it)."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    server = PrivatePostgres.create(home / "data")
    try:
        yield server
    finally:
        server.stop("fast")
        shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def running_nats(data_dir: Path) -> Iterator[PrivateNats]:
    server = PrivateNats.create(data_dir)
    try:
        yield server
    finally:
        server.stop()
