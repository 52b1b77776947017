"""The gateway's aiohttp application: every resource's routes, the static client, and the
middleware every request passes (a request id, errors as JSON, the browser's security headers)."""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from daimyo_gateway.accounts import ACCOUNT_STATUS, AccountsPort
from daimyo_gateway.audience import Audience
from daimyo_gateway.http_api import (
    account,
    analysis,
    catalog,
    games,
    learn,
    lists,
    ops,
    profile,
    queue,
    rematch,
    session,
    socket,
    tables,
)
from daimyo_gateway.http_api.account import ACCOUNTS, SESSION_CHECK, live_sessions
from daimyo_gateway.http_api.common import (
    ANALYSIS,
    AUDIENCE,
    GAME_PORT,
    HUB,
    MATCHMAKING,
    ONLINE,
    PRESENCE,
    QUOTAS,
    READY,
    RECLAIMER,
    REFRESHED,
    SEAT_NEWS,
    SIGNER,
    SOCKETS,
    STATIC_DIR,
    Quotas,
    address,
)
from daimyo_gateway.http_api.notices import NOTICE_WRITES, NOTIFIER, VACATIONS, WRITES_PER_MINUTE
from daimyo_gateway.http_api.notices import routes as notice_routes
from daimyo_gateway.hub import Hub
from daimyo_gateway.limits import Limits
from daimyo_gateway.memory import Reclaimer
from daimyo_gateway.metrics import REFUSED
from daimyo_gateway.names import NAMES, Names
from daimyo_gateway.notifier_client import NotifierPort, VacationPort
from daimyo_gateway.online import Online
from daimyo_gateway.ports import AnalysisPort, GamePort, MatchmakingPort, RateLimited, ServiceError
from daimyo_gateway.presence import Presence
from daimyo_gateway.renames import RENAMES, Renames
from daimyo_gateway.seat_news import SeatNews
from daimyo_gateway.session_check import SessionCheck
from daimyo_gateway.tokens import TokenSigner
from daimyo_kit import logging as log
from daimyo_kit.grpc_client import new_request_id
from daimyo_kit.rates import Clock, KeyedBuckets

HTTP_STATUS = {"malformed": 400, "unauthenticated": 401, "forbidden": 403, "not_found": 404,
               "illegal_move": 409, "stale": 409, "duplicate": 409, "rate_limited": 429, "unavailable": 503,
               **ACCOUNT_STATUS}
MAX_BODY_BYTES = 64 * 1024
REFRESHED_TOKEN_HEADER = "X-Daimyo-Token"
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def create_app(signer: TokenSigner, games_port: GamePort, matchmaking: MatchmakingPort, hub: Hub,
               ready: Callable[[], bool] = lambda: True, presence: Presence | None = None,
               limits: Limits | None = None, clock: Clock = time.monotonic,
               online: Online | None = None, analysis_port: AnalysisPort | None = None,
               accounts: AccountsPort | None = None,
               session_check: SessionCheck | None = None, notifier: NotifierPort | None = None,
               vacations: VacationPort | None = None, renames: Renames | None = None,
               audience: Audience | None = None, seat_news: SeatNews | None = None) -> web.Application:
    """The gateway's app. With `accounts` (the accounts service), sign-ins are sessions there and
    a token is honoured only while its session lives (`session_check`); without it (tests of
    other parts) guests get signed tokens alone and the account routes are absent. `audience`
    counts watchers (by default this replica's alone); `seat_news` tells drops and returns."""
    app = web.Application(middlewares=[_request_context, _errors, _edge, live_sessions],
                          client_max_size=MAX_BODY_BYTES)
    app[SIGNER], app[GAME_PORT], app[MATCHMAKING] = signer, games_port, matchmaking
    app[HUB], app[READY], app[PRESENCE], app[ONLINE] = hub, ready, presence, online
    app[QUOTAS] = Quotas.of(limits or Limits(), clock)
    app[ANALYSIS], app[AUDIENCE], app[SEAT_NEWS] = analysis_port, audience or Audience(), seat_news
    app[SOCKETS] = set()
    app[NOTIFIER], app[NOTICE_WRITES] = notifier, KeyedBuckets(WRITES_PER_MINUTE, clock)
    app[VACATIONS] = vacations
    edge = app[QUOTAS].edge
    app[RECLAIMER] = Reclaimer(forget=[edge.requests.forget_full, edge.new_sockets.forget_full,
                                       edge.player_new_sockets.forget_full, edge.read_bytes.forget_full,
                                       edge.logs.forget_full])
    app.on_cleanup.append(_stop_reclaimer)
    app.on_response_prepare.append(_browser_headers)
    for service in (presence, online, app[AUDIENCE], seat_news):
        if service is not None:
            _run_with_app(app, service)
    for resource in (session, queue, lists, games, catalog, ops, socket, rematch, tables, analysis, learn):
        app.add_routes(resource.routes())
    app.add_routes(notice_routes())
    if accounts is not None:
        app[ACCOUNTS], app[NAMES] = accounts, Names(accounts)
        app[SESSION_CHECK] = session_check or SessionCheck(accounts)
        app[RENAMES] = renames or Renames(accounts)  # without the bus: this gateway's screens only
        app[RENAMES].on_changed(app[NAMES].forget)  # type: ignore[union-attr]
        for resource in (account, profile):
            app.add_routes(resource.routes())
    app.router.add_static("/static/", STATIC_DIR, append_version=False)
    return app


