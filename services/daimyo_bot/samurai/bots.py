"""The Samurai levels that need no search: `random` and `greedy`, pure functions of a view.

Both are synchronous and take a few milliseconds, so the servicer runs them inline; `greedy`
is also what `mcts` plays outside the play phase and when its search finds nothing in time.
"""

from __future__ import annotations

from typing import Any

from daimyo_bot.legal_json import random_legal_move
from daimyo_bot.samurai.heuristics import Judge, best_move, opening_hand
from daimyo_rules.core import Rng
from daimyo_rules.samurai.moves import Move, move_to_json
from daimyo_rules.samurai.rules import legal_moves
from daimyo_rules.samurai.sampling import knowledge_from_view
from daimyo_rules.samurai.state import CHOOSE, PLAY, SETUP


def random_bot(view: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    return random_legal_move(view.get("legal") or {}, rng)


def greedy_bot(view: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    return move_to_json(greedy_typed(view, seat, rng))


def greedy_typed(view: dict[str, Any], seat: int, rng: Rng) -> Move:
    state = knowledge_from_view(view, seat).sample(rng)
    moves = list(legal_moves(state, seat))
    if not moves:
        raise ValueError(f"seat {seat} has no legal move in this view")
    if state.phase == SETUP:
        return moves[rng.below(len(moves))]
    if state.phase == CHOOSE:
        return opening_hand(state, rng)
    if state.phase != PLAY:  # only a made-up view gets here
        raise ValueError(f"unknown phase {state.phase!r} in this view")
    return best_move(Judge(state, seat), moves, rng)
