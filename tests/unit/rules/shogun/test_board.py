"""The Shogun table facts the web client draws from (`ShogunGame.client_board`): read from the
engine's data, per player count."""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_rules.core import MalformedMove
from daimyo_rules.registry import get_game
from daimyo_rules.shogun.data import ACTION_KEYS, tables


def shogun_board(players: int) -> Any:
    return get_game("shogun").client_board({"players": players})


def test_every_province_and_border_of_the_engine_is_served() -> None:
    board = shogun_board(4)
    names = [p["name"] for p in board["provinces"]]
    assert names == list(tables().names) and len(names) == 45
    assert len(board["borders"]) == 97
    served = {frozenset((b["a"], b["b"])) for b in board["borders"]}
    engine = {frozenset((tables().names[a], tables().names[b]))
              for a, near in enumerate(tables().neighbours) for b in near}
    assert served == engine


def test_six_borders_are_sea_lanes() -> None:
    lanes = {frozenset((b["a"], b["b"])) for b in shogun_board(3)["borders"] if b["sea"]}
    assert len(lanes) == 6 and frozenset(("Aki", "Iyo")) in lanes


def test_eight_provinces_sit_out_only_with_three_players() -> None:
    out_with_three = [p["name"] for p in shogun_board(3)["provinces"] if not p["in_play"]]
    assert len(out_with_three) == 8 and "Mutsu" in out_with_three
    assert all(p["in_play"] for p in shogun_board(5)["provinces"])


def test_both_board_sides_give_each_province_a_region_of_nine() -> None:
    for side in ("sun", "moon"):
        regions = [p["regions"][side] for p in shogun_board(4)["provinces"]]
        assert sorted({regions.count(r) for r in regions}) == [9]


def test_action_cards_come_in_the_engines_key_order_with_their_costs() -> None:
    actions = shogun_board(3)["actions"]
    assert [a["key"] for a in actions] == list(ACTION_KEYS)
    assert {a["key"]: a["cost"] for a in actions} == tables().action_cost
    assert {a["key"] for a in actions if a["revolt_marker"]} == {"rice", "taxes"}


def test_specials_events_and_the_winter_table_are_explained() -> None:
    board = shogun_board(5)
    assert [s["key"] for s in board["specials"]] == list(tables().special_keys)
    assert [e["card"] for e in board["events"]] == list(range(1, 13))
    assert board["winter_table"][0] == {"shortfall": "0", "revolts": 0, "extra_peasants": 0}


@pytest.mark.parametrize("players", [2, 6])
def test_shogun_is_for_three_to_five_players(players: int) -> None:
    with pytest.raises(MalformedMove):
        shogun_board(players)
