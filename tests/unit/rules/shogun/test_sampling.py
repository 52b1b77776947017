"""The Shogun sampler refuses a view whose cube counts cannot be true, instead of building them."""

from __future__ import annotations

import pytest

from daimyo_rules import get_game
from daimyo_rules.core import MalformedMove, Rng
from daimyo_rules.shogun.sampling import sample_state


def test_a_forged_peasant_supply_is_refused_at_once() -> None:
    game = get_game("shogun")
    view = game.view(game.initial_state({"players": 3}, 1), 0)
    view["peasant_supply"] = -10**7  # would ask for ten million cubes in the tower
    with pytest.raises(MalformedMove, match="do not add up"):
        sample_state(view, Rng(1))
