"""What a player may do once a game ends, over REST: offer or answer a rematch (same people,
seats rotated, within 60 s) and queue again with the same settings. Matchmaking decides and
keeps the state; these handlers only read the request and shape the answer."""

from __future__ import annotations

from aiohttp import web

from daimyo_gateway.http_api.common import MATCHMAKING, json_body, player, public_ticket
from daimyo_gateway.ports import ServiceError


async def offer(request: web.Request) -> web.Response:
    who = player(request)
    port = request.app[MATCHMAKING]
    return web.json_response(await port.offer_rematch(request.match_info["game_id"], who.player_id))


async def answer(request: web.Request) -> web.Response:
    who = player(request)
    accept = (await json_body(request)).get("accept")
    if not isinstance(accept, bool):
        raise ServiceError("malformed", "accept must be true or false")
    port = request.app[MATCHMAKING]
    answered = await port.answer_rematch(request.match_info["rematch_id"], who.player_id, accept)
    return web.json_response(answered)


async def look(request: web.Request) -> web.Response:
    who = player(request)
    port = request.app[MATCHMAKING]
    return web.json_response(await port.get_rematch(request.match_info["rematch_id"], who.player_id))


async def again(request: web.Request) -> web.Response:
    who = player(request)
    ticket = await request.app[MATCHMAKING].play_again(request.match_info["game_id"], who.player_id, who.name)
    return web.json_response(public_ticket(ticket))


def routes() -> list[web.RouteDef]:
    return [web.post("/api/games/{game_id}/rematch", offer),
            web.post("/api/rematches/{rematch_id}", answer),
            web.get("/api/rematches/{rematch_id}", look),
            web.post("/api/games/{game_id}/again", again)]
