"""A one-test pytest session that starts the suite's embedded servers, for
`tests/integration/test_no_leftovers.py` to end in every way (not collected by the suite: its
name does not start with `test_`; that test names the file). It prints READY once both servers
answer, then waits DAIMYO_PROBE_SECONDS (default 0)."""

from __future__ import annotations

import os
import time


def test_embedded_servers_start(database_url: str, nats_url: str) -> None:
    assert database_url.startswith("postgresql://") and nats_url.startswith("nats://")
    print("\nREADY", flush=True)
    time.sleep(float(os.environ.get("DAIMYO_PROBE_SECONDS", "0")))
