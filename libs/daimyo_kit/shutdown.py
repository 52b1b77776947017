"""How every service process stops: within its grace on SIGTERM, whatever Postgres and NATS do.

`run(main())` is each service's entry point. The first SIGTERM/SIGINT cancels the main task,
so the service's own `finally` blocks stop servers, loops and pools (each bounded in time), and
arms a watchdog that ends the process once the grace (DAIMYO_SHUTDOWN_GRACE_SECONDS, 10 s by
default) is spent, whatever is still hanging. A second signal ends the process at once.

A child started by the stack supervisor (`daimyo_devkit.stack`) finds its parent's pid in
DAIMYO_DIE_WITH_PARENT and asks Linux for SIGTERM when that parent dies (PR_SET_PDEATHSIG), so
no service outlives a supervisor that was killed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import sys
import threading
from collections.abc import Awaitable, Coroutine, Mapping
from typing import Any, TypeVar

from daimyo_kit import collector, event_loop
from daimyo_kit import logging as log
from daimyo_kit.runtime import DEFAULT_GRACE as DEFAULT_GRACE
from daimyo_kit.runtime import GRACE_ENV as GRACE_ENV
from daimyo_kit.runtime import PARENT_ENV as PARENT_ENV
from daimyo_kit.runtime import Runtime

EXIT_FORCED = 70  # the watchdog ended the process: something did not stop within the grace
EXIT_SECOND_SIGNAL = 130
_PR_SET_PDEATHSIG = 1

T = TypeVar("T")
_log = log.get_logger("daimyo_kit.shutdown")


def grace_from_env(env: Mapping[str, str] | None = None) -> float:
    """The seconds a service may take to stop (DAIMYO_SHUTDOWN_GRACE_SECONDS, default 10)."""
    return Runtime.from_env(env).shutdown_grace


def share(fraction: float, env: Mapping[str, str] | None = None) -> float:
    """A part of the grace, for one step of a shutdown (e.g. draining in-flight gRPC calls)."""
    return grace_from_env(env) * fraction


async def bounded(step: Awaitable[T], seconds: float, what: str) -> T | None:
    """`await step` for at most `seconds`; None (and a warning) when it took longer or failed."""
    try:
        return await asyncio.wait_for(step, seconds)
    except TimeoutError:
        _log.warning("shutdown_step_timed_out", step=what, seconds=seconds)
    except Exception as e:  # a failing close must not stop the next one from running
        _log.warning("shutdown_step_failed", step=what, error=f"{type(e).__name__}: {e}")
    return None


def parent_death_signal(sig: int = signal.SIGTERM) -> None:
    """Ask Linux to send `sig` to this process when the thread that started it ends
    (PR_SET_PDEATHSIG; elsewhere nothing). Also the `preexec_fn` of children started with
    `subprocess.Popen` that must not outlive their starter (embedded servers, pool workers)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0)


def die_with_parent(env: Mapping[str, str] | None = None) -> None:
    """When a supervisor started this process (DAIMYO_DIE_WITH_PARENT=its pid), end with it."""
    parent = Runtime.from_env(env).parent_pid
    if parent is None:
        return
    parent_death_signal()
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(EXIT_FORCED)


def run(main: Coroutine[Any, Any, T], grace: float | None = None) -> T | None:
    """Run a service's main coroutine until it returns or a signal stops it (None then), with its
    collector settled first (daimyo_kit.collector)."""
    die_with_parent()
    collector.settle()
    return event_loop.run(_supervised(main, grace_from_env() if grace is None else grace))


async def _supervised(main: Coroutine[Any, Any, T], grace: float) -> T | None:
    task = asyncio.ensure_future(main)
    signalled = _Signals(task, grace)
    signalled.install()
    try:
        return await task
    except asyncio.CancelledError:
        if not signalled.received:
            raise
        return None


class _Signals:
    """First signal: cancel the main task and arm the watchdog. Second: exit now."""

    def __init__(self, task: asyncio.Future[Any], grace: float) -> None:
        self._task = task
        self._grace = grace
        self._loop = asyncio.get_running_loop()
        self.received = 0

    def install(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum: int, _frame: object) -> None:
        self.received += 1
        if self.received > 1:
            _flush()
            os._exit(EXIT_SECOND_SIGNAL)
        _arm_watchdog(self._grace)
        with contextlib.suppress(RuntimeError):  # the loop already closed: the process is ending
            self._loop.call_soon_threadsafe(self._stop, signal.Signals(signum).name)

    def _stop(self, name: str) -> None:
        _log.info("shutdown_requested", signal=name, grace=self._grace)
        self._task.cancel()


def _arm_watchdog(grace: float) -> None:
    timer = threading.Timer(grace, _forced_exit, args=(grace,))
    timer.daemon = True
    timer.start()


def _forced_exit(grace: float) -> None:
    print(f"daimyo: not stopped within the {grace:.1f}s grace; exiting now", file=sys.stderr)
    _flush()
    os._exit(EXIT_FORCED)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
