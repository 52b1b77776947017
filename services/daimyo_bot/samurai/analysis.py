"""Samurai's part of a finished game's review (the analysis service finds it by the game's name).

Three pieces of game knowledge the shared analyser cannot have: how the future chance of a fully
revealed position is re-drawn (the seats' draw stacks, or the generator before they are dealt),
how a position is played to its end quickly (the bots' compact playout, compiled when built), and
which moves a seat would seriously consider (the `expert` search, by a fixed iteration budget so
the review is deterministic).
"""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

from daimyo_bot.legal_json import legal_count
from daimyo_bot.samurai import expert, mcts
from daimyo_bot.samurai.heuristics import opening_hand
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from daimyo_rules.samurai.moves import move_to_json
from daimyo_rules.samurai.state import CHOOSE, OVER, PLAY, State

ENGINE = get_game("samurai")
PLAYOUT_SAMPLE = 6  # moves judged per playout step, as the `mcts` level's playouts
PLAYOUT_RANDOM = 0.1
MAX_SETUP_STEPS = 200


def resample_future(state: State, rng: Rng) -> State:
    """`state` with every hand as it is and only the future re-drawn: each seat's draw stack
    shuffled (in play), else the generator that will deal them."""
    if state.phase == PLAY:
        stacks = tuple(tuple(rng.shuffled(stack)) for stack in state.stacks)
        return dataclasses.replace(state, stacks=stacks, rng=rng.next_u64())
    return dataclasses.replace(state, rng=rng.next_u64())


def rollout(state: State, rng: Rng) -> list[float]:
    """Each seat's rank score (1 first, 0 last, ties shared) after playing `state` to its end."""
    state = _to_play(state, rng)
    compact = mcts.compact.CompactState.from_state(state)
    if not compact.over:
        mcts.compact.playout(compact, Random(rng.next_u64()).random, PLAYOUT_SAMPLE, PLAYOUT_RANDOM, False)
    return rank_scores(compact.winners, [sum(c) for c in compact.captured])


def candidates(view: dict[str, Any], seat: int, seed: int, iterations: int) -> list[Any]:
    """The moves the `expert` search likes best from this view, most visited first (none outside
    the play phase or for a forced move: the shared analyser adds sampled legal moves)."""
    if view.get("phase") != "play" or legal_count(view.get("legal") or {}) <= 1:
        return []
    found = mcts.run(view, seat, seed, None, iterations, expert.EXPERT)
    ranked = sorted(found.stats.items(), key=lambda item: (-item[1][0], -item[1][1]))
    return [move_to_json(move) for move, _ in ranked]


def _to_play(state: State, rng: Rng) -> State:
    """Setup and hand choices played quickly (random setup, the greedy opening hand)."""
    for _ in range(MAX_SETUP_STEPS):
        if state.phase in (PLAY, OVER):
            return state
        seat = ENGINE.to_act(state)[0]
        move = opening_hand(state, rng) if state.phase == CHOOSE else ENGINE.random_move(state, seat, rng)
        state = ENGINE.apply(state, seat, move)
    raise ValueError("the setup did not end")


def rank_scores(winners: tuple[int, ...], tiebreak: list[int]) -> list[float]:
    """Winners first, the others by captured figures; each seat's share of the seats it beats."""
    players = len(tiebreak)
    keys = [(1 if s in winners else 0, tiebreak[s]) for s in range(players)]
    return [(sum(k < keys[s] for k in keys) + 0.5 * (sum(k == keys[s] for k in keys) - 1)) / (players - 1)
            for s in range(players)]
