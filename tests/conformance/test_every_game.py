"""One conformance suite over every registered game: what the platform assumes of any `Game`.

Each test runs for the built-in games and for the test-only plug-in (tic-tac-toe), so a new
game that passes here can be hosted: it is deterministic, replays its own logs, hides what a
viewer may not know, survives JSON at every edge, accepts the moves it lists and ends.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from daimyo_kit.games import register_plugins
from daimyo_rules import registry
from daimyo_rules.core import Game, MalformedMove, Rng, RuleError
from daimyo_rules.registry import game_names, get_game

PLUGINS = ("tests.plugins.tictactoe:TicTacToeGame",)
GAMES = [*game_names(), "tictactoe"]
MAX_STEPS = 20_000  # far beyond any real game: a playout that reaches it never ends
PROBE_EVERY = 11  # states between two probes in a playout
PROBES = 8  # probed states per playout


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Game:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_INSTANCES", dict(registry._INSTANCES))
    register_plugins(PLUGINS)
    return get_game(request.param)


def playout(game: Game, players: int, seed: int) -> Iterator[tuple[Any, int, Any]]:
    """(state, seat, move) of a random game until it ends (the final state comes with seat -1)."""
    rng = Rng(seed)
    state = game.initial_state({"players": players, **game.validate_table_options({})}, seed)
    for _ in range(MAX_STEPS):
        seats = game.to_act(state)
        if not seats:
            yield state, -1, None
            return
        seat = seats[rng.below(len(seats))]
        move = game.random_move(state, seat, rng)
        yield state, seat, move
        state = game.apply(state, seat, move)
    raise AssertionError(f"{game.name} did not end within {MAX_STEPS} moves")


def probed(game: Game, players: int, seed: int) -> list[tuple[Any, int, Any]]:
    """A few states spread over the first part of a random game."""
    steps = []
    for step, entry in enumerate(playout(game, players, seed)):
        if step % PROBE_EVERY == 0:
            steps.append(entry)
        if len(steps) == PROBES or entry[1] < 0:
            break
    return steps


def test_every_player_count_makes_a_table_and_others_are_refused(game: Game) -> None:
    counts = game.player_counts()
    assert counts == tuple(sorted(counts)) and counts
    for players in counts:
        options = game.validate_table_options({})
        assert game.validate_table_options(options) == options
        game.initial_state({"players": players, **options}, 1)
    with pytest.raises(MalformedMove):
        game.initial_state({"players": max(counts) + 1, **game.validate_table_options({})}, 1)
    assert isinstance(json.loads(json.dumps(game.table_options())), dict)


def test_the_same_seed_and_choices_give_the_same_game(game: Game) -> None:
    players = game.player_counts()[-1]
    first = [game.to_json(state) for state, _, _ in playout(game, players, 7)]
    second = [game.to_json(state) for state, _, _ in playout(game, players, 7)]
    assert first == second


def test_random_games_end_with_an_outcome_for_every_player_count(game: Game) -> None:
    for players in game.player_counts():
        final, _, _ = list(playout(game, players, 3))[-1]
        outcome = game.outcome(final)
        assert outcome is not None and set(outcome["winners"]) <= set(range(players))
        assert game.to_act(final) == []


def test_a_selfplay_log_replays_to_the_same_finished_game(game: Game) -> None:
    log = json.loads(json.dumps(game.selfplay_log(game.player_counts()[0], 5, Rng(5))))
    state, applied = game.replay_log(log)
    again, _ = game.replay_log(log)
    assert applied == len(log["moves"]) and game.outcome(state) is not None
    assert game.to_json(state) == game.to_json(again)
    assert game.summary(state) == json.loads(json.dumps(game.summary(state)))


def test_states_moves_and_views_survive_json(game: Game) -> None:
    for state, seat, move in probed(game, game.player_counts()[-1], 9):
        stored = json.loads(json.dumps(game.to_json(state)))
        restored = game.from_json(stored)
        assert game.to_json(restored) == game.to_json(state)
        for viewer in [None, *range(game.player_counts()[-1])]:
            view = game.view(state, viewer)
            assert json.loads(json.dumps(view)) == view == game.view(restored, viewer)
        if move is not None:
            notation = json.loads(json.dumps(game.move_to_json(move)))
            assert game.move_to_json(game.parse_move(notation)) == notation
            after = game.apply(state, seat, move)
            assert game.to_json(game.apply(restored, seat, notation)) == game.to_json(after)


def test_applying_a_move_leaves_the_state_it_was_given_unchanged(game: Game) -> None:
    for state, seat, move in probed(game, game.player_counts()[0], 4):
        if move is not None:
            before = json.dumps(game.to_json(state))
            game.apply(state, seat, move)
            assert json.dumps(game.to_json(state)) == before


def test_listed_legal_moves_are_accepted_and_seats_not_to_act_are_refused(game: Game) -> None:
    rng = Rng(2)
    for state, _, _ in probed(game, game.player_counts()[-1], 6):
        acting = game.to_act(state)
        for seat in acting:
            legal = game.legal_moves(state, seat)
            for _ in range(min(5, len(legal))):
                game.apply(state, seat, legal[rng.below(len(legal))])
        for seat in set(range(game.player_counts()[-1])) - set(acting):
            assert len(game.legal_moves(state, seat)) == 0
            if acting:
                with pytest.raises(RuleError):
                    game.apply(state, seat, game.random_move(state, acting[0], rng))


def test_views_show_only_what_the_viewer_may_know(game: Game) -> None:
    """Every state a seat's sampler draws from its view (secrets drawn at random) looks the same
    to that seat and to a spectator: a view that leaked a secret would differ."""
    rng = Rng(8)
    players = game.player_counts()[-1]
    for state, _, _ in probed(game, players, 8):
        assert not game.view(state, None).get("legal")
        for seat in range(players):
            drawn = game.sample_state(game.view(state, seat), seat, rng)
            assert game.view(drawn, seat) == game.view(state, seat)
            assert game.view(drawn, None) == game.view(state, None)
