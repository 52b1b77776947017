"""Idempotency keys on an append: which (actor, command id) keys it carries, each on one event only."""

from __future__ import annotations

from daimyo_store.api import NewEvent


def distinct_command_ids(events: list[NewEvent]) -> list[tuple[str, str]]:
    """The (actor, command id) keys carried by `events`; ValueError if one appears on two events."""
    ids = [(e.actor, e.command_id) for e in events if e.command_id is not None]
    if len(ids) != len(set(ids)):
        raise ValueError("a command id may appear on one event of an append only")
    return ids
