"""The services' shared command line: serve by default, migrate on `migrate`, refuse the rest."""

from __future__ import annotations

import pytest

from daimyo_kit.service_main import serve_or_migrate


async def _migrate_nothing_new(database_url: str, schema: str) -> list[str]:
    return []


def test_no_argument_or_serve_runs_the_service() -> None:
    served: list[bool] = []
    serve_or_migrate("accounts", lambda: served.append(True), _migrate_nothing_new, [])
    serve_or_migrate("accounts", lambda: served.append(True), _migrate_nothing_new, ["serve"])
    assert served == [True, True]


def test_migrate_applies_the_services_own_schema_and_says_what(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DAIMYO_DATABASE_URL", "postgresql://db.test/daimyo")
    monkeypatch.setenv("DAIMYO_ACCOUNTS_DB_SCHEMA", "acc_test")
    asked: list[tuple[str, str]] = []

    async def migrate(database_url: str, schema: str) -> list[str]:
        asked.append((database_url, schema))
        return ["0001_accounts.sql"]

    serve_or_migrate("accounts", lambda: pytest.fail("served"), migrate, ["migrate"])
    assert asked == [("postgresql://db.test/daimyo", "acc_test")]
    assert capsys.readouterr().out == "acc_test: applied 0001_accounts.sql\n"


def test_any_other_argument_is_refused_with_the_usage() -> None:
    with pytest.raises(SystemExit, match=r"usage: python -m daimyo_notifier \[serve\|migrate\]"):
        serve_or_migrate("notifier", lambda: pytest.fail("served"), _migrate_nothing_new, ["drop"])
