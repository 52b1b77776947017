"""Idempotency keys on an append: which (actor, command id) keys it carries, each on one event only,
and who recently appended each version through this store (to tell a stale command is no retry)."""

from __future__ import annotations

from daimyo_kit.lru import LruCache
from daimyo_store.api import NewEvent, RecordedEvent

AUTHORS_KEPT = 16384  # versions; a stale retry arrives within moments of the move that passed it


def distinct_command_ids(events: list[NewEvent]) -> list[tuple[str, str]]:
    """The (actor, command id) keys carried by `events`; ValueError if one appears on two events."""
    ids = [(e.actor, e.command_id) for e in events if e.command_id is not None]
    if len(ids) != len(set(ids)):
        raise ValueError("a command id may appear on one event of an append only")
    return ids


class Authors:
    """(actor, command id) of each version this store appended lately. A command's events follow
    the version it was decided on; when this store appended that next version for another
    command, the command was not recorded, and the store knows so without a round trip."""

    def __init__(self, capacity: int = AUTHORS_KEPT) -> None:
        self._by_version: LruCache[tuple[str, int], tuple[str, str | None]] = LruCache(capacity)

    def record(self, events: list[RecordedEvent]) -> None:
        for event in events:
            self._by_version.put((event.stream_id, event.version), (event.actor, event.command_id))

    def surely_unrecorded(self, stream_id: str, command_id: str, actor: str, expected_version: int) -> bool:
        """No command id, or this store appended the version after `expected_version` for another command."""
        if not command_id:
            return True
        author = self._by_version.peek((stream_id, expected_version + 1)) if expected_version else None
        return author is not None and author != (actor, command_id)
