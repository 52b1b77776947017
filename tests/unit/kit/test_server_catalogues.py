"""Every server catalogue (`<package>/locales/<locale>.ftl` beside a service's or library's code)
agrees with itself and with its code: all four locales hold exactly English's message ids, each
with the same placeables; every id the package's code names exists and every id is named; and the
files ship wherever the code goes (the wheel's package data, the image's dependencies).
A failure names the file and the id."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from daimyo_accounts.domain import LANGUAGES
from daimyo_kit.catalogue import LOCALES

REPO = Path(__file__).resolve().parents[3]
PACKAGES = sorted(p.parent for root in ("libs", "services") for p in (REPO / root).glob("*/locales"))
QUOTED_ID = r"""["']({prefix}-[a-z0-9]+(?:-[a-z0-9]+)*)["']"""


def owner(package: Path) -> str:
    return package.name.removeprefix("daimyo_")


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def placeables(message: ast.Message) -> set[str]:
    """Every $variable a message uses, in its text, selectors and variants."""
    found = _Variables()
    found.visit(message)
    return found.names


@cache
def messages(package: Path, locale: str) -> dict[str, set[str]]:
    """A catalogue's message ids, each with its placeables; refuses junk and an id written twice."""
    path = package / "locales" / f"{locale}.ftl"
    resource = FluentParser().parse(path.read_text("utf-8"))
    junk = [entry.content for entry in resource.body if isinstance(entry, ast.Junk)]
    assert junk == [], f"{path.relative_to(REPO)}: Fluent cannot read these lines"
    ids = [entry.id.name for entry in resource.body if isinstance(entry, ast.Message)]
    assert len(ids) == len(set(ids)), f"{path.relative_to(REPO)}: an id written twice"
    return {entry.id.name: placeables(entry) for entry in resource.body if isinstance(entry, ast.Message)}


def ids_in_code(package: Path) -> set[str]:
    """The message ids the package's code writes out as string literals."""
    pattern = re.compile(QUOTED_ID.format(prefix=re.escape(owner(package))))
    return {found for path in package.rglob("*.py") for found in pattern.findall(path.read_text("utf-8"))}


def test_the_server_catalogues_are_found() -> None:
    assert [package.name for package in PACKAGES] == ["daimyo_accounts", "daimyo_notifier"]


def test_the_catalogue_locales_are_the_ones_an_account_may_save() -> None:
    assert LOCALES == LANGUAGES


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_each_catalogue_has_all_four_locales_and_no_other(package: Path) -> None:
    assert sorted(p.stem for p in (package / "locales").glob("*.ftl")) == sorted(LOCALES)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_english_ids_carry_their_owners_prefix(package: Path) -> None:
    strays = [i for i in messages(package, "en") if not i.startswith(f"{owner(package)}-")]
    assert strays == [], f"{package.name}/locales/en.ftl"


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_locale_has_englishs_ids_with_the_same_placeables(package: Path, locale: str) -> None:
    english, translated = messages(package, "en"), messages(package, locale)
    where = f"{package.name}/locales/{locale}.ftl"
    assert sorted(english.keys() - translated.keys()) == [], f"{where}: ids missing"
    assert sorted(translated.keys() - english.keys()) == [], f"{where}: ids English lacks"
    differ = {i: (english[i], translated[i]) for i in english if english[i] != translated[i]}
    assert differ == {}, f"{where}: placeables differ from English's (English, {locale})"


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_id_the_code_names_exists_and_every_id_is_named(package: Path) -> None:
    named, held = ids_in_code(package), set(messages(package, "en"))
    assert named, f"{package.name}: its code names no message id"
    assert sorted(named - held) == [], f"{package.name}: ids the code names that en.ftl lacks"
    assert sorted(held - named) == [], f"{package.name}: ids en.ftl holds that no code names"


def test_the_catalogues_ship_in_the_wheel_and_their_reader_in_the_image() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["*"]
    files = [path for package in PACKAGES for path in (package / "locales").glob("*.ftl")]
    assert files and all(any(fnmatch.fnmatch(p.name, pattern) for pattern in patterns) for p in files)
    # The image installs the project's dependencies only (deploy/docker/Dockerfile), never an extra.
    assert any(d.startswith("fluent.runtime") for d in project["project"]["dependencies"])
