"""The games catalogue (lobby read model) contract, for both stores."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from daimyo_store import GameSummary


def summary(player: str, *, finished: bool = False, version: int = 1, minutes_ago: int = 0) -> GameSummary:
    created = datetime.now(UTC) - timedelta(minutes=minutes_ago)
    seats = [{"player_id": player, "display_name": "Ann"}, {"bot_level": "greedy"}]
    winners = [0] if finished else []
    return GameSummary(f"g-{uuid.uuid4().hex[:8]}", "samurai", seats, version, finished, winners, created)


async def test_games_are_listed_newest_first_for_their_player(store) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    old, new = summary(player, minutes_ago=5), summary(player)
    for game in (old, new, summary("someone-else")):
        await store.upsert_game_summary(game)
    assert [g.game_id for g in await store.list_games(player)] == [new.game_id, old.game_id]


async def test_live_and_finished_games_are_listed_apart(store) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    live, done = summary(player), summary(player, finished=True, minutes_ago=1)
    await store.upsert_game_summary(live)
    await store.upsert_game_summary(done)
    assert [g.game_id for g in await store.list_games(player, live=True, finished=False)] == [live.game_id]
    assert [g.game_id for g in await store.list_games(player, live=False, finished=True)] == [done.game_id]
    assert len(await store.list_games(player, live=False, finished=False)) == 2


async def test_the_list_is_cut_at_its_limit(store) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    for minutes in range(4):
        await store.upsert_game_summary(summary(player, minutes_ago=minutes))
    assert len(await store.list_games(player, limit=3)) == 3


async def test_a_summary_is_updated_but_never_by_an_older_version(store) -> None:
    game = summary("p-up", version=3)
    await store.upsert_game_summary(game)
    await store.upsert_game_summary(GameSummary(game.game_id, "samurai", game.seats, 9, True, [1]))
    await store.upsert_game_summary(GameSummary(game.game_id, "samurai", game.seats, 5, False, []))
    stored = await store.get_game_summary(game.game_id)
    assert stored is not None
    assert (stored.version, stored.finished, stored.winners) == (9, True, [1])
    assert stored.created_at is not None and abs(stored.created_at - game.created_at) < timedelta(seconds=1)


async def test_an_unknown_game_has_no_summary(store) -> None:
    assert await store.get_game_summary("no-such-game") is None


async def test_summaries_written_together_are_each_kept_and_never_regress(store) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    first, second = summary(player, version=4), summary(player, minutes_ago=1)
    await store.upsert_game_summary(first)
    older = GameSummary(first.game_id, "samurai", first.seats, 2, False, [])
    await store.upsert_game_summaries([older, second])
    await store.upsert_game_summaries([])
    assert [g.game_id for g in await store.list_games(player)] == [first.game_id, second.game_id]
    stored = await store.get_game_summary(first.game_id)
    assert stored is not None and stored.version == 4
