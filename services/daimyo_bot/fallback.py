"""The driver's last resort when the bot service cannot answer: a random legal move.

Samurai lists every legal move in the view, so the move is drawn from the view alone; other
games draw it with the engine on a state sampled from the view (see `determinize`), and a game
without a sampler from its view's `legal`, when that is a plain list of JSON moves.
"""

from __future__ import annotations

from typing import Any

from daimyo_bot.determinize import engine_random_move
from daimyo_bot.legal_json import random_legal_move
from daimyo_rules.core import Rng

VIEW_LISTED_GAMES = frozenset({"samurai"})


def fallback_move(game: str, view: dict[str, Any], seat: int, rng: Rng) -> Any:
    if game in VIEW_LISTED_GAMES:
        return random_legal_move(view.get("legal") or {}, rng)
    try:
        return engine_random_move(game, view, seat, rng)
    except ValueError:  # no sampler for this game (a plug-in): one of the moves its view lists
        return listed_move(view, rng)


def listed_move(view: dict[str, Any], rng: Rng) -> Any:
    """A uniform pick from a view whose `legal` is a plain list of JSON moves."""
    moves = view.get("legal")
    if not isinstance(moves, list) or not moves:
        raise ValueError("the view lists no legal move")
    return moves[rng.below(len(moves))]
