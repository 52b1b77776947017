"""The typed failures of the game service; the gRPC adapter maps each to one status code.

Every message is meant for a person: it says what was wrong and, when it helps, what would
have been right.
"""

from __future__ import annotations


class GameError(Exception):
    """A request the service refuses; the game's stream is unchanged."""

    reason = "error"


class NotFound(GameError):
    reason = "not_found"


class PermissionDenied(GameError):
    reason = "permission_denied"


class Stale(GameError):
    """The client acted on an older version than the stream holds (optimistic concurrency)."""

    reason = "stale"


class Illegal(GameError):
    """Well formed, but the rules (or the game's progress) forbid it now."""

    reason = "illegal"


class Malformed(GameError):
    """Not a well-formed request: bad JSON, unknown seat, a move the engine cannot parse."""

    reason = "malformed"


class DuplicateCommand(GameError):
    """A command id reused for a different request."""

    reason = "duplicate_command"


class RateLimited(GameError):
    """Too many requests of one kind in a short time (e.g. chat messages): wait, then retry."""

    reason = "rate_limited"
