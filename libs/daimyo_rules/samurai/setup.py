"""The table options of a Samurai game: what a table may choose, and the engine config they make.

`rules.new_game` reads a config; this module says which configs a lobby may offer (the player
counts and the quick random setup) and normalises one before a game is created.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import chosen_options

TABLE_OPTIONS: dict[str, Any] = {
    "random_setup": {"label": "Setup", "default": True, "choices": [
        {"value": True, "label": "Quick: figures and hands dealt at random"},
        {"value": False, "label": "Full: place figures, then choose hands"}]},
}


def table_options() -> dict[str, Any]:
    """The options a lobby may show, each with its default (the player count is separate)."""
    return TABLE_OPTIONS


def validate_table_options(options: Any) -> dict[str, Any]:
    """`options` (without `players`) checked against TABLE_OPTIONS, defaults filled in; MalformedMove
    names what is wrong."""
    return chosen_options(options, TABLE_OPTIONS)
