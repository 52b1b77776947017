"""The HTTP surface: guest sign-in, queueing, game lists, replays, the game catalogue and boards,
health, metrics, the browser WebSocket `/ws`, and the static web client.

Nothing here names a game: what games exist, their seat counts, table options, boards and what a
finished game reveals all come from the rules registry (`daimyo_rules.registry`).

Handlers here are thin: read the request, call a port, shape JSON. Who may see what is decided
in small functions beside them (a live game's seat only by its owner; a finished game by all).
What a client may cost is bounded by `limits.py`: quotas answer 429 with a JSON error, bad
input a 400 naming what is wrong; every response carries a CSP and the other browser headers;
the token travels only in the Authorization header (and the socket's first frame).
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import structlog
from aiohttp import WSCloseCode, WSMsgType, web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from daimyo_gateway import after_game, private_tables, visitors
from daimyo_gateway.frames import MAX_VERSION
from daimyo_gateway.hub import Hub
from daimyo_gateway.limits import Clock, Counted, KeyedBuckets, Limits, PlayerSockets, client_address
from daimyo_gateway.metrics import WS_CONNECTIONS
from daimyo_gateway.online import Online
from daimyo_gateway.ports import GameInfo, GamePort, MatchmakingPort, RateLimited, ServiceError, ViewSnapshot
from daimyo_gateway.presence import Presence
from daimyo_gateway.sessions import Session
from daimyo_gateway.sockets import Connection, authenticate, check_origin, refuse
from daimyo_gateway.tokens import InvalidToken, Player, TokenSigner, clean_name, new_guest
from daimyo_kit import logging as log
from daimyo_kit.bot_levels import BOT_LEVELS, DEFAULT_BOT_LEVEL
from daimyo_kit.grpc_client import new_request_id
from daimyo_kit.lru import LruCache
from daimyo_kit.time_controls import PRESETS
from daimyo_rules.core import RuleError
from daimyo_rules.registry import game_names, get_game

STATIC_DIR = Path(__file__).parent / "static"
HTTP_STATUS = {"malformed": 400, "unauthenticated": 401, "forbidden": 403, "not_found": 404,
               "illegal_move": 409, "stale": 409, "duplicate": 409, "rate_limited": 429, "unavailable": 503}
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
TIME_CONTROLS = PRESETS  # the lobby's choices; matchmaking seats only tickets with the same one together
RATED_GAMES = {  # what the leaderboard counts, in words the lobby can show as they are
    "rated": "games between people only, matchmade or at a private table created as rated",
    "unrated": ["any game with a bot seat (\"play bots\", or bots that filled a table)",
                "private tables created as unrated"],
    "abandoned": "a player who left a rated game, or whose seat a bot finished, is ranked last in it",
}
_log = structlog.get_logger("daimyo_gateway.http")

SIGNER = web.AppKey("signer", TokenSigner)
GAME_PORT = web.AppKey("games", GamePort)
MATCHMAKING = web.AppKey("matchmaking", MatchmakingPort)
HUB = web.AppKey("hub", Hub)
READY: web.AppKey[Callable[[], bool]] = web.AppKey("ready")
SOCKETS: web.AppKey[set[Callable[[], Awaitable[None]]]] = web.AppKey("sockets")
RESTARTING = {"type": "status", "state": "reconnecting", "reason": "server_restarting"}
PRESENCE: web.AppKey[Presence | None] = web.AppKey("presence")
ONLINE: web.AppKey[Online | None] = web.AppKey("online")
REFRESHED: web.RequestKey[str | None] = web.RequestKey("refreshed_token")


@dataclass
class Quotas:
    """The edge's counters, one set per gateway (see `limits.py`)."""

    limits: Limits
    sign_ins: KeyedBuckets
    enqueues: KeyedBuckets
    sockets: PlayerSockets
    reveals: LruCache[tuple[str, int], ViewSnapshot]
    unauthenticated: Counted

    @classmethod
    def of(cls, limits: Limits, clock: Clock = time.monotonic) -> Quotas:
        return cls(limits, KeyedBuckets(limits.guest_signins_per_minute, clock),
                   KeyedBuckets(limits.enqueues_per_minute, clock), PlayerSockets(limits, clock),
                   LruCache(limits.reveal_cache_entries), Counted(limits.ws_unauthenticated_per_address))


QUOTAS = web.AppKey("quotas", Quotas)


