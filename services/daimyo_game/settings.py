"""The game service's settings: the one place it reads its environment.

The shared `Config` (daimyo_kit.config) plus the service's own knobs
(relay, snapshots, the aggregate cache, the pool, the rate of seat changes) and the
gRPC callers it accepts; every variable is in the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from daimyo_game.seat_rate import DEFAULT_PER_MINUTE
from daimyo_kit import credentials
from daimyo_kit.config import Config


@dataclass(frozen=True)
class Settings:
    database_url: str
    schema: str
    nats_url: str
    grpc_port: int
    metrics_port: int
    relay: bool = True
    snapshot_every: int = 50
    cache_size: int = 512
    pool_size: int = 20
    log_level: str = "INFO"
    bind_host: str = "0.0.0.0"
    seat_changes_per_minute: int = DEFAULT_PER_MINUTE  # leaves and reclaims per player (seat_rate.py)
    callers: Mapping[str, str] = field(default_factory=dict)  # role → sha256 of its gRPC token

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        config = Config.from_env("game", env)
        return cls(
            config.database_url, config.db_schema, config.nats_url, config.grpc_port, config.metrics_port,
            relay=env.get("DAIMYO_GAME_RELAY", "on").lower() != "off",
            snapshot_every=int(env.get("DAIMYO_GAME_SNAPSHOT_EVERY", "50")),
            cache_size=int(env.get("DAIMYO_GAME_CACHE_SIZE", "512")),
            pool_size=int(env.get("DAIMYO_GAME_DB_POOL", "20")),
            log_level=config.log_level,
            bind_host=config.bind_host,
            seat_changes_per_minute=int(env.get("DAIMYO_SEAT_CHANGES_PER_MINUTE", str(DEFAULT_PER_MINUTE))),
            callers=credentials.grpc_callers(env),
        )
