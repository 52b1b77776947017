"""How a long-running service's cycle collector runs: rarely a full pass, never over startup.

A full collection scans every object the process holds. The game service holds hundreds of
games' states in its caches and the gateway every socket's session, so a full pass took
70–200 ms under load, and every move in flight waited for it (most of the move → view p99).
`settle()`, called once when a service starts, moves what exists then (modules, classes,
settings: never garbage) out of the collector's sight (`gc.freeze`), and lets a full pass come
after `FULL_EVERY` collections of the middle generation instead of Python's 10. Young passes come
after `YOUNG_EVERY` allocations instead of 700 (each still well under a millisecond); a cycle
that reached the oldest generation is freed at the next full pass, minutes later.
`DAIMYO_GC=default` keeps Python's own settings.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping

from daimyo_kit.runtime import Runtime

FULL_EVERY = 200
"""Middle-generation collections between two full passes (Python's default is 10)."""
YOUNG_EVERY = 5000
"""Allocations (net) between two young passes (Python's default is 700): under load a move's
short-lived objects are mostly gone before the next pass, instead of promoted and scanned again."""


def settle(env: Mapping[str, str] | None = None) -> bool:
    """Freeze what exists now and space out full passes; False when `DAIMYO_GC=default`."""
    if not Runtime.from_env(env).tuned_gc:
        return False
    gc.collect()  # what startup left behind goes now, not into the frozen set
    gc.freeze()
    _, middle, _ = gc.get_threshold()
    gc.set_threshold(YOUNG_EVERY, middle, FULL_EVERY)
    return True
