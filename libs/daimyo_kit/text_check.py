"""Request text that Postgres cannot store: a NUL character anywhere in a protobuf message, and
NaN or ±Infinity in JSON.

Postgres `text` and `jsonb` refuse NUL, and `jsonb` has no NaN or Infinity (which Python's JSON
parser accepts), so a request carrying one would fail deep in a query; the gRPC adapters refuse
it up front as malformed input instead.
"""

from __future__ import annotations

import json
from typing import Any


def json_loads(text: str) -> Any:
    """`json.loads`, refusing NaN and ±Infinity with a ValueError ("Infinity is not a JSON number")."""
    return json.loads(text, parse_constant=_not_a_json_number)


def _not_a_json_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


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
