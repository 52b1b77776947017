"""Determinizing a Shogun view: a view whose cube counts cannot be true is refused, never sampled."""

from __future__ import annotations

import copy

import pytest

from daimyo_rules.core import JSON, MalformedMove, Rng
from daimyo_rules.registry import get_game
from daimyo_rules.shogun.sampling import sample_state

SHOGUN = get_game("shogun")


def seat_view() -> JSON:
    return SHOGUN.view(SHOGUN.initial_state({"players": 3}, 11), 0)


def test_a_true_view_is_sampled() -> None:
    assert SHOGUN.to_json(sample_state(seat_view(), Rng(3)))


def test_a_view_claiming_a_huge_negative_supply_is_malformed_not_a_tower_of_a_billion_cubes() -> None:
    view = copy.deepcopy(seat_view())
    view["seats"]["1"]["supply"] = -10**9
    with pytest.raises(MalformedMove, match="cube counts leave 1000000"):
        sample_state(view, Rng(3))


def test_a_view_claiming_more_cubes_than_exist_is_malformed() -> None:
    view = copy.deepcopy(seat_view())
    view["peasant_supply"] = 10**6
    with pytest.raises(MalformedMove, match="colour 5"):
        sample_state(view, Rng(3))