def create_app(signer: TokenSigner, games: GamePort, matchmaking: MatchmakingPort, hub: Hub,
               ready: Callable[[], bool] = lambda: True, presence: Presence | None = None,
               limits: Limits | None = None, clock: Clock = time.monotonic,
               online: Online | None = None) -> web.Application:
    app = web.Application(middlewares=[_request_context, _errors], client_max_size=MAX_BODY_BYTES)
    app[SIGNER], app[GAME_PORT], app[MATCHMAKING] = signer, games, matchmaking
    app[HUB], app[READY], app[PRESENCE], app[ONLINE] = hub, ready, presence, online
    app[QUOTAS] = Quotas.of(limits or Limits(), clock)
    app[SOCKETS] = set()
    app.on_response_prepare.append(_browser_headers)
    if presence is not None:
        app.on_startup.append(lambda _: _start(presence))
        app.on_cleanup.append(lambda _: presence.stop())
    if online is not None:
        app.on_startup.append(lambda _: _start(online))
        app.on_cleanup.append(lambda _: online.stop())
    app.add_routes([
        web.post("/api/session", sign_in),
        web.post("/api/session/refresh", refresh),
        web.get("/api/me", me),
        web.post("/api/queue", enqueue),
        web.get("/api/queue/{ticket}", get_ticket),
        web.delete("/api/queue/{ticket}", cancel_ticket),
        web.post("/api/queue/{ticket}/bots", fill_with_bots),
        web.get("/api/games", list_games),
        web.get("/api/my-games", my_games),
        web.get("/api/games/{game_id}", game_detail),
        web.get("/api/games/{game_id}/replay", replay),
        web.get("/api/games/{game_id}/events", game_events),
        web.get("/api/games/{game_id}/chat", game_chat),
        web.get("/api/leaderboard/{game}", leaderboard),
        web.get("/api/catalog", catalog),
        web.get("/api/boards/{game}/{players}", board),
        web.get("/healthz", healthz),
        web.get("/readyz", readyz),
        web.get("/metrics", metrics),
        web.get("/ws", websocket),
        web.get("/", index),
        *after_game.routes(_player, _json_body, MATCHMAKING, _public_ticket),
        *private_tables.routes(_player, _maybe_player, _json_body, MATCHMAKING, TIME_CONTROLS),
    ])
    app.router.add_static("/static/", STATIC_DIR, append_version=False)
    return app


@web.middleware
async def _request_context(request: web.Request, handler: Any) -> web.StreamResponse:
    """Every request gets an id (the caller's X-Request-Id, or a new one) that its logs and the
    gRPC calls it makes carry, and that the response echoes."""
    request_id = request.headers.get("X-Request-Id", "")[:64] or new_request_id()
    with log.bound(request_id=request_id):
        response: web.StreamResponse = await handler(request)
    if not response.prepared:
        response.headers["X-Request-Id"] = request_id
    return response


@web.middleware
async def _errors(request: web.Request, handler: Any) -> web.StreamResponse:
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except ServiceError as e:
        headers = {"Retry-After": str(math.ceil(e.retry_after))} if isinstance(e, RateLimited) else None
        return web.json_response({"error": e.code, "message": e.message}, status=HTTP_STATUS.get(e.code, 500),
                                 headers=headers)


async def _browser_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response (pages, JSON, static files, the socket upgrade) hardens the browser."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    refreshed = request.get(REFRESHED)
    if refreshed:
        response.headers[REFRESHED_TOKEN_HEADER] = refreshed


async def _start(service: Presence | Online) -> None:
    service.start()


# -- identity -----------------------------------------------------------------------------


def _token_of(request: web.Request) -> str:
    """The bearer token of the Authorization header (never the URL: URLs end up in logs)."""
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip()
    if "token" in request.query:
        raise InvalidToken("send the token in the Authorization header, not in the URL")
    return ""


def _player(request: web.Request) -> Player:
    """The token's player; a token past half its life is re-issued in the X-Daimyo-Token header."""
    signer = request.app[SIGNER]
    try:
        token = _token_of(request)
        player = signer.verify(token)
        request[REFRESHED] = signer.refreshed(token)
    except InvalidToken as e:
        raise ServiceError("unauthenticated", f"sign in first ({e})") from None
    return player


def _maybe_player(request: web.Request) -> Player | None:
    try:
        return request.app[SIGNER].verify(_token_of(request))
    except InvalidToken:
        return None


async def _json_body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise ServiceError("malformed", "the body must be JSON") from None
    except RecursionError:
        raise ServiceError("malformed", "the body is nested too deeply") from None
    if not isinstance(body, dict):
        raise ServiceError("malformed", "the body must be a JSON object")
    return body


