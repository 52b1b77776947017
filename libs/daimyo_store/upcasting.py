"""Upcasting: old event shapes are brought to the current shape on read, never rewritten.

An upcaster for (type, schema_version) turns that version's data into the next version's
data; a chain of them walks an event from any stored version to the newest one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
Upcasters = Mapping[tuple[str, int], Upcaster]


def upcast(
    upcasters: Upcasters, type_: str, schema_version: int, data: dict[str, Any]
) -> tuple[int, dict[str, Any]]:
    """The newest schema version reachable from (type_, schema_version) and the data at it."""
    while (step := upcasters.get((type_, schema_version))) is not None:
        data = step(data)
        schema_version += 1
    return schema_version, data
