"""Planning: one secret plan per player, every card at most once, builds and bids checked."""

import pytest

from daimyo_rules.core import JSON, IllegalMove, MalformedMove, ReplayError
from daimyo_rules.shogun.options import PlanChoices
from daimyo_rules.shogun.state import ShogunState
from tests.unit.rules.shogun.script import GAME, IN_ORDER, SPECIALS, chance, plan, play, round_


def planning() -> ShogunState:
    return play([chance("action_order", order=IN_ORDER), chance("specials", order=SPECIALS)])


def test_a_province_card_is_used_at_most_once_per_round() -> None:
    with pytest.raises(IllegalMove, match="at most once"):
        GAME.apply(planning(), 0, plan(0, castle="Suruga", rice="Suruga")["move"])


def test_a_war_chest_card_is_used_at_most_once_across_actions_and_bid() -> None:
    with pytest.raises(IllegalMove, match="chest:2 is used at most once"):
        GAME.apply(planning(), 0, plan(0, bid="chest:2", rice="chest:2")["move"])


def test_a_province_bid_takes_the_card_out_of_the_actions() -> None:
    with pytest.raises(IllegalMove, match="at most once"):
        GAME.apply(planning(), 0, plan(0, bid="province:Mino", taxes="Mino")["move"])


def test_a_chest_bid_must_be_payable() -> None:
    state = planning()
    rich = GAME.apply(state, 0, plan(0, bid="chest:4")["move"])
    assert GAME.to_act(rich) == [1, 2]
    poor = GAME.from_json(GAME.to_json(state))
    poor.chests[1] = 3
    with pytest.raises(IllegalMove, match="payable"):
        GAME.apply(poor, 1, plan(1, bid="chest:4")["move"])


def test_a_build_needs_a_free_site_and_no_building_of_that_type() -> None:
    with pytest.raises(ReplayError) as error:
        play([*round_({0: {"theatre": "Mino"}}), chance("action_order", order=IN_ORDER),
              chance("specials", order=SPECIALS), plan(0, castle="Mino")])
    assert "free site" in error.value.message


def test_only_province_cards_the_player_holds_may_be_planned() -> None:
    with pytest.raises(IllegalMove, match="does not hold the province card of Yamato"):
        GAME.apply(planning(), 0, plan(0, taxes="Yamato")["move"])


def test_each_player_plans_once_and_plans_come_in_any_order() -> None:
    state = GAME.apply(planning(), 2, plan(2)["move"])
    assert GAME.to_act(state) == [0, 1]
    with pytest.raises(IllegalMove, match="plans once"):
        GAME.apply(state, 2, plan(2)["move"])


@pytest.mark.parametrize("bad", [
    {"type": "plan", "actions": {"castle": None}, "bid": None},
    {"type": "plan", "actions": plan(0)["move"]["actions"], "bid": "chest:5"},
    {"type": "plan", "actions": {**plan(0)["move"]["actions"], "rice": "Atlantis"}, "bid": None},
    {"type": "plan", "actions": plan(0)["move"]["actions"]},
    {"type": "dance"},
])
def test_a_misshapen_plan_is_malformed(bad: JSON) -> None:
    with pytest.raises(MalformedMove):
        GAME.apply(planning(), 0, bad)


def test_legal_moves_check_any_plan_and_list_the_simple_ones() -> None:
    state = planning()
    choices = GAME.legal_moves(state, 0)
    assert isinstance(choices, PlanChoices)
    assert plan(0, castle="Suruga", rice="chest:1", taxes="Mino", bid="chest:3")["move"] in choices
    assert plan(0, castle="Suruga", rice="Suruga")["move"] not in choices
    assert len(choices) == len(list(choices)) > 100
    assert all(GAME.apply(state, 0, choices[i]) for i in range(0, len(choices), 97))


def test_a_random_plan_is_always_legal() -> None:
    from daimyo_rules.core import Rng
    state, rng = planning(), Rng(4)
    for _ in range(200):
        assert GAME.random_move(state, 1, rng) in GAME.legal_moves(state, 1)
