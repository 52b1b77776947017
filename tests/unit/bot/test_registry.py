"""The bot service finds each game's levels through the engine registry, by the game's name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from daimyo_bot.levels import build_levels, game_levels, stand_in
from daimyo_bot.packages import bot_package
from daimyo_bot.search_pool import SearchPool
from daimyo_kit.bot_levels import BOT_LEVELS, DEFAULT_BOT_LEVEL
from daimyo_rules.registry import game_names

SHARED_BOT_CODE = sorted(p for p in (Path(__file__).parents[3] / "services" / "daimyo_bot").glob("*.py"))


@pytest.fixture
def pool() -> Iterator[SearchPool]:
    pool = SearchPool(1)  # never searched here: no worker starts
    yield pool
    pool.close()


def test_every_registered_game_has_levels(pool: SearchPool) -> None:
    levels = build_levels(pool)
    assert sorted(levels) == game_names()
    for name, game in levels.items():
        assert "random" in game, name
        assert set(game) <= set(BOT_LEVELS), name


def test_a_game_without_a_bot_package_still_gets_a_random_level(pool: SearchPool) -> None:
    assert bot_package("tictactoe") is None
    assert list(game_levels("tictactoe", pool)) == ["random"]


def test_the_default_level_is_one_of_the_levels() -> None:
    assert DEFAULT_BOT_LEVEL in BOT_LEVELS


@pytest.mark.parametrize("path", SHARED_BOT_CODE, ids=lambda p: p.name)
def test_shared_bot_code_names_no_game(path: Path) -> None:
    names = "|".join(game_names())
    assert not re.search(rf"[\"']({names})[\"']", path.read_text()), f"{path.name} names a game"


def test_a_level_a_game_lacks_is_played_by_its_strongest_level_below(pool: SearchPool) -> None:
    levels = game_levels("tictactoe", pool)
    assert stand_in(levels, "expert") is levels["random"]
    samurai = game_levels("samurai", pool)
    assert stand_in(samurai, "expert") is samurai.get("expert", samurai["mcts"])
    assert stand_in(samurai, "grandmaster") is None  # not a level name at all
