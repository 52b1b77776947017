"""The analysis resource: a finished game's review (who was ahead, decision costs, luck and skill)
and a player's request to review one now (rate-limited per player).

A game's review exists only once it is finished — while it runs, its secrets are its seats' own,
so both routes refuse a live game (`forbidden`) whoever asks; after the end, the review is as
public as the reveal-all replay — and a private table's (no spectators) stays its seats' own, as
its replay does (`games.check_readable`).
"""

from __future__ import annotations

from aiohttp import web

from daimyo_gateway.http_api.common import ANALYSIS, GAME_PORT, QUOTAS, maybe_player, player, take_quota
from daimyo_gateway.http_api.games import check_readable
from daimyo_gateway.ports import AnalysisPort, ServiceError


async def _finished_game(request: web.Request) -> tuple[str, AnalysisPort]:
    game_id = request.match_info["game_id"]
    port = request.app[ANALYSIS]
    if port is None:
        raise ServiceError("unavailable", "game reviews are not served here")
    info = await request.app[GAME_PORT].game_info(game_id, fresh=True)  # a kept status may predate the end
    check_readable(info, maybe_player(request))
    if not info.finished:
        raise ServiceError("forbidden", "a game is reviewed only once it is finished")
    return game_id, port


async def get_analysis(request: web.Request) -> web.Response:
    game_id, port = await _finished_game(request)
    return web.json_response(await port.get_analysis(game_id))


async def request_analysis(request: web.Request) -> web.Response:
    who = player(request)
    game_id, port = await _finished_game(request)
    quotas = request.app[QUOTAS]
    take_quota(quotas.analyses, who.player_id, quotas.limits.analysis_requests_per_minute, "review requests")
    return web.json_response(await port.request_analysis(game_id), status=202)


def routes() -> list[web.RouteDef]:
    return [web.get("/api/games/{game_id}/analysis", get_analysis),
            web.post("/api/games/{game_id}/analysis", request_analysis)]
