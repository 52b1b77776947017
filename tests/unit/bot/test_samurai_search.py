"""The Samurai searches: one search on the integer state, `mcts` and `expert` with their own settings —
legal engine moves at the root, repeatable for a seed, the tree widened by 1 + widening × √visits."""

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


def test_the_mcts_level_searches_with_the_default_settings_and_the_expert_with_its_own() -> None:
    assert mcts.Settings() == mcts.MCTS
    assert (mcts.MCTS.widening, mcts.MCTS.tile_first) == (2.0, False)
    assert mcts.Settings(widening=1.0, tile_first=True) == expert.EXPERT


def test_expert_settings_from_the_environment_change_only_what_they_name() -> None:
    assert expert.settings_from_environment("") == expert.EXPERT
    variant = expert.settings_from_environment("tile_first=0,playout_sample=3")
    assert variant == mcts.Settings(widening=1.0, tile_first=False, playout_sample=3)


@pytest.mark.parametrize(("search", "root_children"), [(mcts.search, 1 + 20), (expert.search, 1 + 10)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_searches_answer_with_legal_engine_moves_visited_once_per_iteration(
        search: Any, root_children: int, players: int) -> None:
    views = play_views(players)
    assert views
    for view, seat in views:
        result = search(view, seat, 3, None, 100)
        assert result.iterations == 100
        assert sum(visits for visits, _ in result.stats.values()) == 100
        state = next(s for s, _ in positions(players, games=1, seed=11, every=5)
                     if ENGINE.view(s, seat) == view)
        legal = set(legal_moves(state, seat))
        assert set(result.stats) <= legal
        assert len(result.stats) <= root_children  # 1 + widening × √100 children at the root


@pytest.mark.parametrize("search", [mcts.search, expert.search])
def test_a_search_is_repeatable_for_a_seed_and_differs_across_seeds(search: Any) -> None:
    view, seat = play_views(2)[0]
    first = search(view, seat, 3, None, 60).stats
    assert search(view, seat, 3, None, 60).stats == first
    assert any(search(view, seat, s, None, 60).stats != first for s in (4, 5, 6))


def test_widening_allows_one_child_plus_the_square_root_of_visits_times_the_setting() -> None:
    view, seat = play_views(2)[0]
    state = next(CompactState.from_state(s) for s, _ in positions(2, games=1, seed=11, every=5)
                 if ENGINE.view(s, seat) == view)
    node = mcts.Node(mover=0)
    node.visits = 16
    node.children = {i: mcts.Node(0) for i in range(4)}
    assert mcts._widened(node, state, mcts.Settings(widening=1.0)) is False  # 1 + 4 = 5 allowed
    node.children[4] = mcts.Node(0)
    assert mcts._widened(node, state, mcts.Settings(widening=1.0)) is True
    assert mcts._widened(node, state, mcts.Settings(widening=2.0)) is False  # 1 + 8 = 9 allowed
    node.children.update({i: mcts.Node(0) for i in range(state.legal_count())})
    assert mcts._widened(node, state, mcts.Settings(widening=100.0)) is True  # every legal move is in


def test_samurai_offers_mcts_and_its_own_expert_each_searching_with_its_search() -> None:
    pool = SearchPool(1)
    try:
        offered = {level.name: level.strategy for level in levels(pool)}
    finally:
        pool.close()
    for name, function in (("mcts", mcts.search), ("expert", expert.search)):
        strategy = offered[name]
        assert isinstance(strategy, SamuraiSearch)
        assert strategy.function is function
