"""The bot service's settings: the one place it reads its environment.

The shared `Config` (daimyo_kit.config) plus the service's own knobs
(search workers, the driver's deadline, sweep and pacing) and the
gRPC callers it accepts; every variable is in the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from daimyo_kit import credentials
from daimyo_kit.config import Config


@dataclass(frozen=True)
class Settings:
    grpc_port: int
    metrics_port: int
    nats_url: str
    game_addr: str
    bot_addr: str
    workers: int = 0  # search processes; 0 = one per core
    driver_deadline_ms: int = 1000
    min_move_seconds: float = 1.0  # per bot move at tables with a person
    sweep_seconds: float = 5.0
    driver: bool = True  # `serve` also runs the driver (replicas share turns via a queue group)
    log_level: str = "INFO"
    bind_host: str = "0.0.0.0"
    callers: Mapping[str, str] = field(default_factory=dict)  # role → sha256 of its gRPC token

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        config = Config.from_env("bot", env)
        return cls(
            config.grpc_port, config.metrics_port, config.nats_url, config.game_addr, config.bot_addr,
            workers=int(env.get("DAIMYO_BOT_WORKERS", "0")),
            driver_deadline_ms=int(env.get("DAIMYO_BOT_DEADLINE_MS", "1000")),
            sweep_seconds=float(env.get("DAIMYO_BOT_SWEEP_SECONDS", "5")),
            min_move_seconds=float(env.get("DAIMYO_BOT_MIN_MOVE_SECONDS", "1.0")),
            driver=env.get("DAIMYO_BOT_DRIVER", "on").lower() != "off",
            log_level=config.log_level,
            bind_host=config.bind_host,
            callers=credentials.grpc_callers(env),
        )
