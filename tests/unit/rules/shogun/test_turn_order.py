"""Turn order: the event comes first, chest bids are paid, ties are broken at random (from the
log) and the special card's space decides the order of play."""

from typing import Any

import pytest

from daimyo_rules.core import ReplayError
from tests.unit.rules.shogun.script import GAME, IN_ORDER, SPECIALS, chance, pick, plan, play


def bidding(bids: list[str | None], event: int = 7) -> list[dict[str, Any]]:
    return [chance("action_order", order=IN_ORDER), chance("specials", order=SPECIALS),
            *(plan(s, bid=b) for s, b in enumerate(bids)), chance("event", card=event)]


def test_chest_bids_are_paid_to_the_bank_when_revealed() -> None:
    state = play([*bidding(["chest:3", "province:Yamato", None])])
    assert GAME.summary(state)["chests"] == {"0": 15, "1": 18, "2": 18}
    assert GAME.view(state, 2)["seats"]["1"]["bid"] == "province:Yamato"


def test_the_highest_bid_takes_the_first_special_and_zero_bids_tie() -> None:
    state = play([*bidding(["chest:1", "chest:0", "province:Bizen"]), chance("bid_tiebreak", order=[2, 1])])
    assert GAME.to_act(state) == [0]
    state = GAME.apply(state, 0, pick(0, "recruit")["move"])
    assert GAME.to_act(state) == [2]


def test_a_tie_break_must_list_exactly_the_tied_seats() -> None:
    with pytest.raises(ReplayError) as error:
        play([*bidding(["chest:2", "chest:2", None]), chance("bid_tiebreak", order=[0, 1, 2])])
    assert error.value.move_index == 7


def test_the_special_cards_space_decides_the_order_of_actions() -> None:
    entries = [chance("action_order", order=IN_ORDER), chance("specials", order=SPECIALS),
               plan(0, attack_a="Mino"), plan(1, attack_a="Yamato"), plan(2, attack_a="Omi"),
               chance("event", card=7), chance("bid_tiebreak", order=[0, 1, 2]),
               pick(0, "recruit"), pick(1, "defence"), pick(2, "attack")]
    state = play(entries)
    assert GAME.view(state, None)["turn_order"] == [2, 1, 0]
    assert GAME.to_act(state) == [2]


def test_a_special_card_is_taken_once_and_only_in_bid_order() -> None:
    state = play([*bidding([None, None, None]), chance("bid_tiebreak", order=[1, 0, 2])])
    with pytest.raises(Exception, match="bid order"):
        GAME.apply(state, 0, pick(0, "attack")["move"])
    state = GAME.apply(state, 1, pick(1, "attack")["move"])
    with pytest.raises(Exception, match="already taken"):
        GAME.apply(state, 0, pick(0, "attack")["move"])


def test_the_event_must_be_one_of_this_years_remaining_cards() -> None:
    with pytest.raises(ReplayError, match="remaining"):
        play([*bidding([None, None, None], event=12)])
