"""Determinizations agree with the view they were sampled from, and vary only where hidden."""

from __future__ import annotations

import pytest

from daimyo_rules.core import Rng
from daimyo_rules.samurai.sampling import InconsistentView, knowledge_from_view
from tests.unit.bot.positions import ENGINE, positions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_view_of_a_sampled_state_equals_the_view_it_came_from(players: int) -> None:
    rng = Rng(players)
    for state, _ in positions(players, games=4, seed=players, every=3):
        for seat in range(players):
            view = ENGINE.view(state, seat)
            sampled = knowledge_from_view(view, seat).sample(rng)
            assert ENGINE.view(sampled, seat) == view


def test_setup_and_opening_hand_choices_sample_consistently() -> None:
    rng = Rng(7)
    for state, seat in positions(3, games=2, seed=7, random_setup=False):
        if state.phase == "play":
            break
        view = ENGINE.view(state, seat)
        assert ENGINE.view(knowledge_from_view(view, seat).sample(rng), seat) == view


def test_opponents_hands_and_every_stack_vary_between_samples() -> None:
    state, _ = next(positions(2, games=1, seed=3))
    knowledge = knowledge_from_view(ENGINE.view(state, 0), 0)
    samples = [knowledge.sample(Rng(n)) for n in range(20)]
    assert len({s.hands[1] for s in samples}) > 1
    assert len({s.stacks[0] for s in samples}) > 1
    assert {s.hands[0] for s in samples} == {state.hands[0]}


def test_hidden_captures_match_the_public_totals_and_the_figures_gone() -> None:
    checked = 0
    for state, _ in positions(4, games=3, seed=11, every=5):
        if sum(map(sum, state.captured)) == 0:
            continue
        knowledge = knowledge_from_view(ENGINE.view(state, 0), 0)
        for n in range(5):
            sampled = knowledge.sample(Rng(n))
            assert [sum(c) for c in sampled.captured] == [sum(c) for c in state.captured]
            assert sampled.captured[0] == state.captured[0]
            assert [sum(k) for k in zip(*sampled.captured, strict=True)] == \
                   [sum(k) for k in zip(*state.captured, strict=True)]
        checked += 1
    assert checked > 0


def test_a_played_figure_swap_is_not_sampled_back_into_a_stack() -> None:
    for state, _ in positions(2, games=6, seed=5, every=2):
        for seat in range(2):
            sampled = knowledge_from_view(ENGINE.view(state, seat), seat).sample(Rng(1))
            for s in range(2):
                owned = [*sampled.hands[s], *sampled.stacks[s]]
                assert sorted(owned) == sorted(set(owned))
                real = [*state.hands[s], *state.stacks[s]]
                assert ("figure_swap" in owned) == ("figure_swap" in real)


def test_a_view_with_too_many_captures_is_refused() -> None:
    state, _ = next(positions(3, games=1, seed=2))
    view = ENGINE.view(state, 0)
    view["captured_totals"] = [0, 5, 0]
    with pytest.raises(InconsistentView):
        knowledge_from_view(view, 0)
