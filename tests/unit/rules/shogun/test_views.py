"""Views: plans stay secret until executed, hidden action cards, the tower's shelves and the
generator never show; each seat sees what it may do now."""

import json

from daimyo_rules.core import Rng
from tests.unit.rules.shogun.script import GAME, IN_ORDER, SPECIALS, chance, move, plan, play, round_


def test_a_plan_is_seen_only_by_its_own_seat_until_executed() -> None:
    state = play([chance("action_order", order=IN_ORDER), chance("specials", order=SPECIALS),
                  plan(0, taxes="Suruga", bid="chest:2")])
    assert GAME.view(state, 0)["your_plan"]["actions"]["taxes"] == "Suruga"
    for seat in (1, 2, None):
        seen = GAME.view(state, seat)
        assert seen["your_plan"] is None and "Suruga\", \"bid" not in json.dumps(seen)
        assert seen["seats"]["0"]["planned"] is True and seen["seats"]["0"]["bid"] is None


def test_action_cards_6_to_10_are_hidden_until_they_come_up() -> None:
    order = IN_ORDER[::-1]
    state = play([chance("action_order", order=order), chance("specials", order=SPECIALS)])
    assert GAME.view(state, 1)["action_cards"] == [*order[:5], None, None, None, None, None]


def test_executed_cards_are_revealed_as_the_actions_come_up() -> None:
    state = play(round_({0: {"taxes": "Suruga", "attack_a": "Mino", "attack_b": "Tamba"}}))
    shown = GAME.view(state, 2)["revealed_plans"]["0"]
    assert shown["taxes"] == "Suruga" and shown["attack_a"] == "Mino" and "attack_b" not in shown
    assert GAME.view(state, 2)["decision"] == {"seat": 0, "action": "attack_a", "from": "Mino"}


def test_the_tower_shelves_and_the_generator_never_show() -> None:
    state = GAME.initial_state({"players": 4, "tower": "imrihil_two_shelf"}, 77)
    for seat in (0, 3, None):
        seen = GAME.view(state, seat)
        assert "stuck" not in seen["tower"] and str(state.rng) not in json.dumps(seen)
        assert all("stuck" not in e.get("chance", {}) for e in GAME.last_effects(state, seat))


def test_each_seat_is_offered_exactly_what_it_may_do_now() -> None:
    state = play(round_({0: {"attack_a": "Suruga"}}))
    offer = GAME.view(state, 0)["legal"]
    assert offer["type"] == "move" and offer["max_armies"] == 4
    assert {t["to"] for t in offer["targets"]} == {"Izu", "Kai", "Sagami", "Totomi"}
    assert GAME.view(state, 1)["legal"] is None and GAME.view(state, None)["legal"] is None
    shuffles = [chance("action_order", order=IN_ORDER), chance("specials", order=SPECIALS)]
    planning = GAME.view(play(shuffles), 0)
    assert planning["legal"]["type"] == "plan"
    assert planning["legal"]["actions"]["castle"] == planning["seats"]["0"]["province_cards"]
    assert "chest:4" in planning["legal"]["bids"]


def test_last_effects_report_the_battle_and_what_came_out_of_the_tower() -> None:
    state = play([*round_({0: {"attack_a": "Mino"}}), move(0, "Omi", 3)])
    battles = [e for e in GAME.last_effects(state, 1) if e["type"] == "battle"]
    assert battles == [{"type": "battle", "kind": "pvp", "province": "Omi", "attacker": 0, "defender": 2,
                        "thrown": {"0": 3, "2": 4}, "out": {"0": 3, "2": 4}, "result": "defender wins",
                        "owner": 2, "armies": 1}]
    hidden = [e for e in GAME.last_effects(state, 1) if e.get("chance", {}).get("type") == "action_order"]
    assert all(len(e["chance"]["shown"]) == 5 and "order" not in e["chance"] for e in hidden)


def test_the_rendering_names_the_season_and_every_region() -> None:
    text = GAME.render(GAME.initial_state({"players": 5}, 3), 2)
    assert "year 1, spring" in text
    assert all(f"{region}:" in text for region in ("brown", "green", "purple", "red", "yellow"))


def test_a_view_is_plain_json_for_every_stage_of_a_random_game() -> None:
    state, rng = GAME.initial_state({"players": 3, "setup": "draft"}, 5), Rng(5)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        json.dumps([GAME.view(state, s) for s in (0, 1, 2, None)])
        state = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    assert GAME.view(state, None)["finished"] and "stuck" in GAME.view(state, None)["tower"]


def test_views_built_together_equal_each_view_built_alone_through_whole_games() -> None:
    for players in (3, 5):
        log = GAME.selfplay_log(players, 21 + players, Rng(players))
        viewers = [*range(players), None]
        entries = len(log["moves"])
        for upto in sorted({0, 1, 5, entries // 4, entries // 2, (3 * entries) // 4, entries}):
            state, _ = GAME.replay_log(log, upto)
            assert GAME.views(state, viewers) == [GAME.view(state, v) for v in viewers], (players, upto)
