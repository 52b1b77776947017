"""The options a Samurai table may choose: the beginners' random set-up, or the full game where
players place the figures in turn and then choose their opening hands in secret."""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import choice_option, chosen_options

TABLE_OPTIONS: dict[str, Any] = {
    "setup": choice_option("Set-up", {
        "random": "Random set-up (figures and opening hands dealt at random)",
        "placement": "Figure placement, then chosen opening hands",
    }, "random"),
}


def table_config(options: Any) -> dict[str, Any]:
    """The engine config for a table's options (MalformedMove when they are wrong)."""
    chosen = chosen_options(options, TABLE_OPTIONS)
    return {"random_setup": chosen["setup"] == "random"}
