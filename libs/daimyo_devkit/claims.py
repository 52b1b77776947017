"""Machine-wide port claims, so that two stacks planned at once never pick the same port.

Checking that a port is free and letting a service bind it later is a race: two `make run`s on
one machine both found the matchmaking port free and both handed it out. A claim is a file
named after the port in one directory shared by every Daimyo process of the machine, created
with O_EXCL, so of two planners exactly one gets it. A claim lasts until its process releases
it or ends: a claim whose process is gone (a SIGKILLed supervisor) is taken over. Something
outside Daimyo can still bind a claimed port first; the service then fails to start with
"address in use" in its log, a clear error rather than two stacks sharing a port.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import tempfile
import time
from pathlib import Path

CLAIMS_ENV = "DAIMYO_PORT_CLAIMS_DIR"
_mine: set[int] = set()


def claims_dir() -> Path:
    """The shared directory (DAIMYO_PORT_CLAIMS_DIR, else <tmp>/daimyo-port-claims)."""
    path = Path(os.environ.get(CLAIMS_ENV) or Path(tempfile.gettempdir()) / "daimyo-port-claims")
    if not path.is_dir():
        path.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # like /tmp: everyone may claim, only owners remove
            path.chmod(0o1777)
    return path


def claim(port: int) -> bool:
    """Whether this process now holds `port` (it may already have held it)."""
    if port in _mine:
        return True
    path = claims_dir() / str(port)
    for _attempt in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            if _owner_alive(path):
                return False
            with contextlib.suppress(OSError):
                path.unlink()  # a dead process's claim
            continue
        with os.fdopen(fd, "w") as file:
            file.write(str(os.getpid()))
        _mine.add(port)
        return True
    return False


def release(port: int) -> None:
    if port in _mine:
        _mine.discard(port)
        with contextlib.suppress(OSError):
            (claims_dir() / str(port)).unlink()


def release_all() -> None:
    """Every claim of this process (also done when it exits normally)."""
    for port in list(_mine):
        release(port)


def _owner_alive(path: Path) -> bool:
    try:
        text = path.read_text().strip()
        pid = int(text) if text else 0
        age = time.time() - path.stat().st_mtime
    except (OSError, ValueError):
        return True
    if pid <= 0:
        return age < 5.0  # being written right now by its claimer, unless it died doing so
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


atexit.register(release_all)
