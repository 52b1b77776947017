"""Wiring: settings from the environment → worker pool, levels, handlers, gRPC server; and the
driver's connections (NATS, game service, bot service)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from daimyo_bot.grpc_api import BotServicer
from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_kit.config import Config
from daimyo_kit.grpc_server import RunningServer, Servicer, start_server
from daimyo_proto.daimyo.bot.v1 import bot_pb2, bot_pb2_grpc

SERVICE_NAME = bot_pb2.DESCRIPTOR.services_by_name["BotService"].full_name


@dataclass(frozen=True)
class Settings:
    grpc_port: int
    metrics_port: int
    nats_url: str
    game_addr: str
    bot_addr: str
    workers: int = 0  # search processes; 0 = one per core
    driver_deadline_ms: int = 1000
    sweep_seconds: float = 5.0
    driver_metrics_port: int = 0  # the driver's /metrics (0: off; it runs beside the service)
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        config = Config.from_env("bot", env)
        return cls(
            config.grpc_port, config.metrics_port, config.nats_url, config.game_addr, config.bot_addr,
            workers=int(env.get("DAIMYO_BOT_WORKERS", "0")),
            driver_deadline_ms=int(env.get("DAIMYO_BOT_DEADLINE_MS", "1000")),
            sweep_seconds=float(env.get("DAIMYO_BOT_SWEEP_SECONDS", "5")),
            driver_metrics_port=int(env.get("DAIMYO_BOT_DRIVER_METRICS_PORT", "0")),
            log_level=config.log_level,
        )


@dataclass
class BotApp:
    pool: SearchPool
    handlers: BotHandlers

    def close(self) -> None:
        self.pool.close()


async def build(settings: Settings) -> BotApp:
    """The pool started (workers warm) and the levels wired."""
    pool = SearchPool(settings.workers or None)
    await pool.warm_up()
    return BotApp(pool, BotHandlers(build_levels(pool)))


def servicers(app: BotApp) -> list[Servicer]:
    return [Servicer(bot_pb2_grpc.add_BotServiceServicer_to_server, BotServicer(app.handlers), SERVICE_NAME)]


async def start_grpc(app: BotApp, port: int, host: str = "0.0.0.0") -> RunningServer:
    return await start_server(servicers(app), port, host)
