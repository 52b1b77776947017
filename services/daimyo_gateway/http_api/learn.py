"""The guided first game (issue 33): `POST /api/learn {game}` seats the player at a tutorial table
— the game's fewest seats, the easiest bots, no clock to race, unrated and unwatched — whose game
matchmaking creates on the fixed tutorial deal, so every newcomer meets the same one and the coach
(static/shell/coach.js) can rely on it. It is a game with bots like "play bots": the same queue
request quota here, and matchmaking's allowance (the bot games quota) decides when the bots sit.
"""

from __future__ import annotations

import contextlib
import json

from aiohttp import web

from daimyo_gateway.http_api.catalog import player_counts
from daimyo_gateway.http_api.common import MATCHMAKING, QUOTAS, TIME_CONTROLS, json_body, player, take_quota
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player

TUTORIAL_BOT = "random"
TUTORIAL_CLOCK = "correspondence"


def tutorial_table(who: Player, game: object) -> dict[str, object]:
    """The CreateTable RPC's fields for a tutorial of `game` (malformed when no such game)."""
    seats = player_counts(game)[0]
    return {"player_id": who.player_id, "display_name": who.name, "game": game, "seats": seats,
            "options_json": json.dumps({"tutorial": True}),
            "time_control_json": json.dumps(TIME_CONTROLS[TUTORIAL_CLOCK], sort_keys=True),
            "rated": False, "spectators": False, **({"casual": True} if who.guest else {})}


async def start(request: web.Request) -> web.Response:
    who = player(request)
    fields = tutorial_table(who, (await json_body(request)).get("game"))
    quotas = request.app[QUOTAS]
    take_quota(quotas.enqueues, who.player_id, quotas.limits.enqueues_per_minute, "queue requests")
    matchmaking = request.app[MATCHMAKING]
    table = await matchmaking.create_table(fields)
    try:
        table = await matchmaking.seat_table_bots(table["code"], who.player_id,
                                                  [TUTORIAL_BOT] * (int(str(fields["seats"])) - 1))
    except ServiceError:  # e.g. the bot games quota: the table goes, the refusal is the answer
        with contextlib.suppress(ServiceError):
            await matchmaking.leave_table(table["code"], who.player_id)
        raise
    return web.json_response({"game_id": table["game_id"], "game": fields["game"]})


def routes() -> list[web.RouteDef]:
    return [web.post("/api/learn", start)]
