"""Service configuration read once from the environment (twelve-factor), frozen afterwards.

Every service reads the same variables; `DAIMYO_<SERVICE>_GRPC_PORT` and
`DAIMYO_<SERVICE>_METRICS_PORT` override the defaults of DESIGN.md, and
`DAIMYO_GAME_ADDR`/`DAIMYO_BOT_ADDR`/`DAIMYO_MATCHMAKING_ADDR`/`DAIMYO_ANALYSIS_ADDR`/
`DAIMYO_ACCOUNTS_ADDR` tell clients where to call.
A service that owns a schema connects with `DAIMYO_<SERVICE>_DATABASE_URL` when it is set (its
own Postgres role, for its tables and its migrations), else the shared `DAIMYO_DATABASE_URL`.
Every variable is in the table of deploy/CONFIGURATION.md; each service composes this object
into its own settings (`daimyo_<service>.settings`), the one place that service reads the
environment; the process-wide knobs of daimyo_kit (shutdown grace, event loop, collector) are
`daimyo_kit.runtime`'s. Reading the configuration also registers the plug-in games of
`DAIMYO_GAME_PLUGINS` (see `daimyo_kit.games`), so every service process knows the same games.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from daimyo_kit.games import plugin_specs, register_plugins

SERVICES = ("game", "matchmaking", "bot", "gateway", "analysis", "accounts", "notifier")
DEFAULT_GRPC_PORTS = {"game": 50051, "matchmaking": 50052, "bot": 50053, "gateway": 0, "analysis": 50054,
                      "accounts": 50055, "notifier": 50056}
DEFAULT_METRICS_PORTS = {"game": 9101, "matchmaking": 9102, "bot": 9103, "gateway": 9104, "analysis": 9105,
                         "accounts": 9106, "notifier": 9107}
DEFAULT_HTTP_PORT = 8080
DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
DEFAULT_NATS_URL = "nats://127.0.0.1:4222"


@dataclass(frozen=True)
class Config:
    service: str
    database_url: str
    db_schema: str
    nats_url: str
    grpc_port: int
    metrics_port: int
    http_port: int
    game_addr: str
    bot_addr: str
    matchmaking_addr: str
    token_secret: str
    log_level: str
    game_plugins: tuple[str, ...] = ()
    bind_host: str = "0.0.0.0"  # DAIMYO_BIND_HOST: `make run` binds 127.0.0.1
    analysis_addr: str = f"127.0.0.1:{DEFAULT_GRPC_PORTS['analysis']}"
    accounts_addr: str = f"127.0.0.1:{DEFAULT_GRPC_PORTS['accounts']}"
    notifier_addr: str = f"127.0.0.1:{DEFAULT_GRPC_PORTS['notifier']}"

    @classmethod
    def from_env(cls, service: str, env: Mapping[str, str] | None = None) -> Config:
        """The configuration of `service` (one of SERVICES) from `env` (os.environ by default)."""
        if service not in SERVICES:
            raise ValueError(f"unknown service {service!r}; one of {SERVICES}")
        env = os.environ if env is None else env
        own = service.upper()
        plugins = plugin_specs(env)
        register_plugins(plugins)
        return cls(
            service=service,
            database_url=env.get(f"DAIMYO_{own}_DATABASE_URL")
            or env.get("DAIMYO_DATABASE_URL", DEFAULT_DATABASE_URL),
            db_schema=env.get(f"DAIMYO_{own}_DB_SCHEMA", f"daimyo_{service}"),
            nats_url=env.get("DAIMYO_NATS_URL", DEFAULT_NATS_URL),
            grpc_port=_int(env, f"DAIMYO_{own}_GRPC_PORT", DEFAULT_GRPC_PORTS[service]),
            metrics_port=_int(env, f"DAIMYO_{own}_METRICS_PORT", DEFAULT_METRICS_PORTS[service]),
            http_port=_int(env, f"DAIMYO_{own}_HTTP_PORT", DEFAULT_HTTP_PORT),
            game_addr=env.get("DAIMYO_GAME_ADDR", f"127.0.0.1:{DEFAULT_GRPC_PORTS['game']}"),
            bot_addr=env.get("DAIMYO_BOT_ADDR", f"127.0.0.1:{DEFAULT_GRPC_PORTS['bot']}"),
            matchmaking_addr=env.get(
                "DAIMYO_MATCHMAKING_ADDR", f"127.0.0.1:{DEFAULT_GRPC_PORTS['matchmaking']}"
            ),
            token_secret=env.get("DAIMYO_TOKEN_SECRET", ""),  # no default: the gateway refuses to start
            log_level=env.get("DAIMYO_LOG_LEVEL", "INFO").upper(),
            game_plugins=plugins,
            bind_host=env.get("DAIMYO_BIND_HOST") or "0.0.0.0",
            analysis_addr=env.get("DAIMYO_ANALYSIS_ADDR", f"127.0.0.1:{DEFAULT_GRPC_PORTS['analysis']}"),
            accounts_addr=env.get("DAIMYO_ACCOUNTS_ADDR", f"127.0.0.1:{DEFAULT_GRPC_PORTS['accounts']}"),
            notifier_addr=env.get("DAIMYO_NOTIFIER_ADDR", f"127.0.0.1:{DEFAULT_GRPC_PORTS['notifier']}"),
        )


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
