"""After a wave of sockets has closed, the gateway gives their memory back to the system.

Two things keep it otherwise: the collector runs a full pass rarely (`daimyo_kit.collector`), so
what closed sockets left in reference cycles (tasks, futures, exceptions and their frames) waits
minutes for it; and glibc keeps the heap pages freed objects leave. The issue-32 attack left a
gateway at 913 MB after its 5,000+ sockets had closed. `Reclaimer` counts closed sockets; once
`closes` of them have closed since its last pass and none for `quiet_seconds`, it lets the edge's
tables forget what they hold for gone clients (`forget`), runs one full collection and
`malloc_trim(0)` (glibc only). A small object that outlives its socket keeps the whole arena it
sits in, so forgetting matters as much as collecting. A pass costs one full collection — only
after such a wave, never per socket.
"""

from __future__ import annotations

import asyncio
import contextvars
import ctypes
import ctypes.util
import gc
from collections.abc import Callable, Iterable

import structlog

_log = structlog.get_logger("daimyo_gateway.memory")
RECLAIM_AFTER_CLOSES = 500
QUIET_SECONDS = 5.0


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's `malloc_trim`, or None where there is none (musl, macOS)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


class Reclaimer:
    """One full collection and a heap trim after a wave of closes (see the module's docstring)."""

    def __init__(self, forget: Iterable[Callable[[], None]] = (), closes: int = RECLAIM_AFTER_CLOSES,
                 quiet_seconds: float = QUIET_SECONDS) -> None:
        self._forget, self._closes, self._quiet = list(forget), closes, quiet_seconds
        self._closed = 0
        self._pending: asyncio.TimerHandle | None = None
        self._trim = _malloc_trim()
        self.passes = 0

    def closed(self) -> None:
        """A socket closed; past the threshold, (re)start the quiet wait before a pass."""
        self._closed += 1
        if self._closed < self._closes:
            return
        if self._pending is not None:
            self._pending.cancel()
        self._pending = asyncio.get_running_loop().call_later(  # not in the last socket's log context
            self._quiet, self.reclaim, context=contextvars.Context())

    def reclaim(self) -> None:
        self._pending = None
        closed, self._closed = self._closed, 0
        for forget in self._forget:
            forget()
        found = gc.collect()
        trimmed = bool(self._trim(0)) if self._trim is not None else False
        self.passes += 1
        _log.info("memory_reclaimed", sockets_closed=closed, garbage=found, heap_trimmed=trimmed)

    def stop(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
