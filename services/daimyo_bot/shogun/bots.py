"""The Shogun levels that need no search: `greedy`, a pure function of a view.

The view is turned into a full state with `daimyo_rules.shogun.sampling` (the secrets drawn
at random); the heuristic reads only the public part and the seat's own plan, so the draw never
changes the move. `greedy` is also what `mcts` plays when its search finds nothing in time.
"""

from __future__ import annotations

from typing import Any

from daimyo_bot.shogun.heuristics import greedy_move
from daimyo_rules.core import Rng
from daimyo_rules.shogun.moves import Move, move_to_json
from daimyo_rules.shogun.sampling import sample_state


def greedy_bot(view: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    return move_to_json(greedy_typed(view, seat, rng))


def greedy_typed(view: dict[str, Any], seat: int, rng: Rng) -> Move:
    state = sample_state(view, Rng(rng.next_u64()))
    return greedy_move(state, seat, rng)
