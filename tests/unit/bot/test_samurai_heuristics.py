"""The greedy judgement's fast path (race summaries cached per state) scores exactly like the plain one."""

from __future__ import annotations

import pytest

from daimyo_bot.samurai.heuristics import Judge
from daimyo_rules.samurai.moves import Place
from tests.unit.bot.positions import ENGINE, positions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cached_races_score_placements_like_a_fresh_count(players: int) -> None:
    checked = 0
    for state, seat in positions(players, games=2, seed=5, every=7):
        if state.phase != "play":
            continue
        for judged in range(players):
            judge = Judge(state, judged)
            copy = tuple(list(state.tiles))  # another board object: the uncached path
            for move in ENGINE.legal_moves(state, seat):
                if isinstance(move, Place):
                    plain = judge.place(move.tile, judge.board.index[move.hex], copy)
                    assert judge.score(move) == pytest.approx(plain)
                    checked += 1
    assert checked > 0
