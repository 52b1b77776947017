"""Migration files: numbered, ordered, applied into a schema whose name is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from daimyo_store.migrations import checked_schema, migration_files, migrations_dir


def test_the_repository_migrations_are_found_in_number_order() -> None:
    numbers = [n for n, _ in migration_files()]
    assert numbers == sorted(numbers) and numbers[:2] == [1, 2]
    assert migrations_dir().name == "migrations" and migrations_dir().parent.name == "daimyo_store"


def test_the_event_stores_migrations_leave_table_chat_to_the_game_service() -> None:
    statements = [line for _, path in migration_files() for line in path.read_text().splitlines()
                  if not line.lstrip().startswith("--")]
    assert not [line for line in statements if "chat" in line.lower()]


def test_files_that_are_not_numbered_sql_are_ignored(tmp_path: Path) -> None:
    for name in ("0002_b.sql", "0001_a.sql", "README.md", "notes.sql"):
        (tmp_path / name).write_text("")
    assert [p.name for _, p in migration_files(tmp_path)] == ["0001_a.sql", "0002_b.sql"]


@pytest.mark.parametrize("bad", ["Daimyo", "x;drop", "1abc", "", "a" * 64, 'q"uote'])
def test_a_schema_name_must_be_plain(bad: str) -> None:
    with pytest.raises(ValueError):
        checked_schema(bad)


def test_a_plain_schema_name_passes() -> None:
    assert checked_schema("daimyo_game") == "daimyo_game"
