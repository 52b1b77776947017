"""The options a Shogun table may choose: the fixed starting provinces or a draft of them, and
the board's sun or moon side (both sides' regions are in the board data)."""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import choice_option, chosen_options
from daimyo_rules.shogun.data import SIDES
from daimyo_rules.shogun.setup import SETUPS

_SETUP_TEXT = {"fixed": "Fixed starting provinces", "draft": "Draft the starting provinces"}
_SIDE_TEXT = {"sun": "Sun side", "moon": "Moon side"}

TABLE_OPTIONS: dict[str, Any] = {
    "setup": choice_option("Set-up", {s: _SETUP_TEXT.get(s, s) for s in SETUPS}, "fixed"),
    "side": choice_option("Board side", {s: _SIDE_TEXT.get(s, s) for s in SIDES}, "sun"),
}


def table_config(options: Any) -> dict[str, Any]:
    """The engine config for a table's options (MalformedMove when they are wrong)."""
    chosen = chosen_options(options, TABLE_OPTIONS)
    return {"setup": chosen["setup"], "side": chosen["side"]}