async def sign_in(request: web.Request) -> web.Response:
    body = await _json_body(request)
    try:
        player = new_guest(clean_name(body.get("name")))
    except ValueError as e:
        raise ServiceError("malformed", str(e)) from None
    quotas = request.app[QUOTAS]
    _take_quota(quotas.sign_ins, _address(request), quotas.limits.guest_signins_per_minute,
                "guest sign-ins from your address")
    token = request.app[SIGNER].issue(player)
    return web.json_response({"token": token, "player_id": player.player_id, "name": player.name})


async def refresh(request: web.Request) -> web.Response:
    """A fresh token for the caller (same player, a new expiry); the old one lapses on its own."""
    player = _player(request)
    token = request.app[SIGNER].issue(player)
    return web.json_response({"token": token, "player_id": player.player_id, "name": player.name})


def _address(request: web.Request) -> str:
    hops = request.app[QUOTAS].limits.trusted_proxy_hops
    return client_address(request.remote, request.headers.get("X-Forwarded-For", ""), hops)


def _take_quota(buckets: KeyedBuckets, key: str, per_minute: float, what: str) -> None:
    wait = buckets.take(key)
    if wait:
        raise RateLimited(f"too many {what}: at most {per_minute:g} a minute; "
                          f"try again in {math.ceil(wait)} s", wait)


async def me(request: web.Request) -> web.Response:
    player = _player(request)
    return web.json_response({"player_id": player.player_id, "name": player.name})


# -- matchmaking --------------------------------------------------------------------------


def enqueue_request(player: Player, body: dict[str, Any]) -> dict[str, Any]:
    """The Enqueue RPC's fields for a lobby form: game, player counts, people or bots, bot level."""
    game = body.get("game")
    allowed = _player_counts(game)
    counts = body.get("player_counts") or [allowed[0]]
    if not isinstance(counts, list) or not all(isinstance(c, int) and c in allowed for c in counts):
        raise ServiceError("malformed", f"player_counts must list numbers from {allowed[0]} to {allowed[-1]}")
    bots = body.get("mode") == "bots"
    level = body.get("bot_level") or (DEFAULT_BOT_LEVEL if bots else "")
    if level and level not in BOT_LEVELS:
        raise ServiceError("malformed", f"bot_level must be one of {', '.join(BOT_LEVELS)}")
    clock = body.get("time_control") or "live"
    if not isinstance(clock, str) or clock not in TIME_CONTROLS:
        raise ServiceError("malformed", f"time_control must be one of {', '.join(TIME_CONTROLS)}")
    welcome = body.get("bots_welcome", True)  # "allow bots after 15 s" is on unless switched off
    if not isinstance(welcome, bool):
        raise ServiceError("malformed", "bots_welcome must be true or false")
    return {"player_id": player.player_id, "display_name": player.name, "game": game,
            "player_counts": counts, "bots_only": bots,
            "bots_welcome": bots or welcome,
            "bot_level": level, "time_control_json": json.dumps(TIME_CONTROLS[clock], sort_keys=True)}


async def enqueue(request: web.Request) -> web.Response:
    player = _player(request)
    body = enqueue_request(player, await _json_body(request))
    quotas = request.app[QUOTAS]
    _take_quota(quotas.enqueues, player.player_id, quotas.limits.enqueues_per_minute, "queue requests")
    ticket = await request.app[MATCHMAKING].enqueue(body)
    return web.json_response(_public_ticket(ticket))


async def get_ticket(request: web.Request) -> web.Response:
    player = _player(request)
    ticket = await request.app[MATCHMAKING].get_ticket(request.match_info["ticket"])
    if ticket.get("player_id") != player.player_id:
        raise ServiceError("not_found", "no such ticket")
    if (online := request.app[ONLINE]) is not None:  # asking about one's ticket is a sign of life too
        await online.seen(player.player_id)
    return web.json_response(_public_ticket(ticket))


async def cancel_ticket(request: web.Request) -> web.Response:
    player = _player(request)
    ticket = await request.app[MATCHMAKING].cancel(request.match_info["ticket"], player.player_id)
    return web.json_response(_public_ticket(ticket))


async def fill_with_bots(request: web.Request) -> web.Response:
    """"Fill with bots now": bots take the ticket's empty seats at the next matching round."""
    player = _player(request)
    ticket = await request.app[MATCHMAKING].fill_with_bots(request.match_info["ticket"], player.player_id)
    return web.json_response(_public_ticket(ticket))


