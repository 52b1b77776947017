"""The lists: live and finished games, the caller's own games (whose turn, the time left), and a
game's leaderboard with what it counts."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from daimyo_gateway.http_api.common import (
    GAME_PORT,
    MATCHMAKING,
    flag,
    int_query,
    limit_query,
    maybe_player,
    player,
)
from daimyo_gateway.http_api.games import game_json
from daimyo_gateway.names import current, current_rows, rename_rows
from daimyo_gateway.ports import ServiceError

RATED_GAMES = {  # what the leaderboard counts, in words the lobby can show as they are
    "rated": "games between people only, matchmade or at a private table created as rated",
    "unrated": ["any game with a bot seat (\"play bots\", or bots that filled a table)",
                "private tables created as unrated"],
    "abandoned": "a player who left a rated game, or whose seat a bot finished, is ranked last in it",
    "provisional": "fewer than 10 rated games: the rating is shown as ?",
}
MAX_SEATS = 16  # a bound on ?players= before the matchmaker checks it against the game's counts
PROVISIONAL_GAMES = 10  # rated games before a rating stands on the leaderboard (fewer: "?")


async def list_games(request: web.Request) -> web.Response:
    who = maybe_player(request)
    mine = flag(request, "mine")
    if mine and who is None:
        raise ServiceError("unauthenticated", "sign in to list your games")
    games = await request.app[GAME_PORT].list_games(
        who.player_id if mine and who else "", flag(request, "live"), flag(request, "finished"),
        limit_query(request, 30))
    names = await current(request, (s.player_id for g in games for s in g.seats))
    return web.json_response({"games": [game_json(g, who, names) for g in games]})


async def my_games(request: web.Request) -> web.Response:
    """The signed-in player's games: whose turn, the time left, the clock kind."""
    who = player(request)
    limit = int_query(request, "limit", 50)
    games = await request.app[GAME_PORT].my_games(who.player_id, flag(request, "finished"), limit)
    return web.json_response({"games": await named_games(request, games)})


async def named_games(request: web.Request, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The player's games with their seats under current names (no other player's id)."""
    names = await current(request, (s.get("player_id") for g in games for s in g["seats"]))
    return [g | {"seats": rename_rows(g["seats"], names)} for g in games]


async def leaderboard(request: web.Request) -> web.Response:
    """A game's leaderboard over every player count, or (`?players=3`) that count's own board
    (a count the game is not played by: 400 malformed, from the matchmaker)."""
    limit, players = limit_query(request, 20), int_query(request, "players", 0, high=MAX_SEATS)
    ratings = await request.app[MATCHMAKING].leaderboard(request.match_info["game"], limit, players)
    shown = ranked(await current_rows(request, ratings))
    return web.json_response({"ratings": shown, "players": players or None, **RATED_GAMES})


def ranked(ratings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Established ratings first, in the matchmaker's order; provisional ones (fewer than
    PROVISIONAL_GAMES rated games) after them, marked so the client shows "?"."""
    shown = [{**{k: v for k, v in r.items() if k != "player_id"},
              "provisional": int(r.get("games", 0)) < PROVISIONAL_GAMES} for r in ratings]
    return sorted(shown, key=lambda r: r["provisional"])


def routes() -> list[web.RouteDef]:
    return [web.get("/api/games", list_games), web.get("/api/my-games", my_games),
            web.get("/api/leaderboard/{game}", leaderboard)]
