"""The HTTP surface: guest sign-in, queueing, game lists, replays, the game catalogue and boards,
health, metrics, the browser WebSocket `/ws`, and the static web client.

Nothing here names a game: what games exist, their seat counts, table options, boards and what a
finished game reveals all come from the rules registry (`daimyo_rules.registry`).

Handlers here are thin: read the request, call a port, shape JSON. Who may see what is decided
in small functions beside them (a live game's seat only by its owner; a finished game by all).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import structlog
from aiohttp import WSMsgType, web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from daimyo_gateway.hub import Hub
from daimyo_gateway.metrics import WS_CONNECTIONS
from daimyo_gateway.ports import GameInfo, GamePort, MatchmakingPort, ServiceError
from daimyo_gateway.presence import Presence
from daimyo_gateway.sessions import Session
from daimyo_gateway.tokens import InvalidToken, Player, TokenSigner, clean_name, new_guest
from daimyo_kit import logging as log
from daimyo_kit.grpc_client import new_request_id
from daimyo_kit.time_controls import PRESETS
from daimyo_rules.core import RuleError
from daimyo_rules.registry import game_names, get_game

STATIC_DIR = Path(__file__).parent / "static"
HTTP_STATUS = {"malformed": 400, "unauthenticated": 401, "forbidden": 403, "not_found": 404,
               "illegal_move": 409, "stale": 409, "duplicate": 409, "unavailable": 503}
BOT_LEVELS = ("random", "greedy", "mcts")
TIME_CONTROLS = PRESETS  # the lobby's choices; matchmaking seats only tickets with the same one together
_log = structlog.get_logger("daimyo_gateway.http")

SIGNER = web.AppKey("signer", TokenSigner)
GAME_PORT = web.AppKey("games", GamePort)
MATCHMAKING = web.AppKey("matchmaking", MatchmakingPort)
HUB = web.AppKey("hub", Hub)
READY: web.AppKey[Callable[[], bool]] = web.AppKey("ready")
PRESENCE: web.AppKey[Presence | None] = web.AppKey("presence")


def create_app(signer: TokenSigner, games: GamePort, matchmaking: MatchmakingPort, hub: Hub,
               ready: Callable[[], bool] = lambda: True, presence: Presence | None = None) -> web.Application:
    app = web.Application(middlewares=[_request_context, _errors])
    app[SIGNER], app[GAME_PORT], app[MATCHMAKING] = signer, games, matchmaking
    app[HUB], app[READY], app[PRESENCE] = hub, ready, presence
    if presence is not None:
        app.on_startup.append(lambda _: _start(presence))
        app.on_cleanup.append(lambda _: presence.stop())
    app.add_routes([
        web.post("/api/session", sign_in),
        web.get("/api/me", me),
        web.post("/api/queue", enqueue),
        web.get("/api/queue/{ticket}", get_ticket),
        web.delete("/api/queue/{ticket}", cancel_ticket),
        web.get("/api/games", list_games),
        web.get("/api/games/{game_id}", game_detail),
        web.get("/api/games/{game_id}/replay", replay),
        web.get("/api/games/{game_id}/events", game_events),
        web.get("/api/leaderboard/{game}", leaderboard),
        web.get("/api/catalog", catalog),
        web.get("/api/boards/{game}/{players}", board),
        web.get("/healthz", healthz),
        web.get("/readyz", readyz),
        web.get("/metrics", metrics),
        web.get("/ws", websocket),
        web.get("/", index),
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
        return web.json_response({"error": e.code, "message": e.message}, status=HTTP_STATUS.get(e.code, 500))


async def _start(presence: Presence) -> None:
    presence.start()


# -- identity -----------------------------------------------------------------------------


def _token_of(request: web.Request) -> str:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip()
    return request.query.get("token", "")


def _player(request: web.Request) -> Player:
    try:
        return request.app[SIGNER].verify(_token_of(request))
    except InvalidToken as e:
        raise ServiceError("unauthenticated", f"sign in first ({e})") from None


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
    if not isinstance(body, dict):
        raise ServiceError("malformed", "the body must be a JSON object")
    return body


async def sign_in(request: web.Request) -> web.Response:
    body = await _json_body(request)
    try:
        player = new_guest(clean_name(body.get("name")))
    except ValueError as e:
        raise ServiceError("malformed", str(e)) from None
    token = request.app[SIGNER].issue(player)
    return web.json_response({"token": token, "player_id": player.player_id, "name": player.name})


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
    level = body.get("bot_level") or ("greedy" if bots else "")
    if level and level not in BOT_LEVELS:
        raise ServiceError("malformed", f"bot_level must be one of {', '.join(BOT_LEVELS)}")
    clock = body.get("time_control") or "live"
    if not isinstance(clock, str) or clock not in TIME_CONTROLS:
        raise ServiceError("malformed", f"time_control must be one of {', '.join(TIME_CONTROLS)}")
    return {"player_id": player.player_id, "display_name": player.name, "game": game,
            "player_counts": counts, "bots_only": bots,
            "bots_welcome": bots or bool(body.get("bots_welcome")),
            "bot_level": level, "time_control_json": json.dumps(TIME_CONTROLS[clock], sort_keys=True)}


async def enqueue(request: web.Request) -> web.Response:
    player = _player(request)
    ticket = await request.app[MATCHMAKING].enqueue(enqueue_request(player, await _json_body(request)))
    return web.json_response(_public_ticket(ticket))


async def get_ticket(request: web.Request) -> web.Response:
    player = _player(request)
    ticket = await request.app[MATCHMAKING].get_ticket(request.match_info["ticket"])
    if ticket.get("player_id") != player.player_id:
        raise ServiceError("not_found", "no such ticket")
    return web.json_response(_public_ticket(ticket))


async def cancel_ticket(request: web.Request) -> web.Response:
    player = _player(request)
    ticket = await request.app[MATCHMAKING].cancel(request.match_info["ticket"], player.player_id)
    return web.json_response(_public_ticket(ticket))


def _public_ticket(ticket: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in ticket.items() if k != "player_id"}


async def leaderboard(request: web.Request) -> web.Response:
    limit = _int_query(request, "limit", 20)
    ratings = await request.app[MATCHMAKING].leaderboard(request.match_info["game"], limit)
    return web.json_response({"ratings": [{k: v for k, v in r.items() if k != "player_id"} for r in ratings]})


# -- games --------------------------------------------------------------------------------


def _flag(request: web.Request, name: str) -> bool:
    return request.query.get(name, "") in ("1", "true", "yes")


def _int_query(request: web.Request, name: str, default: int) -> int:
    raw = request.query.get(name, "")
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ServiceError("malformed", f"{name} must be an integer") from None


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
        _int_query(request, "limit", 30))
    return web.json_response({"games": [game_json(g, player) for g in games]})


async def game_detail(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    games = request.app[GAME_PORT]
    info = await games.game_info(game_id)
    current = await games.get_view(game_id, None)
    body = game_json(info, _maybe_player(request))
    body.update(version=current.version, finished=current.finished,
                players=current.view.get("players", len(info.seats)))
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
    games = request.app[GAME_PORT]
    info = await games.game_info(game_id)
    current = await games.get_view(game_id, None)
    viewer = replay_viewer(request.query.get("seat", ""), info, current.finished, _maybe_player(request))
    at = _int_query(request, "at", current.version) or current.version
    if isinstance(viewer, str):  # "all"
        snapshot, extra = await games.reveal_all(game_id, at), {"revealed": True}
    else:
        snapshot, extra = await games.replay(game_id, at, viewer), {}
    return web.json_response({"game_id": game_id, "version": snapshot.version, "latest": current.version,
                              "game_finished": current.finished, "seat": viewer, "view": snapshot.view,
                              "to_act": snapshot.to_act, "finished": snapshot.finished, **extra})


async def game_events(request: web.Request) -> web.Response:
    """The public log of moves (each seat's secrets stay hidden until the game is finished)."""
    records = await request.app[GAME_PORT].events_since(request.match_info["game_id"], 0, None)
    return web.json_response({"events": [{"version": r.version, "type": r.type, "seat": r.seat,
                                          "move": r.move, "effects": r.effects} for r in records]})


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
    player = _player(request)
    ws = web.WebSocketResponse(heartbeat=25, max_msg_size=64 * 1024)
    await ws.prepare(request)
    outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
    writer = asyncio.create_task(_write_frames(ws, outbox))
    session = Session(player, request.app[GAME_PORT], request.app[HUB], _queue_sender(outbox),
                      request.app[PRESENCE])
    WS_CONNECTIONS.inc()
    try:
        await session.start()
        await _read_frames(ws, session)
    finally:
        WS_CONNECTIONS.dec()
        await session.close()
        outbox.put_nowait(None)
        await writer
    return ws


def _queue_sender(outbox: asyncio.Queue[dict[str, Any] | None]) -> Any:
    async def send(frame: dict[str, Any]) -> None:
        outbox.put_nowait(frame)
    return send


async def _read_frames(ws: web.WebSocketResponse, session: Session) -> None:
    async for message in ws:
        if message.type == WSMsgType.TEXT:
            await session.handle_text(message.data)
        elif message.type == WSMsgType.BINARY:
            await session.handle_text("binary frames are not understood")


async def _write_frames(ws: web.WebSocketResponse, outbox: asyncio.Queue[dict[str, Any] | None]) -> None:
    """The socket's only writer, so frames go out whole and in the order they were queued."""
    while (frame := await outbox.get()) is not None:
        if ws.closed:
            continue
        try:
            await ws.send_str(json.dumps(frame, separators=(",", ":")))
        except (ConnectionError, RuntimeError):
            _log.info("socket_write_failed")
