"""The idempotency key of an append: the (actor, command id) it carries, on one event at most."""

from __future__ import annotations

from daimyo_store.api import NewEvent


def command_of(events: list[NewEvent]) -> tuple[str, str] | None:
    """The (actor, command id) `events` carry; ValueError if more than one event carries one."""
    keys = [(e.actor, e.command_id) for e in events if e.command_id is not None]
    if len(keys) > 1:
        raise ValueError("one event of an append at most may carry a command id")
    return keys[0] if keys else None