async def _stop_reclaimer(app: web.Application) -> None:
    app[RECLAIMER].stop()


def _run_with_app(app: web.Application, service: Presence | Online | Audience | SeatNews) -> None:
    async def start(_app: web.Application) -> None:
        service.start()

    async def stop(_app: web.Application) -> None:
        await service.stop()

    app.on_startup.append(start)
    app.on_cleanup.append(stop)


# A caller's id travels on in gRPC metadata and logs, which take ASCII only: anything else is replaced.
_PLAIN_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


@web.middleware
async def _request_context(request: web.Request, handler: Any) -> web.StreamResponse:
    """Every request gets an id (the caller's X-Request-Id, or a new one) that its logs and the
    gRPC calls it makes carry, and that the response echoes."""
    offered = request.headers.get("X-Request-Id", "")
    request_id = offered if _PLAIN_REQUEST_ID.fullmatch(offered) else new_request_id()
    with log.bound(request_id=request_id):
        response: web.StreamResponse = await handler(request)
    if not response.prepared:
        response.headers["X-Request-Id"] = request_id
    return response


@web.middleware
async def _errors(request: web.Request, handler: Any) -> web.StreamResponse:
    """A refusal as JSON: its stable code, the values a translated sentence needs, the English."""
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except ServiceError as e:
        headers = {"Retry-After": str(math.ceil(e.retry_after))} if isinstance(e, RateLimited) else None
        return web.json_response({"error": e.code, "args": e.arguments, "message": e.message},
                                 status=HTTP_STATUS.get(e.code, 500), headers=headers)


UNTHROTTLED = frozenset({"/healthz", "/readyz", "/metrics"})  # cheap; a refused probe restarts a pod


@web.middleware
async def _edge(request: web.Request, handler: Any) -> web.StreamResponse:
    """Each request (the probes aside) takes a token from its address's bucket, and its body
    (at most 64 KiB) must arrive within `http_body_seconds` — a slow body holds no handler."""
    quotas = request.app[QUOTAS]
    if request.path not in UNTHROTTLED:
        per_second = quotas.limits.http_requests_per_second
        wait = quotas.edge.requests.take(address(request))
        if wait:
            REFUSED("http_requests").inc()
            raise RateLimited(f"too many requests from your address: at most {per_second:g} a second",
                              wait, {"per_second": per_second})
    if request.body_exists:
        try:
            await asyncio.wait_for(request.read(), quotas.limits.http_body_seconds)
        except TimeoutError:
            REFUSED("body_timeout").inc()
            seconds = quotas.limits.http_body_seconds
            return web.json_response({"error": "malformed", "args": {"seconds": seconds},
                                      "message": f"the body did not arrive within {seconds:g} s"}, status=408)
    response: web.StreamResponse = await handler(request)
    return response


async def _browser_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response (pages, JSON, static files, the socket upgrade) hardens the browser."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    refreshed = request.get(REFRESHED)
    if refreshed:
        response.headers[REFRESHED_TOKEN_HEADER] = refreshed
