"""`views_of`: every viewer's view at once, through a game's own `views` or one `view` each."""

from daimyo_rules.core import Rng, views_of
from daimyo_rules.registry import get_game
from tests.plugins.tictactoe import TicTacToeGame


def test_a_game_without_its_own_views_gets_one_view_per_viewer() -> None:
    game = TicTacToeGame()
    assert not hasattr(game, "views")
    start = game.initial_state({"players": 2}, 7)
    state = game.apply(start, 0, game.legal_moves(start, 0)[0])
    viewers = [0, 1, None]
    assert views_of(game, state, viewers) == [game.view(state, v) for v in viewers]


def test_a_game_with_its_own_views_gets_the_same_views_from_them() -> None:
    game = get_game("samurai")
    state, _ = game.replay_log(game.selfplay_log(3, seed=5, rng=Rng(5)), 12)
    viewers = [2, None, 0]
    assert views_of(game, state, viewers) == [game.view(state, v) for v in viewers]
