"""The browser socket `/ws`: origin checked, upgraded, authenticated by its first frame (see
`sockets.py`), then one `Session` per socket (see `sessions.py`) until it closes."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import WSCloseCode, WSMsgType, web

from daimyo_gateway import frames, visitors
from daimyo_gateway.http_api.common import GAME_PORT, HUB, ONLINE, PRESENCE, QUOTAS, SIGNER, SOCKETS, address
from daimyo_gateway.metrics import WS_CONNECTIONS
from daimyo_gateway.ports import RateLimited
from daimyo_gateway.sessions import Session
from daimyo_gateway.sockets import Connection, authenticate, check_origin, refuse
from daimyo_gateway.tokens import Player

RESTARTING = frames.status(False, "server_restarting")


async def websocket(request: web.Request) -> web.WebSocketResponse:
    """Origin checked, then upgraded; the first frame authenticates (see `sockets.py`)."""
    quotas = request.app[QUOTAS]
    check_origin(request, quotas.limits.origins)
    where = address(request)
    if not quotas.unauthenticated.acquire(where):
        raise RateLimited(f"at most {quotas.limits.ws_unauthenticated_per_address} sockets per address "
                          "may wait to authenticate", quotas.limits.ws_auth_seconds)
    try:
        ws = web.WebSocketResponse(heartbeat=25, max_msg_size=quotas.limits.ws_max_frame_bytes)
        await ws.prepare(request)
        player = await authenticate(ws, request.app[SIGNER], quotas.limits.ws_auth_seconds)
    finally:
        quotas.unauthenticated.release(where)
    if player is None:
        return ws
    bucket = quotas.sockets.acquire(player.player_id)
    if bucket is None:
        await refuse(ws, "rate_limited", f"at most {quotas.limits.ws_sockets_per_player} sockets per player")
        return ws
    try:
        await _serve(request, ws, Connection(ws, quotas.limits, bucket, player.player_id), player)
    finally:
        quotas.sockets.release(player.player_id)
    return ws


async def _serve(request: web.Request, ws: web.WebSocketResponse, connection: Connection,
                 player: Player) -> None:
    app = request.app
    session = Session(player, app[GAME_PORT], app[HUB], connection.send, app[PRESENCE], connection.queue)

    async def restart() -> None:  # the gateway is stopping: say so, then close "service restart"
        await connection.restart(RESTARTING)

    WS_CONNECTIONS.inc()
    app[SOCKETS].add(restart)
    online = None if visitors.is_visitor(player) else app[ONLINE]  # keeps the player's tickets alive
    try:
        await session.start()
        if online is not None:
            await online.connected(player.player_id)
        await _read_frames(ws, connection, session)
    finally:
        app[SOCKETS].discard(restart)
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
        if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY) or not connection.admit():
            continue
        text = message.data if message.type == WSMsgType.TEXT else "binary frames are not understood"
        await session.handle_text(text)


def routes() -> list[web.RouteDef]:
    return [web.get("/ws", websocket)]
