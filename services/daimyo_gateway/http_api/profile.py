"""A player's public profile (`/players/<name>`) and what the signed-in player does with it.

The profile: the name and the date the account was made (the accounts service), per game the
rating, its history for a chart and whether it is still provisional (matchmaking), and recent
finished games that anyone may list (the game service) with the games played and won among
them. Ids stay private: the browser names players by name. Follow, unfollow, block and unblock
take a name too; export and delete act on the caller's own account.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

from daimyo_gateway.http_api.account import ACCOUNTS, SESSION_CHECK, text
from daimyo_gateway.http_api.catalog import player_counts
from daimyo_gateway.http_api.common import (
    GAME_PORT,
    MATCHMAKING,
    ONLINE,
    QUOTAS,
    STATIC_DIR,
    TIME_CONTROLS,
    json_body,
    player,
    take_quota,
)
from daimyo_gateway.http_api.games import game_json
from daimyo_gateway.http_api.lists import PROVISIONAL_GAMES, named_games
from daimyo_gateway.http_api.tables import create_request, named_table
from daimyo_gateway.names import current
from daimyo_gateway.ports import GameInfo, ServiceError
from daimyo_gateway.renames import RENAMES
from daimyo_gateway.tokens import Player
from daimyo_rules.registry import game_names

RECENT_GAMES = 20
HISTORY_POINTS = 50
FRIENDS_ONLINE_SHOWN = 12  # the lobby's list of friends online; `more` counts the rest


async def profile(request: web.Request) -> web.Response:
    account = await request.app[ACCOUNTS].call("FindByName", name=request.match_info["name"][:200])
    pid = account["player_id"]
    ratings, recent = await asyncio.gather(_ratings(request, pid), _recent(request, pid))
    names = await current(request, (s.player_id for g in recent for s in g.seats))
    shown = [game_json(g, None, names) | {"my_seat": _seat_of(g, pid)} for g in recent]
    won = sum(1 for g in shown if g["my_seat"] in g["winners"])
    return web.json_response({"name": account["display_name"], "member_since_ms": account["created_at_ms"],
                              "ratings": ratings, "recent": shown, "played": len(shown), "won": won})


async def _ratings(request: web.Request, pid: str) -> list[dict[str, Any]]:
    matchmaking = request.app[MATCHMAKING]
    rows = []
    for game in sorted(game_names()):
        rating = await matchmaking.rating(pid, game)
        if rating["games"] > 0:
            history = await matchmaking.rating_history(pid, game, HISTORY_POINTS)
            rows.append(rating | {"provisional": rating["games"] < PROVISIONAL_GAMES, "history": history})
    return rows


async def _recent(request: web.Request, pid: str) -> list[GameInfo]:
    games = await request.app[GAME_PORT].list_games(pid, False, True, RECENT_GAMES)
    return [g for g in games if g.listed]


def _seat_of(game: GameInfo, pid: str) -> int | None:
    return next((n for n, s in enumerate(game.seats) if s.player_id == pid), None)


async def page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC_DIR / "accounts" / "profile.html")


# -- the caller's relations and data -------------------------------------------------------------


async def _relation(request: web.Request, method: str) -> web.Response:
    who, body = player(request), await json_body(request)
    quotas = request.app[QUOTAS]
    take_quota(quotas.enqueues, who.player_id, quotas.limits.enqueues_per_minute, "follows and blocks")
    other = await request.app[ACCOUNTS].call("FindByName", name=text(body, "name")[:200])
    await request.app[ACCOUNTS].call(method, player_id=who.player_id, other_id=other["player_id"])
    return await relations(request)


async def relations(request: web.Request) -> web.Response:
    """Whom the caller follows, who follows it and whom it blocked, by current name."""
    who = player(request)
    answer = await request.app[ACCOUNTS].call("GetRelations", player_id=who.player_id)
    ids = [p for key in ("following", "followers", "blocked") for p in answer.get(key, [])]
    names = await current(request, ids)
    return web.json_response({key: [names.get(p, "") for p in answer.get(key, [])]
                              for key in ("following", "followers", "blocked")})


async def friends_online(request: web.Request) -> web.Response:
    """Which of the players the caller follows are online now (on any gateway), by current name,
    at most FRIENDS_ONLINE_SHOWN of them (`more`: how many beyond). A blocked player never sees
    you here: a block erases the follows between the two, either way, and refuses new ones
    (accounts store), so only who you follow — never who follows you — is ever shown."""
    who, online = player(request), request.app[ONLINE]
    relations = await request.app[ACCOUNTS].call("GetRelations", player_id=who.player_id)
    here = online.among(relations.get("following", [])) if online is not None else []
    names = await current(request, here)
    friends = [names[p] for p in here if names.get(p)]  # a deleted account is nobody's friend
    shown = friends[:FRIENDS_ONLINE_SHOWN]
    return web.json_response({"friends": shown, "more": len(friends) - len(shown)})


async def follow(request: web.Request) -> web.Response:
    return await _relation(request, "Follow")


async def unfollow(request: web.Request) -> web.Response:
    return await _relation(request, "Unfollow")


async def block(request: web.Request) -> web.Response:
    return await _relation(request, "Block")


async def unblock(request: web.Request) -> web.Response:
    return await _relation(request, "Unblock")


async def challenge(request: web.Request) -> web.Response:
    """A private table for the caller and the named account, who is told at once (a notice with
    the table's code). Accounts only; refused either way when a block stands between them."""
    who, body = player(request), await json_body(request)
    quotas = request.app[QUOTAS]  # a challenge notifies someone: bounded like an enqueue
    take_quota(quotas.enqueues, who.player_id, quotas.limits.enqueues_per_minute, "challenges")
    other = await _challenged(request, who, text(body, "name")[:200])
    game = body.get("game") or sorted(game_names())[0]
    form = {"game": game, "seats": player_counts(game)[0], "time_control": body.get("time_control", "live")}
    fields = create_request(who, form, TIME_CONTROLS) | {"invited": [other]}
    table = await request.app[MATCHMAKING].create_table(fields)
    return await named_table(request, table, who.player_id)


async def _challenged(request: web.Request, who: Player, name: str) -> str:
    """The id of the account `who` may challenge by that name."""
    if who.guest:
        raise ServiceError("account_needed", "challenges are between accounts")
    accounts = request.app[ACCOUNTS]
    other = await accounts.call("FindByName", name=name)
    if other["player_id"] == who.player_id or other["guest"]:
        raise ServiceError("malformed", "challenge another account", {"field": "name"})
    if (await accounts.call("Blocked", player_id=who.player_id, other_id=other["player_id"]))["blocked"]:
        raise ServiceError("blocked", "a block stands between you")
    return str(other["player_id"])


async def export(request: web.Request) -> web.Response:
    """Everything kept about the caller: the account, sessions and passkeys (accounts), ratings,
    and its games with its seat (the game service), as one JSON download."""
    who = player(request)
    kept = json.loads((await request.app[ACCOUNTS].call("ExportAccount", player_id=who.player_id))["json"])
    games = await named_games(request, await request.app[GAME_PORT].my_games(who.player_id, True, 200))
    ratings = [await request.app[MATCHMAKING].rating(who.player_id, g) for g in sorted(game_names())]
    body = kept | {"games": games, "ratings": ratings}
    download = {"Content-Disposition": 'attachment; filename="daimyo-export.json"'}
    return web.json_response(body, headers=download)


async def delete(request: web.Request) -> web.Response:
    """Erases the caller's account (name, credentials, email, sessions); its games stay, its
    seats shown as a deleted player's; every gateway drops its sessions at once."""
    who = player(request)
    answer = await request.app[ACCOUNTS].call("DeleteAccount", player_id=who.player_id)
    ended = [s["session_id"] for s in answer.get("sessions", [])]
    await request.app[SESSION_CHECK].revoke(ended)
    await request.app[RENAMES].announce([who.player_id])  # every view shows a deleted player now
    return web.json_response({"deleted": True, "ended": ended})


def routes() -> list[web.RouteDef]:
    return [web.get("/api/players/{name}", profile), web.get("/players/{name}", page),
            web.get("/api/account/relations", relations), web.post("/api/account/follow", follow),
            web.post("/api/account/unfollow", unfollow), web.post("/api/account/block", block),
            web.post("/api/account/unblock", unblock), web.get("/api/account/export", export),
            web.post("/api/account/challenge", challenge),
            web.get("/api/account/friends-online", friends_online),
            web.post("/api/account/delete", delete)]
