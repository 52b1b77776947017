"""The Samurai search's settings: `mcts` keeps its own, `expert` widens its tree more slowly."""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_bot.samurai import expert, mcts
from daimyo_bot.samurai.levels import SamuraiSearch, levels
from daimyo_bot.search_pool import SearchPool
from daimyo_rules.samurai.rules import legal_moves
from tests.unit.bot.positions import ENGINE, positions


def play_views(players: int) -> list[tuple[dict[str, Any], int]]:
    """Early play-phase views with more legal moves than either search may widen to in 100 visits."""
    return [(ENGINE.view(state, seat), seat)
            for state, seat in positions(players, games=1, seed=11, every=5)
            if state.phase == "play" and len(legal_moves(state, seat)) > 30][:3]


def test_the_mcts_level_searches_with_the_default_settings() -> None:
    assert mcts.Settings() == mcts.MCTS
    assert expert.EXPERT != mcts.MCTS


@pytest.mark.parametrize("players", [2, 4])
def test_expert_keeps_fewer_root_moves_than_mcts_for_the_same_iterations(players: int) -> None:
    views = play_views(players)
    assert views
    for view, seat in views:
        wide = mcts.search(view, seat, 3, None, 100)
        narrow = expert.search(view, seat, 3, None, 100)
        assert narrow.iterations == wide.iterations == 100
        assert len(narrow.stats) < len(wide.stats)


def test_widening_allows_one_child_plus_the_square_root_of_visits_times_the_setting() -> None:
    node = mcts.Node(mover=0)
    node.visits = 16
    node.children = {i: mcts.Node(0) for i in range(4)}  # type: ignore[misc]
    assert mcts._widened(node, 100, mcts.Settings(widening=1.0)) is False  # 1 + 4 = 5 allowed
    node.children[4] = mcts.Node(0)  # type: ignore[index]
    assert mcts._widened(node, 100, mcts.Settings(widening=1.0)) is True
    assert mcts._widened(node, 100, mcts.Settings(widening=2.0)) is False  # 1 + 8 = 9 allowed
    assert mcts._widened(node, 5, mcts.Settings(widening=2.0)) is True  # no more legal moves than that


def test_samurai_offers_its_own_expert_searching_with_the_expert_settings() -> None:
    pool = SearchPool(1)
    try:
        offered = {level.name: level.strategy for level in levels(pool)}
    finally:
        pool.close()
    strategy = offered["expert"]
    assert isinstance(strategy, SamuraiSearch)
    assert strategy.function is expert.search
