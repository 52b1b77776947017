"""The tower models: cubes are conserved, and over many drops the outcomes match each model's
expected pass rates."""

import math

import pytest

from daimyo_rules.core import Rng
from daimyo_rules.shogun import tower
from daimyo_rules.shogun.state import PEASANT

DROPS = 20000


def within(observed: float, expected: float, n: int, sigmas: float = 5.0) -> bool:
    return abs(observed - expected) <= sigmas * math.sqrt(expected * (1 - expected) / n)


@pytest.mark.parametrize("model", ["imrihil_two_shelf", "wallenstein_online_single_pool",
                                   "spielbyweb_wallenstein", "all_pass"])
def test_a_drop_conserves_every_cube(model: str) -> None:
    name, params = tower.resolve_model(model)
    shelves: list[list[int]] = [[] for _ in range(tower.shelf_count(name))]
    rng = Rng(1)
    for _ in range(200):
        thrown = [3, 0, 2, 0, 0, 1]
        before = [thrown[c] + sum(s.count(c) for s in shelves) for c in range(6)]
        out = tower.drop(name, params, thrown, shelves, rng)
        assert [out[c] + sum(s.count(c) for s in shelves) for c in range(6)] == before


def test_one_cube_passes_both_shelves_of_the_two_shelf_model_at_the_expected_rate() -> None:
    name, params = tower.resolve_model("imrihil_two_shelf")
    rng, passed = Rng(7), 0
    for _ in range(DROPS):
        passed += tower.drop(name, params, [1, 0, 0, 0, 0, 0], [[], []], rng)[0]
    assert within(passed / DROPS, params["p_pass_shelf"] ** 2, DROPS)


def test_a_stuck_cube_is_knocked_loose_at_the_expected_rate() -> None:
    name, params = tower.resolve_model("imrihil_two_shelf")
    rng, loose = Rng(8), 0
    expected = params["p_knock_loose_per_passing_cube"] * params["p_pass_shelf"]
    for _ in range(DROPS * 2):
        loose += tower.drop(name, params, [1, 0, 0, 0, 0, 0], [[PEASANT], []], rng)[PEASANT]
    assert within(loose / (DROPS * 2), expected, DROPS * 2)


@pytest.mark.parametrize("model", ["wallenstein_online_single_pool", "spielbyweb_wallenstein"])
def test_single_pool_models_pass_thrown_and_stuck_cubes_at_their_rates(model: str) -> None:
    name, params = tower.resolve_model(model)
    rng, thrown_out, stuck_out = Rng(9), 0, 0
    for _ in range(DROPS):
        out = tower.drop(name, params, [1, 0, 0, 0, 0, 0], [[PEASANT]], rng)
        thrown_out, stuck_out = thrown_out + out[0], stuck_out + out[PEASANT]
    assert within(thrown_out / DROPS, params["p_out_thrown"], DROPS)
    assert within(stuck_out / DROPS, params["p_out_stuck"], DROPS)


def test_the_seeding_drop_of_the_wallenstein_model_uses_the_initial_load_rate() -> None:
    name, params = tower.resolve_model("wallenstein_online_single_pool")
    rng, out = Rng(10), 0
    for _ in range(DROPS // 10):
        out += tower.drop(name, params, [10, 0, 0, 0, 0, 0], [[]], rng, initial=True)[0]
    assert within(out / DROPS, params["p_out_initial_load"], DROPS)


def test_a_many_cube_battle_leaves_about_the_expected_share_stuck() -> None:
    name, params = tower.resolve_model("imrihil_two_shelf")
    rng, total_out, total_in = Rng(11), 0, 0
    for _ in range(2000):
        out = tower.drop(name, params, [5, 5, 0, 0, 0, 0], [[], []], rng)
        total_out, total_in = total_out + sum(out), total_in + 10
    # with empty shelves each cube passes w.p. p^2, plus a little knocked loose later in the drop
    assert params["p_pass_shelf"] ** 2 < total_out / total_in < params["p_pass_shelf"] ** 2 + 0.05
