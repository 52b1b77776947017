"""A bot service's search workers die with it, however it dies: kill -9 of the service used to
leave its workers running."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[3]
SERVICE = """
import asyncio, os
from daimyo_bot.search_pool import SearchPool

async def main():
    pool = SearchPool(workers=2)
    await pool.warm_up()
    print("ready", flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


def test_a_killed_services_search_workers_end_within_seconds() -> None:
    service = subprocess.Popen([sys.executable, "-c", SERVICE], cwd=REPO, stdout=subprocess.PIPE, text=True)
    workers: list[psutil.Process] = []
    try:
        assert service.stdout is not None and service.stdout.readline().strip() == "ready"
        workers = psutil.Process(service.pid).children()  # recorded before the kill: its own only
        assert len(workers) >= 2
        service.send_signal(signal.SIGKILL)
        service.wait()
        _gone, alive = psutil.wait_procs(workers, timeout=5)
    finally:
        service.kill()
        for worker in workers:
            with contextlib.suppress(psutil.Error):
                worker.kill()
    assert [p.pid for p in alive] == []
