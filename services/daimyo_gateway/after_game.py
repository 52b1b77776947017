"""What a player may do once a game ends, over REST: offer or answer a rematch (same people,
seats rotated, within 60 s) and queue again with the same settings. Matchmaking decides and
keeps the state; these handlers only read the request and shape the answer."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from daimyo_gateway.ports import MatchmakingPort, ServiceError
from daimyo_gateway.tokens import Player

Route = Any


def routes(player_of: Any, body_of: Any, matchmaking: web.AppKey[MatchmakingPort],
           public_ticket: Any) -> list[Route]:
    """The after-game routes, given the app's sign-in check, JSON reader and matchmaking key."""

    async def offer(request: web.Request) -> web.Response:
        player: Player = player_of(request)
        port = request.app[matchmaking]
        return web.json_response(await port.offer_rematch(request.match_info["game_id"], player.player_id))

    async def answer(request: web.Request) -> web.Response:
        player: Player = player_of(request)
        accept = (await body_of(request)).get("accept")
        if not isinstance(accept, bool):
            raise ServiceError("malformed", "accept must be true or false")
        port = request.app[matchmaking]
        return web.json_response(await port.answer_rematch(request.match_info["rematch_id"], player.player_id,
                                                           accept))

    async def look(request: web.Request) -> web.Response:
        player: Player = player_of(request)
        port = request.app[matchmaking]
        return web.json_response(await port.get_rematch(request.match_info["rematch_id"], player.player_id))

    async def again(request: web.Request) -> web.Response:
        player: Player = player_of(request)
        ticket = await request.app[matchmaking].play_again(request.match_info["game_id"], player.player_id,
                                                           player.name)
        return web.json_response(public_ticket(ticket))

    return [web.post("/api/games/{game_id}/rematch", offer),
            web.post("/api/rematches/{rematch_id}", answer),
            web.get("/api/rematches/{rematch_id}", look),
            web.post("/api/games/{game_id}/again", again)]
