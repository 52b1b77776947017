"""Who may write and read which chat channel, and which lines are refused (issue 32): a line that
shows nothing is refused, the spectators' channel closes with the game, and a private table
without spectators keeps its chat to its players during the game and after it."""

from __future__ import annotations

import pytest

from daimyo_game.aggregate import GameRecord
from daimyo_game.chat import MAX_TEXT, PLAYERS, SPECTATORS, check_may_read, check_may_write, checked_text
from daimyo_game.commands import CreateGame
from daimyo_game.errors import Malformed, PermissionDenied
from daimyo_game.handlers import GameHandlers

from .test_takeovers import LIVE, FakeClock, make, play
from .test_takeovers import PLAYERS as SEATS


async def record_of(listed: bool = True, finished: bool = False) -> GameRecord:
    handlers: GameHandlers = make(FakeClock())
    command = CreateGame("cards", {"rounds": 1}, SEATS, seed=3, time_control=LIVE, listed=listed)
    game_id = (await handlers.create_game(command))[0]
    while finished and not (await handlers.repository.load(game_id)).finished:
        await play(handlers, game_id)
    return await handlers.repository.load(game_id)


@pytest.mark.parametrize("text", ["", "   ", "\u200b", "\u200b\u200d\ufeff", "\u3164", "\u2800 \u2800",
                                  "\u0301", "\u2060\u180e"])
def test_a_line_that_shows_nothing_is_refused(text: str) -> None:
    with pytest.raises(Malformed, match="is empty"):
        checked_text(text, "the message", MAX_TEXT)


def test_a_line_with_something_visible_is_kept_as_typed() -> None:
    assert checked_text(" \u200bgg ", "the message", MAX_TEXT) == "\u200bgg"


async def test_the_spectators_channel_closes_when_the_game_ends() -> None:
    running, over = await record_of(), await record_of(finished=True)
    assert check_may_write(running, "eve", SPECTATORS) is None
    with pytest.raises(PermissionDenied, match="closed when the game ended"):
        check_may_write(over, "eve", SPECTATORS)
    assert check_may_write(over, "ann", PLAYERS) == 0  # the players may still say "good game"


async def test_a_private_table_keeps_its_chat_to_its_players_for_ever() -> None:
    for record in (await record_of(listed=False), await record_of(listed=False, finished=True)):
        for channel in (PLAYERS, SPECTATORS):
            with pytest.raises(PermissionDenied, match="for its players only"):
                check_may_read(record, "eve", channel)
        check_may_read(record, "ann", PLAYERS)


async def test_a_seated_player_reads_the_spectators_channel_only_after_the_end() -> None:
    with pytest.raises(PermissionDenied):
        check_may_read(await record_of(), "ann", SPECTATORS)
    check_may_read(await record_of(finished=True), "ann", SPECTATORS)
