"""The browser socket `/ws`: origin checked, upgraded, authenticated by its first frame (see
`sockets.py`), then one `Session` per socket (see `sessions.py`) until it closes."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable

from aiohttp import WSCloseCode, WSMsgType, web

from daimyo_gateway import frames, visitors
from daimyo_gateway.http_api.account import ACCOUNTS, SESSION_CHECK, as_player
from daimyo_gateway.http_api.common import (
    AUDIENCE,
    GAME_PORT,
    HUB,
    ONLINE,
    PRESENCE,
    QUOTAS,
    RECLAIMER,
    SEAT_NEWS,
    SIGNER,
    SOCKETS,
    Quotas,
    address,
)
from daimyo_gateway.metrics import REFUSED, WS_CONNECTIONS
from daimyo_gateway.ports import RateLimited, ServiceError
from daimyo_gateway.renames import RENAMES
from daimyo_gateway.sessions import Session
from daimyo_gateway.sockets import Connection, Peer, authenticate, check_origin, refuse
from daimyo_gateway.table_chat import accounts_blocks
from daimyo_gateway.tokens import Player

RESTARTING = frames.status(False, "server_restarting")
SOCKET_RETRY_SECONDS = 5.0  # what a 429 for an address's full count of sockets says


async def websocket(request: web.Request) -> web.WebSocketResponse:
    """Origin checked, the address's socket quotas taken, then upgraded; the first frame
    authenticates (see `sockets.py`)."""
    quotas = request.app[QUOTAS]
    check_origin(request, quotas.limits.origins, quotas.edge.proxies)
    where = address(request)
    _take_socket_quotas(quotas, where)
    try:
        ws = web.WebSocketResponse(heartbeat=quotas.limits.ws_heartbeat_seconds,
                                   max_msg_size=quotas.limits.ws_max_frame_bytes)
        player = await _authenticated(request, ws, quotas, where)
        if player is not None:
            await _serve_player(request, ws, player, Peer(where, request.transport, quotas.edge.read_bytes,
                                                          quotas.edge.logs))
    finally:
        quotas.edge.sockets.release(where)
        request.app[RECLAIMER].closed()
    return ws


def _take_socket_quotas(quotas: Quotas, where: str) -> None:
    """One more socket for this address, or 429 (before the upgrade: a refusal costs nothing)."""
    limits = quotas.limits
    wait = quotas.edge.new_sockets.take(where)
    if wait:
        REFUSED("new_sockets").inc()
        raise RateLimited(f"at most {limits.ws_new_sockets_per_second:g} new sockets a second per address",
                          wait, {"per_second": limits.ws_new_sockets_per_second})
    if not quotas.edge.sockets.acquire(where):
        REFUSED("sockets").inc()
        raise RateLimited(f"at most {limits.ws_sockets_per_address} open sockets per address",
                          SOCKET_RETRY_SECONDS, {"most": limits.ws_sockets_per_address})


async def _authenticated(request: web.Request, ws: web.WebSocketResponse, quotas: Quotas,
                         where: str) -> Player | None:
    if not quotas.unauthenticated.acquire(where):
        raise RateLimited(f"at most {quotas.limits.ws_unauthenticated_per_address} sockets per address "
                          "may wait to authenticate", quotas.limits.ws_auth_seconds)
    try:
        await ws.prepare(request)
        found = await authenticate(ws, request.app[SIGNER], quotas.limits.ws_auth_seconds)
        return await _live(request, ws, found)
    finally:
        quotas.unauthenticated.release(where)


async def _live(request: web.Request, ws: web.WebSocketResponse, found: Player | None) -> Player | None:
    """The player as its live session says (http_api.account); None (refused) when the session
    ended or the token was replaced. Visitors and gateways without accounts skip the check."""
    check = request.app.get(SESSION_CHECK)
    if found is None or check is None or visitors.is_visitor(found):
        return found
    try:
        if not found.session_id:
            raise ServiceError("session_ended", "this token has no session; sign in again")
        return as_player(await check.check(found.session_id, found.token_id))
    except ServiceError as e:
        await refuse(ws, e.code, e.message)
        return None


async def _serve_player(request: web.Request, ws: web.WebSocketResponse, player: Player, peer: Peer) -> None:
    """The player's sockets are bounded and their reconnects paced (error, then 1008)."""
    quotas = request.app[QUOTAS]
    wait = quotas.edge.player_new_sockets.take(player.player_id)
    if wait:
        REFUSED("player_new_sockets").inc()
        per_minute = quotas.limits.ws_player_new_sockets_per_minute
        await refuse(ws, "rate_limited", f"reconnecting too often: at most {per_minute:g} new sockets a "
                     "minute per player", {"retry_after_seconds": math.ceil(wait), "per_minute": per_minute})
        return
    bucket = quotas.sockets.acquire(player.player_id)
    if bucket is None:
        await refuse(ws, "rate_limited", f"at most {quotas.limits.ws_sockets_per_player} sockets per player")
        return
    try:
        await _serve(request, ws, Connection(ws, quotas.limits, bucket, player.player_id, peer), player)
    finally:
        quotas.sockets.release(player.player_id)


