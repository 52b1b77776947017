"""Which build of `compact.py` the searches play on: the compiled one when it is current.

`make native` (`deploy/native.py`) compiles `compact.py` with mypyc into `_compact_native` (a
generated copy, never committed, that records the SHA-256 of the source it was made from). The
compiled module runs the same code several times faster. It is used only when it was built from
`compact.py` exactly as it is now, so an edited source is never shadowed by a stale build; with
no build (no C compiler, or not built yet) the bots play on the source, only slower.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache
from pathlib import Path
from types import ModuleType

from daimyo_bot.samurai import compact as source


@cache
def compact_module() -> ModuleType:
    """The compiled `compact` if it is current, else the source module."""
    try:
        built = importlib.import_module("daimyo_bot.samurai._compact_native")
    except ImportError:
        return source
    return built if getattr(built, "SOURCE_SHA256", None) == source_digest() else source


def source_digest() -> str:
    return hashlib.sha256(Path(source.__file__).read_bytes()).hexdigest()


def is_compiled(module: ModuleType) -> bool:
    return not str(module.__file__).endswith(".py")
