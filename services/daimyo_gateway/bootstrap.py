"""Wiring: configuration → NATS bus, gRPC channels, ports, the aiohttp app and its runner.

`start_gateway` runs one gateway inside the current event loop (the process entry point and
in-process tests both use it); `stop()` closes sockets, NATS and channels in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import grpc
import structlog
from aiohttp import web

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import BusMessage, SessionsRevoked
from daimyo_gateway.accounts import GrpcAccounts
from daimyo_gateway.audience import Audience
from daimyo_gateway.connections import ConnectionGuard, EdgeRunner
from daimyo_gateway.grpc_clients import GrpcAnalysis, GrpcGames, GrpcMatchmaking
from daimyo_gateway.http_api import create_app, restart_sockets
from daimyo_gateway.http_api.common import QUOTAS
from daimyo_gateway.hub import Hub
from daimyo_gateway.limits import Limits
from daimyo_gateway.notifier_client import GrpcNotifier, GrpcVacations
from daimyo_gateway.online import Online
from daimyo_gateway.ports import GamePort, MatchmakingPort
from daimyo_gateway.presence import Presence
from daimyo_gateway.renames import Renames
from daimyo_gateway.seat_news import SeatNews
from daimyo_gateway.session_check import SessionCheck
from daimyo_gateway.settings import Edge
from daimyo_gateway.settings import MissingSecret as MissingSecret
from daimyo_gateway.settings import token_secret as token_secret
from daimyo_gateway.tokens import TokenSigner
from daimyo_kit import grpc_client, shutdown
from daimyo_kit.config import Config

_log = structlog.get_logger("daimyo_gateway")


@dataclass
class Draining:
    """Set when the gateway starts stopping: /readyz answers 503 from then on."""

    started: bool = False


@dataclass
class RunningGateway:
    url: str
    runner: EdgeRunner
    bus: Bus
    channels: list[grpc.aio.Channel]
    draining: Draining = field(default_factory=Draining)
    games: GrpcGames | None = None  # its channels to single game-service replicas are its own

    async def stop(self) -> None:
        """Not ready first, sockets told to reconnect elsewhere (1012), then everything closed,
        each step bounded by its share of the shutdown grace."""
        self.draining.started = True
        await shutdown.bounded(restart_sockets(self.runner.app), shutdown.share(0.2), "sockets")
        await shutdown.bounded(self.runner.cleanup(), shutdown.share(0.3), "http")
        await self.bus.close(timeout=shutdown.share(0.15))
        for channel in self.channels:
            await shutdown.bounded(channel.close(), shutdown.share(0.05), "channel")
        if self.games is not None:
            await shutdown.bounded(self.games.close(), shutdown.share(0.05), "replica channels")


async def start_gateway(config: Config, secret: str, host: str = "0.0.0.0", port: int | None = None,
                        games: GamePort | None = None, matchmaking: MatchmakingPort | None = None,
                        grace_seconds: float | None = None, limits: Limits | None = None,
                        edge: Edge | None = None, with_accounts: bool = False,
                        **app_options: Any) -> RunningGateway:
    """A gateway serving on host:port (config.http_port by default; 0 picks a free port).

    `grace_seconds`: how long a seat's player may be away before a bot takes the seat
    (default: the edge's); `limits`: the edge's limits and quotas (default: the edge's);
    `edge`: the gateway's settings beyond `config` (default: `Edge.from_env()`, the environment);
    `with_accounts`: sign-ins go to the accounts service (`config.accounts_addr`) and every token
    is checked against its session (the process entry point always; in-process tests of other
    parts run without).
    """
    edge = edge or Edge.from_env()
    limits = limits or edge.limits
    bus = await Bus.connect(config.nats_url, name="daimyo-gateway", role="gateway")
    channels = [grpc_client.channel(config.game_addr, role="gateway"),
                grpc_client.channel(config.matchmaking_addr, role="gateway"),
                grpc_client.channel(config.analysis_addr, role="gateway"),
                grpc_client.channel(config.notifier_addr, role="gateway")]
    own_games = None
    if games is None:  # a game's calls go to one replica (see GrpcGames), the rest spread
        games = own_games = GrpcGames(channels[0], replicas_of=config.game_addr,
                                      connect=lambda address: grpc_client.channel(address, role="gateway"))
    hub = Hub(bus)
    grace = edge.grace_seconds if grace_seconds is None else grace_seconds
    presence = Presence(hub, bus.publish, games.hand_over_seat, grace)
    draining = Draining()
    online = Online(bus.publish, edge.heartbeat_seconds)
    await bus.subscribe(subjects.ALL_ONLINE, online.heard)  # who is online anywhere (friends)
    if with_accounts:
        app_options.update(await _accounts(config, bus, channels))
    app = create_app(TokenSigner(secret, limits.token_lifetime_seconds), games,
                     matchmaking or GrpcMatchmaking(channels[1]), hub,
                     ready=lambda: bus.is_connected and not draining.started,
                     presence=presence, limits=limits, online=online,
                     audience=Audience(hub, bus.publish), seat_news=SeatNews(hub, presence),  # all replicas
                     **{"analysis_port": GrpcAnalysis(channels[2]), "notifier": GrpcNotifier(channels[3]),
                        "vacations": GrpcVacations(channels[0]), **app_options})
    runner = EdgeRunner(app, ConnectionGuard(limits, app[QUOTAS].edge.proxies), access_log=None,
                        shutdown_timeout=2.0)
    await runner.setup()
    site = web.TCPSite(runner, host, config.http_port if port is None else port)
    await site.start()
    bound = runner.addresses[0][1]
    _log.info("gateway_started", port=bound, game=config.game_addr, matchmaking=config.matchmaking_addr)
    return RunningGateway(f"http://127.0.0.1:{bound}", runner, bus, channels, draining, own_games)


async def _accounts(config: Config, bus: Bus, channels: list[grpc.aio.Channel]) -> dict[str, Any]:
    """The accounts service's client, the session check, told by every gateway (this one
    included) when a session ends or its token is replaced (`daimyo.sessions.revoked`), and the
    renames every gateway tells of (`daimyo.names.changed`)."""
    channels.append(grpc_client.channel(config.accounts_addr, role="gateway"))
    accounts = GrpcAccounts(channels[-1])
    check = SessionCheck(accounts, bus.publish)

    async def on_revoked(_subject: str, message: BusMessage) -> None:
        if isinstance(message, SessionsRevoked):
            await check.revoked(message)

    await bus.subscribe(subjects.SESSIONS_REVOKED, on_revoked)
    renames = Renames(accounts, bus.publish)
    await bus.subscribe(subjects.NAMES_CHANGED, renames.heard)  # renamed players, from any gateway
    return {"accounts": accounts, "session_check": check, "renames": renames}
