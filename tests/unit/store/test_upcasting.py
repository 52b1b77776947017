"""Upcasters walk an old event shape, one schema version at a time, to the newest one."""

from __future__ import annotations

from daimyo_store import upcast

UPCASTERS = {
    ("Dealt", 1): lambda d: {"tiles": d["hand"]},
    ("Dealt", 2): lambda d: {**d, "discard": []},
}


def test_an_old_shape_is_upcast_through_every_step() -> None:
    assert upcast(UPCASTERS, "Dealt", 1, {"hand": [5]}) == (3, {"tiles": [5], "discard": []})


def test_a_shape_with_no_upcaster_is_returned_as_is() -> None:
    assert upcast(UPCASTERS, "Dealt", 3, {"tiles": []}) == (3, {"tiles": []})
    assert upcast(UPCASTERS, "MovePlayed", 1, {"m": 1}) == (1, {"m": 1})
