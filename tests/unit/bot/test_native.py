"""The expert plays on the compiled `compact` only while it was built from the source as it is."""

from __future__ import annotations

import importlib
import types
from collections.abc import Iterator

import pytest

from daimyo_bot.samurai import compact as source
from daimyo_bot.samurai import native


@pytest.fixture(autouse=True)
def fresh_choice() -> Iterator[None]:
    native.compact_module.cache_clear()
    yield
    native.compact_module.cache_clear()


def a_build(digest: str) -> types.ModuleType:
    built = types.ModuleType("daimyo_bot.samurai._compact_native")
    built.SOURCE_SHA256 = digest  # type: ignore[attr-defined]
    built.__file__ = "/somewhere/_compact_native.cpython-311-x86_64-linux-gnu.so"
    return built


def test_a_build_of_the_current_source_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    built = a_build(native.source_digest())
    monkeypatch.setattr(importlib, "import_module", lambda name: built)
    assert native.compact_module() is built
    assert native.is_compiled(built) and not native.is_compiled(source)


def test_a_build_of_an_older_source_is_never_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib, "import_module", lambda name: a_build("0" * 64))
    assert native.compact_module() is source


def test_without_a_build_the_source_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> types.ModuleType:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    assert native.compact_module() is source
