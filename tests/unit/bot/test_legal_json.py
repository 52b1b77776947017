"""Random moves from a view's compact `legal` field are legal and reach every listed move."""

from __future__ import annotations

from daimyo_bot.legal_json import legal_count, random_legal_move
from daimyo_rules.core import Rng
from daimyo_rules.samurai.rules import legal_moves
from tests.unit.bot.positions import ENGINE, positions


def test_every_random_move_from_the_view_is_legal_in_every_phase() -> None:
    rng = Rng(3)
    phases = set()
    for state, seat in positions(3, games=2, seed=3, random_setup=False):
        move = random_legal_move(ENGINE.view(state, seat)["legal"], rng)
        assert ENGINE.parse_move(move) in legal_moves(state, seat)
        phases.add(state.phase)
    assert phases == {"setup", "choose", "play"}


def test_the_count_matches_the_engine_outside_the_secret_hand_choice() -> None:
    for state, seat in positions(2, games=1, seed=8, every=3):
        assert legal_count(ENGINE.view(state, seat)["legal"]) == len(legal_moves(state, seat))


def test_every_listed_move_can_be_drawn() -> None:
    legal = {"place": {"ronin1": ["h1", "h2"]}, "end_turn": True,
             "figure_swap": [["h3", "rice", "h4", "castle"]]}
    drawn = {str(random_legal_move(legal, Rng(n))) for n in range(200)}
    assert len(drawn) == 4
