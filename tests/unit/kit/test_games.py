"""Plug-in games from `DAIMYO_GAME_PLUGINS`: registered by reading a service's configuration,
refused with a message naming the entry when it is malformed or cannot be loaded."""

from __future__ import annotations

import pytest

from daimyo_kit.config import Config
from daimyo_kit.games import BadGamePlugin, counts_text, plugin_specs, register_plugins
from daimyo_rules import registry

PLUGIN = "tests.plugins.tictactoe:TicTacToeGame"


@pytest.fixture(autouse=True)
def _own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the registry for each test, its "built-ins loaded" mark included: without that
    mark, a first test of the session loaded the built-ins into its copy only, and every later
    test found an empty registry that believed itself loaded."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_INSTANCES", dict(registry._INSTANCES))
    monkeypatch.setattr(registry, "_BUILTIN_LOADED", list(registry._BUILTIN_LOADED))


def test_reading_a_services_config_registers_its_plug_in_games_beside_the_built_in_ones() -> None:
    config = Config.from_env("game", {"DAIMYO_GAME_PLUGINS": f" {PLUGIN} ,"})
    assert config.game_plugins == (PLUGIN,)
    assert {"samurai", "shogun", "tictactoe"} <= set(registry.game_names())
    assert registry.get_game("tictactoe").player_counts() == (2,)


def test_no_variable_means_only_the_built_in_games() -> None:
    assert plugin_specs({}) == ()
    assert "tictactoe" not in registry.game_names()


@pytest.mark.parametrize(("spec", "message"), [
    ("tests.plugins.tictactoe", "module:factory"),
    ("no_such_module_here:Game", "cannot load"),
    ("tests.plugins.tictactoe:NoSuchFactory", "cannot load"),
    ("tests.plugins.tictactoe:LINES", "not callable"),
])
def test_a_bad_entry_is_refused_with_its_name(spec: str, message: str) -> None:
    with pytest.raises(BadGamePlugin, match=message):
        register_plugins([spec])


def test_seat_counts_read_as_words() -> None:
    assert (counts_text((2, 3, 4)), counts_text((2, 4)), counts_text((2,))) == ("2 to 4", "2 or 4", "2")
