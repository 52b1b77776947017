"""Root-parallel search in worker processes, answered by a deadline whatever the workers do.

Each worker searches its own determinizations with its own seed; the parent merges the root
statistics by visit counts. Workers stop a safety margin before the deadline; the parent
waits no longer than the deadline allows and merges whatever has arrived — a worker that is
late (busy with another request, or slow) is simply left out. Workers die with the service
(a parent-death signal), so a killed bot service leaves no searching orphans behind.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from daimyo_bot.packages import import_bot_packages
from daimyo_kit import logging as log
from daimyo_kit.shutdown import parent_death_signal

WORKER_SHARE = 0.75  # of the deadline spent searching; the rest is transport and merging
PARENT_SHARE = 0.92  # the parent answers with what it has by then
MARGIN_S = 0.01

_log = log.get_logger("daimyo_bot.search")

@dataclass(frozen=True)
class SearchResult:
    """Root statistics of one worker's search: move → (visits, reward of the bot's seat)."""

    stats: dict[Any, tuple[int, float]]
    iterations: int


SearchFunction = Callable[[dict[str, Any], int, int, float | None, int | None], SearchResult]


@dataclass(frozen=True)
class Merged:
    """Root statistics summed over workers (move → visits, reward) and total iterations."""

    stats: dict[Any, tuple[int, float]]
    iterations: int
    workers_answered: int

    def best(self) -> Any | None:
        """The most visited move (ties: higher reward, then a fixed order), None if nothing searched."""
        if not self.stats:
            return None
        return max(self.stats, key=lambda m: (self.stats[m][0], self.stats[m][1], _order_key(m)))


def _order_key(move: Any) -> str:
    return json.dumps(list(move) if isinstance(move, tuple) else move, sort_keys=True)


def _run_job(search: SearchFunction, view_json: str, seat: int, seed: int, stop_at: float,
             max_iterations: int | None) -> SearchResult:
    return search(json.loads(view_json), seat, seed, stop_at, max_iterations)


def _die_with_service(service_pid: int) -> None:
    """Each worker ends with the service however it ends (a SIGKILL included): SIGTERM on its
    parent's death; and at once if the service died before the worker got here."""
    parent_death_signal()
    if os.getppid() != service_pid:
        os._exit(1)


def _warm() -> int:
    import_bot_packages()  # every game's engine, board data and search code, once
    return os.getpid()


class SearchPool:
    """A process pool sized to the cores; `close()` it when the service stops."""

    def __init__(self, workers: int | None = None, executor: Executor | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._executor = executor or self._new_executor()

    def _new_executor(self) -> Executor:
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_die_with_service, initargs=(os.getpid(),))

    async def warm_up(self) -> None:
        """Start every worker now, so the first request does not pay for process start-up."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._executor, _warm) for _ in range(self.workers)))

    async def search(self, search: SearchFunction, view_json: str, seat: int, seed: int,
                     deadline_s: float, max_iterations: int | None = None) -> Merged:
        loop = asyncio.get_running_loop()
        start = time.monotonic()
        stop_at = start + max(0.0, deadline_s * WORKER_SHARE - MARGIN_S)
        budgets = _split(max_iterations, self.workers)
        try:
            jobs = [loop.run_in_executor(self._executor, _run_job, search, view_json, seat,
                                         _worker_seed(seed, n), stop_at, budgets[n])
                    for n in range(self.workers)]
        except BrokenProcessPool:  # a worker died before this request: no search this time
            self._replace_broken_pool()
            return _merge([])
        timeout = max(0.0, start + deadline_s * PARENT_SHARE - MARGIN_S - time.monotonic())
        done, pending = await asyncio.wait(jobs, timeout=timeout)
        for job in pending:
            job.cancel()
        results = [job.result() for job in jobs if job in done and _succeeded(job)]
        if any(isinstance(job.exception(), BrokenProcessPool) for job in done):
            self._replace_broken_pool()
        return _merge(results)

    def _replace_broken_pool(self) -> None:
        """A worker died (killed, out of memory): start a fresh pool for the next requests."""
        _log.error("search_pool_broken_restarting")
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._new_executor()

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def _succeeded(job: asyncio.Future[SearchResult]) -> bool:
    error = job.exception()
    if error is not None:
        _log.error("search_worker_failed", error=repr(error))
    return error is None


def _split(total: int | None, workers: int) -> list[int | None]:
    if total is None:
        return [None] * workers
    return [total // workers + (1 if n < total % workers else 0) for n in range(workers)]


def _worker_seed(seed: int, n: int) -> int:
    return (seed * 0x9E3779B1 + n * 0x85EBCA77) & ((1 << 64) - 1)


def _merge(results: list[SearchResult]) -> Merged:
    stats: dict[Any, tuple[int, float]] = {}
    for result in results:
        for move, (visits, reward) in result.stats.items():
            old_visits, old_reward = stats.get(move, (0, 0.0))
            stats[move] = (old_visits + visits, old_reward + reward)
    return Merged(stats, sum(r.iterations for r in results), len(results))
