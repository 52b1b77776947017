"""Structured JSON logs (structlog) carrying the request's context on every line.

`bind(game_id=..., seat=...)` adds keys to the current task's context (contextvars), so a
handler binds once and everything it logs, however deep, carries game_id/seat/command_id.
"""

from __future__ import annotations

import contextvars
import logging
import sys
from collections.abc import Mapping
from typing import Any

import structlog

CONTEXT_KEYS = ("game_id", "seat", "command_id", "player_id", "request_id")


def configure(service: str, level: str = "INFO") -> None:
    """JSON lines on stdout for structlog and the standard library alike (call once at start)."""
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        # filter_by_level first: a call below the level costs one comparison, not a formatted line
        processors=[structlog.stdlib.filter_by_level, *shared,
                    structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[
            _add_service(service),
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
    )
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


def _add_service(service: str) -> Any:
    def add(_logger: Any, _method: str, event: dict[str, Any]) -> dict[str, Any]:
        event.setdefault("service", service)
        return event

    return add


def get_logger(name: str | None = None) -> Any:
    return structlog.get_logger(name)


def bind(**values: Any) -> None:
    """Add keys (e.g. game_id, seat, command_id) to every log line of the current context."""
    structlog.contextvars.bind_contextvars(**{k: v for k, v in values.items() if v is not None})


def clear() -> None:
    structlog.contextvars.clear_contextvars()


class bound:
    """`bind` for the duration of a block, restoring the previous context afterwards.

    Resets each key's context variable with the token its binding returned; structlog's own
    `bound_contextvars` first copies the whole context to save the old values, which the gateway
    paid on every frame."""

    def __init__(self, **values: Any) -> None:
        self._values = {k: v for k, v in values.items() if v is not None}
        self._tokens: Mapping[str, contextvars.Token[Any]] = {}

    def __enter__(self) -> None:
        self._tokens = structlog.contextvars.bind_contextvars(**self._values)

    def __exit__(self, *_exc: object) -> None:
        structlog.contextvars.reset_contextvars(**self._tokens)
