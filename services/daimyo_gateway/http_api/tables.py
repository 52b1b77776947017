"""The tables resource: private tables over REST (the options a game's rules offer are in
`/api/catalog`): create a table, look at it by its invitation code (signed in), join it, seat
bots (host only), leave it. Matchmaking owns the tables; this module checks the request's shape
and hides other players' ids in what it returns."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from daimyo_gateway.http_api.account import ACCOUNTS
from daimyo_gateway.http_api.common import MATCHMAKING, TIME_CONTROLS, json_body, player
from daimyo_gateway.names import current
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player
from daimyo_rules.registry import game_names

_CODE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
INVITE_PATH = "/#/table/{code}"  # what the host shares; the client opens the table from it


def create_request(player: Player, body: dict[str, Any], clocks: dict[str, Any]) -> dict[str, Any]:
    """The CreateTable RPC's fields for a table form (game, seats, options, clock, rated, spectators)."""
    game, games = body.get("game"), game_names()
    if not isinstance(game, str) or game not in games:
        raise ServiceError("malformed", f"game must be one of {', '.join(games)}")
    seats = body.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise ServiceError("malformed", "seats must be a number")
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise ServiceError("malformed", "options must be a JSON object")
    clock = body.get("time_control", "live")
    if not isinstance(clock, str) or clock not in clocks:
        raise ServiceError("malformed", f"time_control must be one of {', '.join(clocks)}")
    flags = {name: body.get(name, True) for name in ("rated", "spectators")}
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise ServiceError("malformed", f"{name} must be true or false")
    return {"player_id": player.player_id, "display_name": player.name, "game": game, "seats": seats,
            "options_json": json.dumps(options),
            "time_control_json": json.dumps(clocks[clock], sort_keys=True),
            **flags, **({"casual": True} if player.guest else {})}  # a guest's table is unrated


async def named_table(request: web.Request, table: dict[str, Any], me: str | None) -> web.Response:
    """`table_json` with its players under their current names (a rename shows at the next poll)."""
    names = await current(request, (s["player_id"] for s in table["seats"]))
    return web.json_response(table_json(table, me, names))


def table_json(table: dict[str, Any], me: str | None,
               names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A table for the browser: seats by name (`names`: current names by id, else the names the
    players had when they sat); the host's and other players' ids stay private."""
    names = names or {}
    seats = [{"seat": n, "empty": s["empty"],
              "display_name": names.get(s["player_id"], s["display_name"]) or None,
              "bot_level": s["bot_level"] or None, "mine": bool(me) and s["player_id"] == me,
              "host": s["player_id"] == table["host_player_id"]} for n, s in enumerate(table["seats"])]
    hidden = ("seats", "host_player_id")
    return {**{k: v for k, v in table.items() if k not in hidden}, "seats": seats,
            "you_host": bool(me) and table["host_player_id"] == me,
            "invite_path": INVITE_PATH.format(code=table["code"])}


def _code(request: web.Request) -> str:
    code = request.match_info["code"]
    if not _CODE.match(code):
        raise ServiceError("not_found", "no table has that invitation code")
    return code


async def create(request: web.Request) -> web.Response:
    who = player(request)
    fields = create_request(who, await json_body(request), TIME_CONTROLS)
    table = await request.app[MATCHMAKING].create_table(fields)
    return await named_table(request, table, who.player_id)


async def look(request: web.Request) -> web.Response:
    """A table by its code, for a signed-in player only (a guest token will do): a code found in a
    log or a shoulder-surfed link says nothing — not even the game's id — to an anonymous caller."""
    who = player(request)
    table = await request.app[MATCHMAKING].get_table(_code(request))
    return await named_table(request, table, who.player_id)


async def join(request: web.Request) -> web.Response:
    """A seat at the table: refused to a guest when the table is rated (account_needed), and to
    a player the host blocked or who blocked the host (blocked)."""
    who, code = player(request), _code(request)
    await _not_blocked(request, code, who)
    extra = {"casual": True} if who.guest else {}
    table = await request.app[MATCHMAKING].join_table(code, who.player_id, who.name, **extra)
    return await named_table(request, table, who.player_id)


async def _not_blocked(request: web.Request, code: str, who: Player) -> None:
    accounts = request.app.get(ACCOUNTS)
    if accounts is None:
        return
    host = (await request.app[MATCHMAKING].get_table(code))["host_player_id"]
    if host == who.player_id:
        return
    if (await accounts.call("Blocked", player_id=host, other_id=who.player_id))["blocked"]:
        raise ServiceError("blocked", "you may not sit at this player's tables")


async def bots(request: web.Request) -> web.Response:
    who = player(request)
    levels = (await json_body(request)).get("bot_levels")
    if not isinstance(levels, list) or not all(isinstance(v, str) for v in levels) or len(levels) > 8:
        raise ServiceError("malformed", "bot_levels must list a bot level per seat to fill")
    table = await request.app[MATCHMAKING].seat_table_bots(_code(request), who.player_id, levels)
    return await named_table(request, table, who.player_id)


async def leave(request: web.Request) -> web.Response:
    who = player(request)
    table = await request.app[MATCHMAKING].leave_table(_code(request), who.player_id)
    return await named_table(request, table, who.player_id)


def routes() -> list[web.RouteDef]:
    return [web.post("/api/tables", create),
            web.get("/api/tables/{code}", look), web.post("/api/tables/{code}/join", join),
            web.post("/api/tables/{code}/bots", bots), web.post("/api/tables/{code}/leave", leave)]
