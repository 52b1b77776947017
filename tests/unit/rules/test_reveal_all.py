"""What "reveal all" means is each engine's: the spectator's view plus every seat's secrets
(Samurai: hands and captures; Shogun: plans), exactly as each seat saw its own."""

from __future__ import annotations

from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game


def played(name: str, players: int, moves: int) -> object:
    engine = get_game(name)
    state, rng = engine.initial_state({"players": players}, 11), Rng(5)
    for _ in range(moves):
        seats = engine.to_act(state)
        if not seats:
            break
        state = engine.apply(state, seats[0], engine.random_move(state, seats[0], rng))
    return state


def test_samurai_reveals_every_hand_and_every_seats_captures() -> None:
    engine, state = get_game("samurai"), played("samurai", 3, 12)
    revealed = engine.reveal_all_view(state)
    assert revealed["hands"] == [engine.view(state, s)["hand"] for s in range(3)]
    assert revealed["captured"] == {str(s): engine.view(state, s)["captured"][str(s)] for s in range(3)}
    assert revealed["tiles"] == engine.view(state, None)["tiles"]


def test_shogun_reveals_every_seats_plan() -> None:
    engine, state = get_game("shogun"), played("shogun", 3, 2)
    revealed = engine.reveal_all_view(state)
    assert revealed["plans"] == {str(s): engine.view(state, s).get("your_plan") for s in range(3)}
    assert any(revealed["plans"].values())
