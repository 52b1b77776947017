"""The test tree's random player: one move drawn from a view's `legal` is one that listing them
all would give, and every one of them can be drawn."""

from __future__ import annotations

import json
import random

from tests.support.game_service import moves_from_legal, random_move_from_legal

LEGAL = {"place": {"samurai2": ["h1", "h2"], "ship1": ["h9"]},
         "place_figure": {"Edo": ["rice"]},
         "tile_swap": {"h1": ["h2", "h3"]},
         "figure_swap": [["Edo", "rice", "Kyoto", "buddha"]],
         "end_turn": True, "pass": False}


def test_every_drawn_move_is_a_listed_one_and_every_listed_one_is_drawn() -> None:
    rng = random.Random(3)
    listed = {json.dumps(m, sort_keys=True) for m in moves_from_legal(LEGAL, random.Random(0))}
    drawn = {json.dumps(random_move_from_legal(LEGAL, rng), sort_keys=True) for _ in range(500)}
    assert drawn == listed and len(listed) == 8


def test_a_hand_to_choose_is_drawn_from_the_tiles_offered() -> None:
    move = random_move_from_legal({"choose_hand": {"from": ["a", "b", "c"], "count": 2}}, random.Random(1))
    assert move is not None and move["type"] == "choose_hand"
    assert len(move["tiles"]) == 2 and set(move["tiles"]) <= {"a", "b", "c"}


def test_nothing_legal_draws_nothing() -> None:
    assert random_move_from_legal({"end_turn": False}, random.Random(1)) is None
