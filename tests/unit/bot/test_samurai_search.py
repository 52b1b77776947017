"""The Samurai searches: `mcts` keeps its settings; `expert` plays the same method on the integer
state — legal engine moves at its root, repeatable for a seed, its tree widened by 1 + √visits."""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_bot.samurai import expert, mcts
from daimyo_bot.samurai.compact import CompactState
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_answers_with_legal_engine_moves_visited_once_per_iteration(players: int) -> None:
    views = play_views(players)
    assert views
    for view, seat in views:
        result = expert.search(view, seat, 3, None, 100)
        assert result.iterations == 100
        assert sum(visits for visits, _ in result.stats.values()) == 100
        state = next(s for s, _ in positions(players, games=1, seed=11, every=5)
                     if ENGINE.view(s, seat) == view)
        legal = set(legal_moves(state, seat))
        assert set(result.stats) <= legal
        assert len(result.stats) <= 1 + 10  # 1 + √100 children at the root


def test_expert_is_repeatable_for_a_seed_and_differs_across_seeds() -> None:
    view, seat = play_views(2)[0]
    first = expert.search(view, seat, 3, None, 60).stats
    assert expert.search(view, seat, 3, None, 60).stats == first
    assert any(expert.search(view, seat, s, None, 60).stats != first for s in (4, 5, 6))


def test_expert_widening_allows_one_child_plus_the_square_root_of_visits_times_the_setting() -> None:
    view, seat = play_views(2)[0]
    state = next(CompactState.from_state(s) for s, _ in positions(2, games=1, seed=11, every=5)
                 if ENGINE.view(s, seat) == view)
    node = mcts.Node(mover=0)
    node.visits = 16
    node.children = {i: mcts.Node(0) for i in range(4)}
    assert expert._widened(node, state, expert.ExpertSettings(widening=1.0)) is False  # 1 + 4 = 5 allowed
    node.children[4] = mcts.Node(0)
    assert expert._widened(node, state, expert.ExpertSettings(widening=1.0)) is True
    assert expert._widened(node, state, expert.ExpertSettings(widening=2.0)) is False  # 1 + 8 = 9 allowed
    node.children.update({i: mcts.Node(0) for i in range(state.legal_count())})
    # every legal move is in
    assert expert._widened(node, state, expert.ExpertSettings(widening=100.0)) is True


def test_samurai_offers_its_own_expert_searching_with_the_expert_search() -> None:
    pool = SearchPool(1)
    try:
        offered = {level.name: level.strategy for level in levels(pool)}
    finally:
        pool.close()
    strategy = offered["expert"]
    assert isinstance(strategy, SamuraiSearch)
    assert strategy.function is expert.search
