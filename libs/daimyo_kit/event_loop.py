"""The services' event loop: uvloop where it is installed (quicker sockets and timers for the
gateway and the game service), else asyncio's own. `DAIMYO_UVLOOP=off` keeps asyncio's.
`shutdown.run`, every service's entry point, runs on it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from daimyo_kit.runtime import Runtime

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on the chosen loop."""
    if not Runtime.from_env().uvloop:
        return asyncio.run(main)
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)