def _public_ticket(ticket: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in ticket.items() if k != "player_id"}


async def leaderboard(request: web.Request) -> web.Response:
    limit = _limit_query(request, 20)
    ratings = await request.app[MATCHMAKING].leaderboard(request.match_info["game"], limit)
    return web.json_response({"ratings": [{k: v for k, v in r.items() if k != "player_id"} for r in ratings],
                              **RATED_GAMES})


# -- games --------------------------------------------------------------------------------


def _flag(request: web.Request, name: str) -> bool:
    return request.query.get(name, "") in ("1", "true", "yes")


def _int_query(request: web.Request, name: str, default: int, low: int = 0, high: int = MAX_VERSION) -> int:
    """A whole number from low to high (what int64 holds at most), or `default` when absent."""
    raw = request.query.get(name, "")
    if not raw:
        return default
    if not (raw.isascii() and raw.lstrip("-").isdigit()) or len(raw) > 20 or not low <= int(raw) <= high:
        raise ServiceError("malformed", f"{name} must be a whole number from {low} to {high}")
    return int(raw)


def _limit_query(request: web.Request, default: int) -> int:
    """`limit`: at least 1; anything above the gateway's cap is capped."""
    cap = request.app[QUOTAS].limits.max_list_limit
    return min(cap, _int_query(request, "limit", default, low=1))


def game_json(info: GameInfo, player: Player | None) -> dict[str, Any]:
    """A game for the browser: seats by name and kind; other players' ids stay private."""
    mine = player.player_id if player else None
    seats = [{"seat": n, "display_name": s.display_name, "bot_level": s.bot_level,
              "mine": mine is not None and s.player_id == mine} for n, s in enumerate(info.seats)]
    my_seats = [s["seat"] for s in seats if s["mine"]]
    return {"game_id": info.game_id, "game": info.game, "seats": seats, "version": info.version,
            "finished": info.finished, "winners": info.winners, "created_at": info.created_at,
            "my_seat": my_seats[0] if my_seats else None}


async def list_games(request: web.Request) -> web.Response:
    player = _maybe_player(request)
    mine = _flag(request, "mine")
    if mine and player is None:
        raise ServiceError("unauthenticated", "sign in to list your games")
    games = await request.app[GAME_PORT].list_games(
        player.player_id if mine and player else "", _flag(request, "live"), _flag(request, "finished"),
        _limit_query(request, 30))
    return web.json_response({"games": [game_json(g, player) for g in games]})


async def my_games(request: web.Request) -> web.Response:
    """The signed-in player's games: whose turn, the time left, the clock kind."""
    player = _player(request)
    limit = _int_query(request, "limit", 50)
    games = await request.app[GAME_PORT].my_games(player.player_id, _flag(request, "finished"), limit)
    return web.json_response({"games": games})


