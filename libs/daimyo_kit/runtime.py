"""The process-wide knobs of daimyo_kit, read from the environment in this one place.

Every service process has them, whatever service it is: the shutdown grace, the supervisor to
die with, the event loop and the garbage collector (`shutdown`, `event_loop` and `collector`
apply them). The service's own settings are its `settings` module's, composed of `config.Config`;
credentials are `credentials`'. Every variable is in the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

GRACE_ENV = "DAIMYO_SHUTDOWN_GRACE_SECONDS"
PARENT_ENV = "DAIMYO_DIE_WITH_PARENT"
UVLOOP_ENV = "DAIMYO_UVLOOP"
GC_ENV = "DAIMYO_GC"
DEFAULT_GRACE = 10.0


@dataclass(frozen=True)
class Runtime:
    shutdown_grace: float = DEFAULT_GRACE  # seconds a stop may take before the watchdog ends it
    parent_pid: int | None = None  # a supervisor whose death ends this process
    uvloop: bool = True  # `DAIMYO_UVLOOP=off`: asyncio's own loop
    tuned_gc: bool = True  # `DAIMYO_GC=default`: Python's collector settings

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Runtime:
        env = os.environ if env is None else env
        parent = env.get(PARENT_ENV, "")
        return cls(
            shutdown_grace=_grace(env.get(GRACE_ENV, "")),
            parent_pid=int(parent) if parent.isdigit() else None,
            uvloop=env.get(UVLOOP_ENV, "on").lower() != "off",
            tuned_gc=env.get(GC_ENV, "").lower() != "default",
        )


def _grace(raw: str) -> float:
    if not raw:
        return DEFAULT_GRACE
    try:
        grace = float(raw)
    except ValueError:
        raise ValueError(f"{GRACE_ENV} must be a number of seconds, got {raw!r}") from None
    if grace <= 0:
        raise ValueError(f"{GRACE_ENV} must be positive, got {raw!r}")
    return grace
