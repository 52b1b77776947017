"""The analysis service's settings: the one place it reads its environment.

The shared `Config` (daimyo_kit.config) plus the review's budget, how the queue is worked
(workers, lease, attempts, bound) and how far below the live bots the work runs (`nice`);
every variable is in the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from daimyo_analysis.evaluate import Budget
from daimyo_kit import credentials
from daimyo_kit.config import Config


def budget_from_env(env: Mapping[str, str]) -> Budget:
    default = Budget()
    return Budget(
        ahead_playouts=int(env.get("DAIMYO_ANALYSIS_AHEAD_PLAYOUTS", default.ahead_playouts)),
        decision_worlds=int(env.get("DAIMYO_ANALYSIS_DECISION_WORLDS", default.decision_worlds)),
        candidates=int(env.get("DAIMYO_ANALYSIS_CANDIDATES", default.candidates)),
        sampled_moves=default.sampled_moves,
        search_iterations=int(env.get("DAIMYO_ANALYSIS_SEARCH_ITERATIONS", default.search_iterations)),
    )


@dataclass(frozen=True)
class Settings:
    config: Config
    budget: Budget
    workers: int = 1  # analyses run at once by this replica (each in its own low-priority process)
    nice: int = 19  # added niceness of the analysing processes: live bot moves always go first
    lease_seconds: float = 120.0  # a running job not heard from for this long is taken again
    max_attempts: int = 3  # a job failing this often is marked failed
    queue_limit: int = 10_000  # waiting jobs; beyond it new ones are refused (RESOURCE_EXHAUSTED)
    poll_seconds: float = 2.0  # an idle worker looks for a job this often
    auto: bool = True  # queue every finished game (off: only those a player asks for)
    callers: Mapping[str, str] = field(default_factory=dict)  # role → sha256 of its gRPC token

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            Config.from_env("analysis", env),
            budget_from_env(env),
            workers=int(env.get("DAIMYO_ANALYSIS_WORKERS", "1")),
            nice=int(env.get("DAIMYO_ANALYSIS_NICE", "19")),
            lease_seconds=float(env.get("DAIMYO_ANALYSIS_LEASE_SECONDS", "120")),
            max_attempts=int(env.get("DAIMYO_ANALYSIS_MAX_ATTEMPTS", "3")),
            queue_limit=int(env.get("DAIMYO_ANALYSIS_QUEUE_LIMIT", "10000")),
            poll_seconds=float(env.get("DAIMYO_ANALYSIS_POLL_SECONDS", "2")),
            auto=env.get("DAIMYO_ANALYSIS_AUTO", "on").lower() != "off",
            callers=credentials.grpc_callers(env),
        )
