"""A server catalogue words a message in the asked locale, falls back to English per message and
for a locale it does not serve, picks plural forms by the locale's CLDR rules, and refuses to send
half-worded text (a file Fluent cannot read, a message English lacks, a missing argument)."""

from __future__ import annotations

import uuid
from datetime import date
from pathlib import Path

import pytest

from daimyo_kit.catalogue import LOCALES, Catalogue, CatalogueError, served

ENGLISH = """
greeting = Hello, { $name }.
only-english = Only in English.
games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
day = Until { $day }.
"""
PORTUGUESE = """
greeting = Olá, { $name }.
games = { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}
day = Até { $day }.
"""


@pytest.fixture
def catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Catalogue:
    """A package of its own (a fresh name: bundles are kept per package) with en and pt-BR."""
    package = f"catalogue_test_{uuid.uuid4().hex}"
    locales = tmp_path / package / "locales"
    locales.mkdir(parents=True)
    (tmp_path / package / "__init__.py").write_text("")
    (locales / "en.ftl").write_text(ENGLISH)
    (locales / "pt-BR.ftl").write_text(PORTUGUESE)
    (locales / "es.ftl").write_text("greeting = Hola, { $name\n")  # Fluent cannot read it
    monkeypatch.syspath_prepend(str(tmp_path))
    return Catalogue(package)


def test_a_message_is_worded_in_the_asked_locale_with_its_arguments(catalogue: Catalogue) -> None:
    assert catalogue.text("greeting", "pt-BR", name="Kenji") == "Olá, Kenji."
    assert catalogue.text("greeting", "en", name="Kenji") == "Hello, Kenji."


def test_a_message_the_locale_lacks_is_worded_in_english(catalogue: Catalogue) -> None:
    assert catalogue.text("only-english", "pt-BR") == "Only in English."


@pytest.mark.parametrize("locale", ["fr", "pt", "zh-Hant", "", "EN"])
def test_a_locale_not_served_reads_english(catalogue: Catalogue, locale: str) -> None:
    assert served(locale) == "en"
    assert catalogue.text("greeting", locale, name="Ann") == "Hello, Ann."


def test_plural_forms_follow_each_locales_rules(catalogue: Catalogue) -> None:
    # Portuguese (Brazil) says "one" for 0 and 1; English only for 1.
    assert [catalogue.text("games", "en", count=n) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert [catalogue.text("games", "pt-BR", count=n) for n in (0, 1, 2)] == [
        "0 partida", "1 partida", "2 partidas"]


def test_numbers_are_plain_digits_and_days_the_locales_medium_style(catalogue: Catalogue) -> None:
    assert catalogue.text("games", "pt-BR", count=12345) == "12345 partidas"
    assert catalogue.text("day", "en", day=date(2026, 3, 9)) == "Until Mar 9, 2026."
    assert catalogue.text("day", "pt-BR", day=date(2026, 3, 9)) == "Até 9 de mar. de 2026."


def test_no_invisible_isolation_marks_surround_an_argument(catalogue: Catalogue) -> None:
    assert catalogue.text("greeting", "en", name="كنجي") == "Hello, كنجي."


def test_a_missing_argument_is_refused_rather_than_sent(catalogue: Catalogue) -> None:
    with pytest.raises(CatalogueError, match="greeting"):
        catalogue.text("greeting", "en")


def test_a_message_english_lacks_is_refused(catalogue: Catalogue) -> None:
    with pytest.raises(CatalogueError, match="no message 'farewell'"):
        catalogue.text("farewell", "pt-BR")


def test_a_file_fluent_cannot_read_whole_is_refused_naming_it(catalogue: Catalogue) -> None:
    with pytest.raises(CatalogueError, match=r"locales/es\.ftl"):
        catalogue.text("greeting", "es", name="Ann")


def test_the_locales_are_the_clients_four() -> None:
    assert LOCALES == ("en", "pt-BR", "es", "zh-Hans")
