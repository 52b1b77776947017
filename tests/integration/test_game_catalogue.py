"""The game service's catalogue (its lobby read model): one contract for the in-memory and the
Postgres catalogue, and the migration that adopts the table older deployments kept as `games`."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from daimyo_game.catalogue import (
    LEDGER,
    MIGRATIONS,
    GameCatalog,
    GameSummary,
    InMemoryCatalogue,
    PostgresCatalogue,
    migrate_catalogue,
)
from daimyo_store import apply_migrations
from daimyo_store.migrations import migrations_dir


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.integration)])
def target(request: pytest.FixtureRequest) -> tuple[str, str]:
    if request.param == "memory":
        return ("", "")
    return (request.getfixturevalue("database_url"), request.getfixturevalue("fresh_schema"))


@pytest.fixture
async def store(target: tuple[str, str]) -> AsyncIterator[GameCatalog]:
    url, schema = target
    if not url:
        yield InMemoryCatalogue()
        return
    await migrate_catalogue(url, schema)
    catalogue = await PostgresCatalogue.open(url, schema)
    yield catalogue
    await catalogue.close()


def summary(player: str, *, finished: bool = False, version: int = 1, minutes_ago: int = 0) -> GameSummary:
    created = datetime.now(UTC) - timedelta(minutes=minutes_ago)
    seats = [{"player_id": player, "display_name": "Ann"}, {"bot_level": "greedy"}]
    winners = [0] if finished else []
    return GameSummary(f"g-{uuid.uuid4().hex[:8]}", "samurai", seats, version, finished, winners, created)


async def test_games_are_listed_newest_first_for_their_player(store: GameCatalog) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    old, new = summary(player, minutes_ago=5), summary(player)
    for game in (old, new, summary("someone-else")):
        await store.upsert_game_summary(game)
    assert [g.game_id for g in await store.list_games(player)] == [new.game_id, old.game_id]


async def test_live_and_finished_games_are_listed_apart(store: GameCatalog) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    live, done = summary(player), summary(player, finished=True, minutes_ago=1)
    await store.upsert_game_summary(live)
    await store.upsert_game_summary(done)
    assert [g.game_id for g in await store.list_games(player, live=True, finished=False)] == [live.game_id]
    assert [g.game_id for g in await store.list_games(player, live=False, finished=True)] == [done.game_id]
    assert len(await store.list_games(player, live=False, finished=False)) == 2


async def test_the_list_is_cut_at_its_limit(store: GameCatalog) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    for minutes in range(4):
        await store.upsert_game_summary(summary(player, minutes_ago=minutes))
    assert len(await store.list_games(player, limit=3)) == 3


async def test_a_summary_is_updated_but_never_by_an_older_version(store: GameCatalog) -> None:
    game = summary("p-up", version=3)
    await store.upsert_game_summary(game)
    await store.upsert_game_summary(GameSummary(game.game_id, "samurai", game.seats, 9, True, [1]))
    await store.upsert_game_summary(GameSummary(game.game_id, "samurai", game.seats, 5, False, []))
    stored = await store.get_game_summary(game.game_id)
    assert stored is not None
    assert (stored.version, stored.finished, stored.winners) == (9, True, [1])
    assert stored.created_at is not None and game.created_at is not None
    assert abs(stored.created_at - game.created_at) < timedelta(seconds=1)


async def test_an_unknown_game_has_no_summary(store: GameCatalog) -> None:
    assert await store.get_game_summary("no-such-game") is None


@pytest.mark.integration
async def test_a_deployment_that_kept_the_catalogue_in_the_store_keeps_its_rows(database_url: str) -> None:
    schema = f"test_{uuid.uuid4().hex[:12]}"
    await apply_migrations(database_url, schema)  # the event store's files, 0002 made `games`
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("INSERT INTO {}.games (game_id, game, seats) VALUES ('g-old', 'samurai', "
                                   "'[{{\"player_id\": \"ann\"}}]')").format(sql.Identifier(schema)))
    try:
        assert await migrate_catalogue(database_url, schema) == [
            "0001_game_catalogue.sql", "0002_listed_games.sql", "0003_table_chat.sql",
            "0004_chat_by_author.sql", "0005_vacations.sql"]
        assert await migrate_catalogue(database_url, schema) == []
        catalogue = await PostgresCatalogue.open(database_url, schema)
        try:
            assert [g.game_id for g in await catalogue.list_games("ann", listed_only=True)] == ["g-old"]
        finally:
            await catalogue.close()
    finally:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))
async def test_summaries_written_together_are_each_kept_and_never_regress(store: GameCatalog) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    first, second = summary(player, version=4), summary(player, minutes_ago=1)
    await store.upsert_game_summary(first)
    older = GameSummary(first.game_id, "samurai", first.seats, 2, False, [])
    await store.upsert_game_summaries([older, second])
    await store.upsert_game_summaries([])
    assert [g.game_id for g in await store.list_games(player)] == [first.game_id, second.game_id]
    stored = await store.get_game_summary(first.game_id)
    assert stored is not None and stored.version == 4
    written_together = await store.get_game_summary(second.game_id)
    assert written_together is not None and written_together.created_at == second.created_at


async def test_an_unlisted_game_stays_out_of_the_public_list_but_not_its_players(store: GameCatalog) -> None:
    player = f"p-{uuid.uuid4().hex[:6]}"
    public, private = summary(player, minutes_ago=1), replace(summary(player), listed=False)
    await store.upsert_game_summaries([public, private])
    await store.upsert_game_summary(replace(private, version=2, listed=True))  # kept from the first insert
    public_ids = [g.game_id for g in await store.list_games(limit=500, listed_only=True)]
    assert public.game_id in public_ids and private.game_id not in public_ids
    assert [g.game_id for g in await store.list_games(player)] == [private.game_id, public.game_id]


@pytest.mark.integration
async def test_a_catalogue_adopted_before_listed_existed_gains_the_column(database_url: str,
                                                                          tmp_path: Path) -> None:
    schema = f"test_{uuid.uuid4().hex[:12]}"
    older_store, older_game = tmp_path / "store", tmp_path / "game"
    store_files = ("0001_event_store.sql", "0002_games_catalogue.sql")
    for folder, source, names in ((older_store, migrations_dir(), store_files),
                                  (older_game, MIGRATIONS, ("0001_game_catalogue.sql",))):
        folder.mkdir()
        for name in names:
            (folder / name).write_text((source / name).read_text())
    try:
        await apply_migrations(database_url, schema, older_store)  # the store before its 0003
        await apply_migrations(database_url, schema, older_game, ledger=LEDGER)  # adopted as it was
        assert "0003_unlisted_games.sql" in await apply_migrations(database_url, schema)
        assert await migrate_catalogue(database_url, schema) == ["0002_listed_games.sql",
                                                                 "0003_table_chat.sql",
                                                                 "0004_chat_by_author.sql",
                                                                 "0005_vacations.sql"]
        catalogue = await PostgresCatalogue.open(database_url, schema)
        try:
            game = replace(summary("bea"), listed=False)
            await catalogue.upsert_game_summary(game)
            assert await catalogue.list_games(listed_only=True) == []
            kept = await catalogue.get_game_summary(game.game_id)
            assert kept is not None and kept.listed is False
        finally:
            await catalogue.close()
    finally:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))
