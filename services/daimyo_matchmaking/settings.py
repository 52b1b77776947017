"""The matchmaking service's settings: the one place it reads its environment.

The shared `Config` (daimyo_kit.config) plus the matching policy (rating windows, bot
backfill, ticket presence), the matching loop's interval, the quotas of `allowance.py` (games
with bots a player may have running, tickets a player may open a minute) and the gRPC callers it
accepts; every variable is in the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from daimyo_kit import credentials
from daimyo_kit.config import Config
from daimyo_matchmaking.matching import Policy

DEFAULT_PRESENCE_SECONDS = 10.0  # a queued ticket dies this long after its player's last socket heartbeat


def policy_from_env(env: Mapping[str, str] | None = None) -> Policy:
    """The matching policy: DAIMYO_BOT_BACKFILL_SECONDS (default 15) and the rating-window knobs."""
    env = os.environ if env is None else env
    default = Policy()
    return Policy(
        base_window=float(env.get("DAIMYO_MATCH_BASE_WINDOW", default.base_window)),
        window_growth_per_second=float(
            env.get("DAIMYO_MATCH_WINDOW_GROWTH", default.window_growth_per_second)
        ),
        max_window=float(env.get("DAIMYO_MATCH_MAX_WINDOW", default.max_window)),
        backfill_seconds=float(env.get("DAIMYO_BOT_BACKFILL_SECONDS", default.backfill_seconds)),
        presence_seconds=float(env.get("DAIMYO_TICKET_PRESENCE_SECONDS", DEFAULT_PRESENCE_SECONDS)),
    )


@dataclass(frozen=True)
class Settings:
    config: Config
    policy: Policy
    interval_seconds: float = 0.5  # between two matching passes (an enqueue also wakes the loop)
    bot_games_per_player: int = 1  # games with bots one player may have in progress (allowance.py)
    queue_joins_per_minute: int = 10  # tickets one player may open a minute, on any route
    callers: Mapping[str, str] = field(default_factory=dict)  # role → sha256 of its gRPC token

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            Config.from_env("matchmaking", env),
            policy_from_env(env),
            interval_seconds=float(env.get("DAIMYO_MATCH_INTERVAL_SECONDS", "0.5")),
            bot_games_per_player=int(env.get("DAIMYO_BOT_GAMES_PER_PLAYER", "1")),
            queue_joins_per_minute=int(env.get("DAIMYO_QUEUE_JOINS_PER_MINUTE", "10")),
            callers=credentials.grpc_callers(env),
        )
