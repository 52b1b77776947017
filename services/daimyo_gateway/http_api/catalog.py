"""The game catalogue and boards, everything from the rules registry: which games exist, their
seat counts and table options, and each board's geometry for the browser."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from aiohttp import web

from daimyo_gateway.ports import ServiceError
from daimyo_rules.core import RuleError
from daimyo_rules.registry import game_names, get_game


def player_counts(game: Any) -> tuple[int, ...]:
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


def routes() -> list[web.RouteDef]:
    return [web.get("/api/catalog", catalog), web.get("/api/boards/{game}/{players}", board)]
