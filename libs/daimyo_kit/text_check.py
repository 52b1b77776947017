"""Request text that Postgres cannot store: a NUL character anywhere in a protobuf message.

Postgres `text` and `jsonb` refuse NUL, so a request carrying one would fail deep in a query;
the gRPC adapters refuse it up front as malformed input instead.
"""

from __future__ import annotations

from typing import Any


def nul_field(message: Any) -> str | None:
    """The name of the first string field (nested and repeated ones included) holding a NUL."""
    for field, value in message.ListFields():
        for item in value if _repeated(field) else [value]:
            if isinstance(item, str) and "\x00" in item:
                return str(field.name)
            if hasattr(item, "ListFields") and (inner := nul_field(item)) is not None:
                return inner
    return None


def _repeated(field: Any) -> bool:
    flag = getattr(field, "is_repeated", None)  # protobuf ≥ 5.29; `label` is gone in 7
    if flag is not None:
        return bool(flag)
    return bool(field.label == field.LABEL_REPEATED)
