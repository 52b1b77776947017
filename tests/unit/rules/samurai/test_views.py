"""Hidden information: each seat's view and the spectator's follow the rules exactly."""

import json

from daimyo_rules.core import Rng
from daimyo_rules.samurai.engine import SamuraiGame
from daimyo_rules.samurai.state import OVER, evolve
from tests.unit.rules.samurai.positions import GAME, place, position


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_other_hands() -> None:
    state = position(players=3)
    seen = GAME.view(state, 1)
    assert seen["hand"] == list(state.hands[1])
    assert seen["hand_sizes"] == [5, 5, 5]
    assert "hands" not in seen


def test_no_view_contains_a_draw_stack_or_the_generator() -> None:
    state = position(players=4)
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(GAME.view(state, seat))
        assert "stacks" not in text.replace("stack_sizes", "") and str(state.rng) not in text


def test_captures_are_public_in_a_two_player_game() -> None:
    state = position(players=2, captured=((1, 2, 0), (0, 0, 3)))
    assert GAME.view(state, 0)["captured"]["1"] == {"buddha": 0, "rice": 0, "castle": 3}
    assert GAME.view(state, None)["captured"]["0"] == {"buddha": 1, "rice": 2, "castle": 0}


def test_captures_are_hidden_in_three_and_four_player_games_but_totals_show() -> None:
    state = position(players=3, captured=((1, 2, 0), (0, 0, 3), (0, 0, 0)))
    seen = GAME.view(state, 1)
    assert seen["captured"]["0"] is None and seen["captured"]["1"] == {"buddha": 0, "rice": 0, "castle": 3}
    assert seen["captured_totals"] == [3, 3, 0]
    assert all(v is None for v in GAME.view(state, None)["captured"].values())


def test_states_differing_only_in_hidden_captures_give_identical_views() -> None:
    a = position(players=4, captured=((1, 0, 0), (0, 1, 0), (0, 0, 0), (0, 0, 0)))
    b = position(players=4, captured=((0, 0, 1), (0, 1, 0), (0, 0, 0), (0, 0, 0)))
    assert GAME.view(a, 1) == GAME.view(b, 1) and GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, 0) != GAME.view(b, 0)


def test_a_spectator_sees_no_hand_and_no_legal_moves() -> None:
    seen = GAME.view(position(), None)
    assert "hand" not in seen and seen["legal"] == {}


def test_the_view_lists_the_seats_legal_moves_compactly() -> None:
    state = position(hands={0: ["samurai3", "ship2", "rice2", "rice3", "figure_swap"]})
    legal = GAME.view(state, 0)["legal"]
    assert "h57" in legal["place"]["samurai3"] and "h45" in legal["place"]["ship2"]
    assert "h57" not in legal["place"]["ship2"] and legal["figure_swap"]
    assert GAME.view(state, 1)["legal"] == {}


def test_opening_choices_stay_hidden_until_play_starts() -> None:
    state = GAME.initial_state({"players": 2, "random_setup": False}, 3)
    while state.phase == "setup":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    chosen = GAME.apply(state, 0, {"type": "choose_hand", "tiles": ["ship2", "samurai3", "rice4",
                                                                    "castle4", "buddha4"]})
    other = GAME.apply(state, 0, {"type": "choose_hand", "tiles": ["ship1a", "samurai1a", "rice2",
                                                                   "castle2", "buddha2"]})
    assert GAME.view(chosen, 1) == GAME.view(other, 1)
    assert GAME.last_effects(chosen, 1) == GAME.last_effects(other, 1)


def test_other_seats_see_how_many_tiles_were_drawn_not_which() -> None:
    state = position(hands={0: ["samurai3", "rice2"]}, stacks={0: ["castle2", "castle3"]})
    state = GAME.apply(state, 0, place("samurai3", "h57"))
    ended = next(e for e in GAME.last_effects(state, 1) if e["type"] == "turn_ended")
    assert ended["drew"] == 2
    own = next(e for e in GAME.last_effects(state, 0) if e["type"] == "turn_ended")
    assert own["drew"] == ["castle2", "castle3"]


def test_after_the_end_everything_is_public() -> None:
    state = evolve(position(players=3, captured=((1, 2, 0), (0, 0, 3), (0, 0, 0))), phase=OVER)
    seen = GAME.view(state, None)
    assert seen["captured"]["0"] == {"buddha": 1, "rice": 2, "castle": 0}
    assert seen["hands"] == [list(h) for h in state.hands]
    assert seen["outcome"]["winners"] == [0]  # leads buddha and rice


def test_views_built_together_equal_each_view_built_alone_through_whole_games() -> None:
    engine = SamuraiGame()  # `views` is the engine's own, beyond the Game protocol
    for players in (2, 3, 4):
        log = GAME.selfplay_log(players, seed=40 + players, rng=Rng(players))
        viewers = [*range(players), None]
        entries = len(log["moves"])
        for upto in sorted({0, 1, 2, entries // 3, entries // 2, entries - 1, entries}):
            state, _ = GAME.replay_log(log, upto)
            assert engine.views(state, viewers) == [GAME.view(state, v) for v in viewers], (players, upto)
