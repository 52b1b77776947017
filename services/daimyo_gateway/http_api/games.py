"""The games resource: one game's detail, its replay at any version through a viewer's eyes, its
public log of moves and its chat. A live game's seat is seen only by its owner; a finished game's
everything by all — except a private table without spectators, which only its seats' players
may read at all, during the game and after it (`check_readable`; SECURITY.md, "Private tables
and quotas"). Any new route that shows a game (an analysis, an export) asks `check_readable`
first. Chat needs a signed-in player (a guest token will do)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aiohttp import web

from daimyo_gateway import frames
from daimyo_gateway.http_api.common import AUDIENCE, GAME_PORT, QUOTAS, int_query, maybe_player, player
from daimyo_gateway.names import current as current_names
from daimyo_gateway.names import named
from daimyo_gateway.ports import GameInfo, SeatInfo, ServiceError, ViewSnapshot
from daimyo_gateway.tokens import Player

PRIVATE = "the host of this private table allows no spectators"


def check_readable(info: GameInfo, player: Player | None) -> None:
    """Forbidden unless the game is listed (spectators welcome) or `player` holds one of its seats."""
    if info.listed or (player is not None and any(s.player_id == player.player_id for s in info.seats)):
        return
    raise ServiceError("forbidden", PRIVATE)


def game_json(info: GameInfo, player: Player | None,
              names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A game for the browser: seats by name and kind; other players' ids stay private. `names`:
    the players' current names (names.py); "" marks a deleted player's seat."""
    mine = player.player_id if player else None
    seats = [{"seat": n, "bot_level": s.bot_level, "mine": mine is not None and s.player_id == mine,
              **_seat_name(s, names or {})} for n, s in enumerate(info.seats)]
    my_seats = [s["seat"] for s in seats if s["mine"]]
    return {"game_id": info.game_id, "game": info.game, "seats": seats, "version": info.version,
            "finished": info.finished, "winners": info.winners, "created_at": info.created_at,
            "my_seat": my_seats[0] if my_seats else None}


def _seat_name(seat: SeatInfo, names: Mapping[str, str]) -> dict[str, Any]:
    return named(names, seat.player_id, seat.display_name)


async def game_detail(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    games, who = request.app[GAME_PORT], maybe_player(request)
    info = await games.game_info(game_id)
    check_readable(info, who)
    current = await games.get_view(game_id, None)
    body = game_json(info, who, await current_names(request, (s.player_id for s in info.seats)))
    body.update(version=current.version, finished=current.finished, winners=current.winners,
                abandoned=current.abandoned, players=current.view.get("players", len(info.seats)),
                watching=request.app[AUDIENCE].count(game_id))
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
        raise ServiceError("malformed", f"this game has seats 0..{len(info.seats) - 1}",
                           {"seats": len(info.seats)})
    owner = player is not None and info.seats[seat].player_id == player.player_id
    if not finished and not owner:
        raise ServiceError("forbidden", f"seat {seat} is not yours while the game runs", {"seat": seat})
    return seat


async def replay(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    asked = int_query(request, "at", 0)  # checked before any call: 0 (or none) is the latest
    games, who = request.app[GAME_PORT], maybe_player(request)
    info = await games.game_info(game_id)
    check_readable(info, who)
    current = await games.get_view(game_id, None)
    viewer = replay_viewer(request.query.get("seat", ""), info, current.finished, who)
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
    game_id, games = request.match_info["game_id"], request.app[GAME_PORT]
    check_readable(await games.game_info(game_id), maybe_player(request))
    records = await games.events_since(game_id, 0, None)
    return web.json_response({"events": [frames.missed_event(r.version, r.type, r.seat, r.move, r.effects)
                                         for r in records]})


async def game_chat(request: web.Request) -> web.Response:
    """A game's chat on one channel, for a signed-in player: the players' or the spectators' (both
    readable by all once it is over; the game service decides)."""
    who = player(request)
    game_id, games = request.match_info["game_id"], request.app[GAME_PORT]
    channel = request.query.get("channel", "players")
    after, limit = int_query(request, "after", 0), int_query(request, "limit", 200)
    info = await games.game_info(game_id)
    check_readable(info, who)
    messages = await games.list_chat(game_id, who.player_id, channel, after, limit)
    names = await current_names(request, (s.player_id for s in info.seats))
    shown = [chat_author(m, info, names) for m in messages]
    return web.json_response({"channel": channel, "messages": shown})


def chat_author(message: dict[str, Any], info: GameInfo, names: Mapping[str, str]) -> dict[str, Any]:
    """A seat's line under its player's current name (a spectator's line keeps the name it had)."""
    seat = message.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(info.seats):
        return message
    fields = named(names, info.seats[seat].player_id, str(message.get("name", "")))
    return message | {"name": fields["display_name"], **({"deleted": True} if "deleted" in fields else {})}


def routes() -> list[web.RouteDef]:
    return [web.get("/api/games/{game_id}", game_detail), web.get("/api/games/{game_id}/replay", replay),
            web.get("/api/games/{game_id}/events", game_events),
            web.get("/api/games/{game_id}/chat", game_chat)]
