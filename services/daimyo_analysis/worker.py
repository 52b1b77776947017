"""The analysis workers: take a job, read the game's log, review it in a low-priority process.

At least once: a job is leased, not removed; a worker that dies leaves its lease to run out and
the job is taken again. Idempotent: the result is stored under (game, analyser version) and a
second completion writes nothing. The review itself runs in a separate process at the lowest
priority (DAIMYO_ANALYSIS_NICE, in a session of its own: `lower_priority`), so the scheduler
always gives a live bot's search the core first; it dies with this service (a parent-death signal).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import queue
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

import structlog

from daimyo_analysis import metrics
from daimyo_analysis.evaluate import Analyser, Budget, GameLog, analysis_seed
from daimyo_analysis.game_logs import GameNotFinished, GameNotFound, GrpcGameLogs
from daimyo_analysis.settings import Settings
from daimyo_analysis.store import AnalysisStore, Job
from daimyo_kit.shutdown import parent_death_signal

log = structlog.get_logger("daimyo_analysis")
PROGRESS_STEP = 0.02  # the share of a game between two progress reports

_progress: Any = None  # the worker process's progress queue (set by `_start_process`)


def lower_priority(nice: int) -> None:
    """This process below every live service on the machine. Linux shares the CPU fairly between
    sessions first (autogroup) and applies niceness only within one, so a niced process in the
    service's session would still get its session's full share against a bot in another: the
    process takes a session of its own and gives that session the same niceness."""
    os.nice(nice)
    with contextlib.suppress(OSError):  # no autogroup (a container's cgroup decides instead)
        os.setsid()
        Path("/proc/self/autogroup").write_text(str(nice))


def _start_process(nice: int, service_pid: int, progress: Any) -> None:
    """Each analysing process: below the live services, gone with this service."""
    global _progress
    parent_death_signal()
    if os.getppid() != service_pid:
        os._exit(1)
    lower_priority(nice)
    _progress = progress


def review(game_id: str, log_json: dict[str, Any], seed: int,
           budget_json: dict[str, int]) -> tuple[dict[str, Any], float]:
    """The review of one game in the analysing process, and the CPU seconds it took."""
    game_log = GameLog(log_json["game"], log_json["config"], log_json["seed"],
                       tuple((s, m) for s, m in log_json["moves"]))
    reported = [0.0]

    def progress(done: int, total: int) -> None:
        share = done / max(total, 1)
        if _progress is not None and share - reported[0] >= PROGRESS_STEP:
            reported[0] = share
            _progress.put((game_id, share))

    start = time.process_time()
    result = Analyser(game_log, seed, Budget(**budget_json), progress).run()
    return result, time.process_time() - start


class Workers:
    """`settings.workers` loops sharing one pool of low-priority analysing processes."""

    def __init__(self, store: AnalysisStore, logs: GrpcGameLogs, settings: Settings) -> None:
        self.store, self.logs, self.settings = store, logs, settings
        context = multiprocessing.get_context("spawn")
        self._progress = context.Queue(maxsize=1000)
        self._pool = ProcessPoolExecutor(max_workers=max(1, settings.workers), mp_context=context,
                                         initializer=_start_process,
                                         initargs=(settings.nice, os.getpid(), self._progress))

    async def run(self) -> None:
        """Work until cancelled."""
        await asyncio.gather(*(self._loop() for _ in range(max(1, self.settings.workers))))

    async def _loop(self) -> None:
        while True:
            worked = await self.work_once()
            metrics.QUEUE_DEPTH.set(await self.store.waiting())
            if not worked:
                await asyncio.sleep(self.settings.poll_seconds)

    async def work_once(self) -> bool:
        """One job if there is one (True), reviewed and stored or marked failed."""
        job = await self.store.claim(self.settings.lease_seconds, self.settings.max_attempts)
        if job is None:
            return False
        try:
            await self._review(job)
        except (GameNotFound, GameNotFinished) as e:  # retrying cannot help: failed at once
            await self._failed(Job(job.game_id, job.game, self.settings.max_attempts), type(e).__name__)
        except Exception as e:  # any other failure leaves the job to a later attempt, logged
            log.exception("analysis_failed", game_id=job.game_id)
            await self._failed(job, type(e).__name__)
        return True

    async def _failed(self, job: Job, error: str) -> None:
        metrics.ANALYSES.labels(result="failed").inc()
        await self.store.fail(job, error, self.settings.max_attempts)

    async def _review(self, job: Job) -> None:
        game_log = await self.logs.finished_log(job.game_id)
        seed = analysis_seed(job.game_id)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, review, job.game_id, _log_json(game_log), seed,
                                      asdict(self.settings.budget))
        while not future.done():
            await asyncio.wait({future}, timeout=1.0)
            await self._report_progress()
        result, cpu = future.result()
        stored = await self.store.complete(job.game_id, seed, result, cpu)
        metrics.ANALYSES.labels(result="stored" if stored else "duplicate").inc()
        metrics.SECONDS.observe(cpu)
        log.info("analysis_stored", game_id=job.game_id, cpu_seconds=round(cpu, 1), new=stored)

    async def _report_progress(self) -> None:
        latest: dict[str, float] = {}
        while True:
            try:
                game_id, share = self._progress.get_nowait()
            except queue.Empty:
                break
            latest[game_id] = share
        for game_id, share in latest.items():
            await self.store.progress(game_id, share, self.settings.lease_seconds)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _log_json(game_log: GameLog) -> dict[str, Any]:
    return {"game": game_log.game, "config": game_log.config, "seed": game_log.seed,
            "moves": [list(m) for m in game_log.moves]}
