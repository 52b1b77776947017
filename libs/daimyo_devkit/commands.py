"""How the project's own commands end (`make load`, `make bench`, the bot round-robin, the test
session): like Ctrl-C on SIGTERM or SIGHUP, and when whatever started them dies. Development
tooling, so it lives here and not in the services' runtime kit."""

from __future__ import annotations

import os
import signal

from daimyo_kit.shutdown import parent_death_signal


def end_with_starter() -> None:
    """For the project's command-line tools (`make load`, `make bench`, ...): a SIGTERM or SIGHUP
    stops the tool as Ctrl-C does (KeyboardInterrupt, so its `finally` blocks stop what it
    started), and so does the death of whatever started it (a killed `make` or terminal)."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _as_interrupt)
    parent = os.getppid()
    parent_death_signal()
    if os.getppid() != parent:  # the starter died before the request took effect
        signal.raise_signal(signal.SIGTERM)


def _as_interrupt(_signum: int, _frame: object) -> None:
    signal.raise_signal(signal.SIGINT)  # asyncio's Runner turns it into a cancel of the main task
