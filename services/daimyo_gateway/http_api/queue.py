"""The queue resource: join matchmaking with a lobby form, look at the ticket, cancel it, or fill
its empty seats with bots now. Matchmaking decides; these handlers check the form's shape."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from daimyo_gateway.http_api.catalog import player_counts
from daimyo_gateway.http_api.common import (
    MATCHMAKING,
    ONLINE,
    QUOTAS,
    TIME_CONTROLS,
    json_body,
    player,
    public_ticket,
    take_quota,
)
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player
from daimyo_kit.bot_levels import BOT_LEVELS, DEFAULT_BOT_LEVEL


def enqueue_request(who: Player, body: dict[str, Any]) -> dict[str, Any]:
    """The Enqueue RPC's fields for a lobby form: game, player counts, people or bots, bot level."""
    game = body.get("game")
    allowed = player_counts(game)
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
    return {"player_id": who.player_id, "display_name": who.name, "game": game,
            "player_counts": counts, "bots_only": bots,
            "bots_welcome": bots or welcome,
            "bot_level": level, "time_control_json": json.dumps(TIME_CONTROLS[clock], sort_keys=True),
            **({"casual": True} if who.guest else {})}  # a guest plays casual games only


async def enqueue(request: web.Request) -> web.Response:
    who = player(request)
    body = enqueue_request(who, await json_body(request))
    quotas = request.app[QUOTAS]
    take_quota(quotas.enqueues, who.player_id, quotas.limits.enqueues_per_minute, "queue requests")
    ticket = await request.app[MATCHMAKING].enqueue(body)
    return web.json_response(public_ticket(ticket))


async def get_ticket(request: web.Request) -> web.Response:
    who = player(request)
    ticket = await request.app[MATCHMAKING].get_ticket(request.match_info["ticket"])
    if ticket.get("player_id") != who.player_id:
        raise ServiceError("not_found", "no such ticket")
    if (online := request.app[ONLINE]) is not None:  # asking about one's ticket is a sign of life too
        await online.seen(who.player_id)
    return web.json_response(public_ticket(ticket))


async def cancel_ticket(request: web.Request) -> web.Response:
    who = player(request)
    ticket = await request.app[MATCHMAKING].cancel(request.match_info["ticket"], who.player_id)
    return web.json_response(public_ticket(ticket))


async def fill_with_bots(request: web.Request) -> web.Response:
    """"Fill with bots now": bots take the ticket's empty seats at the next matching round."""
    who = player(request)
    ticket = await request.app[MATCHMAKING].fill_with_bots(request.match_info["ticket"], who.player_id)
    return web.json_response(public_ticket(ticket))


def routes() -> list[web.RouteDef]:
    return [web.post("/api/queue", enqueue), web.get("/api/queue/{ticket}", get_ticket),
            web.delete("/api/queue/{ticket}", cancel_ticket),
            web.post("/api/queue/{ticket}/bots", fill_with_bots)]
