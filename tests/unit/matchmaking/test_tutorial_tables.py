"""A tutorial table (issue 33): its game is created on the fixed tutorial deal, never rated, and
seated with bots only as the bot games quota allows — the same decider as "play bots"."""

from __future__ import annotations

import pytest

from daimyo_matchmaking.domain import InvalidRequest, QuotaExceeded
from daimyo_matchmaking.game_client import _create_request
from daimyo_matchmaking.handlers import MatchmakingHandlers
from daimyo_matchmaking.tables import SEED_KEY, TUTORIAL_SEED, NewTable
from daimyo_matchmaking.testing import InMemoryGameCreator
from tests.unit.matchmaking.test_handlers import SLOW, ask, clock, games, mm, notifier, store  # noqa: F401


def tutorial(host: str) -> NewTable:
    return NewTable(host, host.title(), "samurai", 2, {"tutorial": True}, SLOW, rated=True)


async def a_tutorial_game(mm: MatchmakingHandlers, host: str) -> str:  # noqa: F811
    table = await mm.create_table(tutorial(host))
    started = await mm.seat_table_bots(table.code, host, ["random"])
    return started.game_id


async def test_two_tutorials_are_created_on_the_same_fixed_deal_and_unrated(
        mm: MatchmakingHandlers, games: InMemoryGameCreator) -> None:  # noqa: F811
    first, second = await a_tutorial_game(mm, "ann"), await a_tutorial_game(mm, "ben")
    made = [games.games[first], games.games[second]]
    assert [g.seed for g in made] == [TUTORIAL_SEED, TUTORIAL_SEED]
    assert all(SEED_KEY not in g.config and "tutorial" not in g.config for g in made)  # not the engine's
    assert _create_request(made[0]).seed == TUTORIAL_SEED
    table = await mm.create_table(tutorial("cat"))
    assert not table.rated


async def test_a_table_without_the_flag_leaves_the_deal_to_the_game_service(
        mm: MatchmakingHandlers, games: InMemoryGameCreator) -> None:  # noqa: F811
    table = await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, ""))
    started = await mm.seat_table_bots(table.code, "ann", ["random"])
    assert games.games[started.game_id].seed is None
    assert not _create_request(games.games[started.game_id]).HasField("seed")


async def test_a_tutorial_counts_as_a_game_with_bots(mm: MatchmakingHandlers) -> None:  # noqa: F811
    await a_tutorial_game(mm, "ann")
    with pytest.raises(QuotaExceeded):
        await a_tutorial_game(mm, "ann")
    with pytest.raises(QuotaExceeded):
        await mm.enqueue(ask("ann", player_counts=[2], bots_only=True, bot_level="random",
                             time_control_json=SLOW))


async def test_a_tutorial_flag_that_is_not_a_bool_is_refused(mm: MatchmakingHandlers) -> None:  # noqa: F811
    with pytest.raises(InvalidRequest, match="tutorial"):
        await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {"tutorial": "yes"}, ""))


async def test_a_tutorials_rematch_is_dealt_afresh(
        mm: MatchmakingHandlers, games: InMemoryGameCreator) -> None:  # noqa: F811
    from tests.unit.matchmaking.test_handlers import finished

    game_id = await a_tutorial_game(mm, "ann")
    await mm.game_finished(finished(game_id, ["ann", "bot:random"], [0]))
    rematch = await mm.rematches.offer(game_id, "ann")
    assert rematch.new_game_id and games.games[rematch.new_game_id].seed is None
