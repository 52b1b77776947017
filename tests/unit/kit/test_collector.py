"""A service's collector: what exists at startup is frozen out of every pass, passes are spaced
out, and `DAIMYO_GC=default` leaves Python's settings alone."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from daimyo_kit import collector


@pytest.fixture
def restored_collector() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_settling_freezes_what_exists_and_spaces_out_passes(restored_collector: None) -> None:
    _, middle, _ = gc.get_threshold()
    assert collector.settle({}) is True
    assert gc.get_freeze_count() > 1000  # the imported modules, at least
    assert gc.get_threshold() == (collector.YOUNG_EVERY, middle, collector.FULL_EVERY)


def test_settling_with_the_default_collector_asked_for_changes_nothing(restored_collector: None) -> None:
    before = gc.get_threshold()
    gc.unfreeze()
    assert collector.settle({"DAIMYO_GC": "default"}) is False
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


def test_a_cycle_made_after_settling_is_still_collected_by_a_young_pass(restored_collector: None) -> None:
    collector.settle({})

    class Node:
        other: object

    first, second = Node(), Node()
    first.other, second.other = second, first
    watch = weakref.ref(first)
    del first, second
    assert watch() is not None  # a cycle: reference counts alone never free it
    gc.collect(1)
    assert watch() is None