async def _serve(request: web.Request, ws: web.WebSocketResponse, connection: Connection,
                 player: Player) -> None:
    app = request.app
    accounts = app.get(ACCOUNTS)
    session = Session(player, app[GAME_PORT], app[HUB], connection.send, app[PRESENCE], connection.queue,
                      accounts_blocks(accounts) if accounts is not None else None, app[AUDIENCE],
                      app[SEAT_NEWS])

    async def restart() -> None:  # the gateway is stopping: say so, then close "service restart"
        await connection.restart(RESTARTING)

    WS_CONNECTIONS.inc()
    app[SOCKETS].add(restart)
    check = app.get(SESSION_CHECK)
    if check is not None and player.session_id:  # ended on any gateway: closed here at once
        check.socket_opened(player.session_id, player.token_id, connection.end_session)
    online = None if visitors.is_visitor(player) else app[ONLINE]  # keeps the player's tickets alive
    renames = app.get(RENAMES)
    try:
        if renames is not None:
            renames.opened(session)
        await session.start()
        if online is not None:
            await online.connected(player.player_id)
        await _read_frames(ws, connection, session)
    finally:
        if renames is not None:
            renames.closed(session)
        app[SOCKETS].discard(restart)
        if check is not None and player.session_id:
            check.socket_closed(player.session_id, connection.end_session)
        WS_CONNECTIONS.dec()
        if online is not None:
            await online.disconnected(player.player_id)
        await session.close()
        await connection.finish()


async def restart_sockets(app: web.Application) -> None:
    """Tell every open socket to reconnect elsewhere and close it with 1012 (shutdown)."""
    restarts: set[Callable[[], Awaitable[None]]] = app[SOCKETS]
    await asyncio.gather(*(restart() for restart in list(restarts)), return_exceptions=True)


async def _read_frames(ws: web.WebSocketResponse, connection: Connection, session: Session) -> None:
    async for message in ws:
        if connection.failure is not None:
            return
        if message.type == WSMsgType.ERROR:  # e.g. a frame over ws_max_frame_bytes (closed 1009)
            connection.fail(ws.close_code or WSCloseCode.PROTOCOL_ERROR, "protocol_error", str(message.data))
            return
        if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            continue
        await connection.pace(len(message.data))
        if not connection.admit():
            continue
        text = message.data if message.type == WSMsgType.TEXT else "binary frames are not understood"
        try:
            await session.handle_text(text)
        except Exception as e:  # a bug: one short line and a 1011 close, not a traceback per frame
            connection.crash(e)
            return


def routes() -> list[web.RouteDef]:
    return [web.get("/ws", websocket)]