async def game_detail(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    games = request.app[GAME_PORT]
    info = await games.game_info(game_id)
    current = await games.get_view(game_id, None)
    body = game_json(info, _maybe_player(request))
    body.update(version=current.version, finished=current.finished, winners=current.winners,
                abandoned=current.abandoned, players=current.view.get("players", len(info.seats)))
    return web.json_response(body)


def replay_viewer(raw: str, info: GameInfo, finished: bool, player: Player | None) -> int | str | None:
    """Whose eyes a replay uses: a seat (only its owner while the game runs), "all" (finished only)."""
    if raw in ("", "spectator"):
        return None
    if raw == "all":
        if not finished:
            raise ServiceError("forbidden", "everything is revealed only once the game is finished")
        return "all"
    try:
        seat = int(raw)
    except ValueError:
        raise ServiceError("malformed", "seat must be a number, 'spectator' or 'all'") from None
    if not 0 <= seat < len(info.seats):
        raise ServiceError("malformed", f"this game has seats 0..{len(info.seats) - 1}")
    owner = player is not None and info.seats[seat].player_id == player.player_id
    if not finished and not owner:
        raise ServiceError("forbidden", f"seat {seat} is not yours while the game runs")
    return seat


async def replay(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    asked = _int_query(request, "at", 0)  # checked before any call: 0 (or none) is the latest
    games = request.app[GAME_PORT]
    info = await games.game_info(game_id)
    current = await games.get_view(game_id, None)
    viewer = replay_viewer(request.query.get("seat", ""), info, current.finished, _maybe_player(request))
    at = min(asked or current.version, current.version)
    if isinstance(viewer, str):  # "all"
        snapshot, extra = await _cached_reveal_all(request, game_id, at), {"revealed": True}
    else:
        snapshot, extra = await games.replay(game_id, at, viewer), {}
    return web.json_response({"game_id": game_id, "version": snapshot.version, "latest": current.version,
                              "game_finished": current.finished, "seat": viewer, "view": snapshot.view,
                              "to_act": snapshot.to_act, "finished": snapshot.finished, **extra})


async def _cached_reveal_all(request: web.Request, game_id: str, at: int) -> ViewSnapshot:
    """Reveal-all replays exist only for finished games, so (game, version) is all they depend on."""
    cache = request.app[QUOTAS].reveals
    found = cache.get((game_id, at))
    if found is None:
        found = await request.app[GAME_PORT].reveal_all(game_id, at)
        cache.put((game_id, at), found)
    return found


async def game_events(request: web.Request) -> web.Response:
    """The public log of moves (each seat's secrets stay hidden until the game is finished)."""
    records = await request.app[GAME_PORT].events_since(request.match_info["game_id"], 0, None)
    return web.json_response({"events": [{"version": r.version, "type": r.type, "seat": r.seat,
                                          "move": r.move, "effects": r.effects} for r in records]})


async def game_chat(request: web.Request) -> web.Response:
    """A game's chat on one channel: players' or spectators' (both readable by all once it is over)."""
    player = _maybe_player(request)
    channel = request.query.get("channel", "players")
    messages = await request.app[GAME_PORT].list_chat(
        request.match_info["game_id"], player.player_id if player else "", channel,
        _int_query(request, "after", 0), _int_query(request, "limit", 200))
    return web.json_response({"channel": channel, "messages": messages})


# -- the game catalogue: everything from the rules registry -----------------------------


def _player_counts(game: Any) -> tuple[int, ...]:
    """The seat counts of a registered game; a name the registry does not know is malformed."""
    if not isinstance(game, str) or game not in game_names():
        raise ServiceError("malformed", f"game must be one of {', '.join(game_names())}, not {game!r}")
    return tuple(get_game(game).player_counts())


@cache
def catalog_json() -> str:
    """Every registered game with its seat counts and table options, as the lobby shows them."""
    games = [{"name": name, "player_counts": list(get_game(name).player_counts()),
              "options": get_game(name).table_options()} for name in game_names()]
    return json.dumps({"games": games})


async def catalog(request: web.Request) -> web.Response:
    return web.Response(text=catalog_json(), content_type="application/json",
                        headers={"Cache-Control": "no-cache"})


@cache
def _board_json(game: str, players: int) -> str:
    return json.dumps(get_game(game).client_board({"players": players}))


def _board_for(game: str, raw: str) -> str:
    if game not in game_names() or raw not in [str(n) for n in get_game(game).player_counts()]:
        raise ServiceError("not_found", f"no board for {game} with {raw} players")
    try:
        return _board_json(game, int(raw))
    except RuleError as e:
        raise ServiceError("not_found", f"no board for {game} with {raw} players: {e}") from None


async def board(request: web.Request) -> web.Response:
    text = _board_for(request.match_info["game"], request.match_info["players"])
    return web.Response(text=text, content_type="application/json",
                        headers={"Cache-Control": "public, max-age=3600"})


# -- operations ---------------------------------------------------------------------------


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    ready = bool(request.app[READY]())
    return web.json_response({"ready": ready}, status=200 if ready else 503)


async def metrics(request: web.Request) -> web.Response:
    return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})


# -- the browser socket -------------------------------------------------------------------


async def websocket(request: web.Request) -> web.WebSocketResponse:
    """Origin checked, then upgraded; the first frame authenticates (see `sockets.py`)."""
    quotas = request.app[QUOTAS]
    check_origin(request, quotas.limits.origins)
    address = _address(request)
    if not quotas.unauthenticated.acquire(address):
        raise RateLimited(f"at most {quotas.limits.ws_unauthenticated_per_address} sockets per address "
                          "may wait to authenticate", quotas.limits.ws_auth_seconds)
    try:
        ws = web.WebSocketResponse(heartbeat=25, max_msg_size=quotas.limits.ws_max_frame_bytes)
        await ws.prepare(request)
        player = await authenticate(ws, request.app[SIGNER], quotas.limits.ws_auth_seconds)
    finally:
        quotas.unauthenticated.release(address)
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
