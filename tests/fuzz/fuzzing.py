"""Hypothesis strategies shared by the fuzz tests: any JSON, wrong types, huge numbers, and
Samurai-shaped moves with garbage in their fields."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# Examples run against live servers: no per-example deadline. CI replays the same examples on
# every run (derandomized) so a red build is reproducible; locally each run explores new ones.
# DAIMYO_FUZZ_EXAMPLES raises the count for a longer hunt.
FUZZ = settings(max_examples=int(os.environ.get("DAIMYO_FUZZ_EXAMPLES", "100")), deadline=None,
                derandomize=bool(os.environ.get("CI")), suppress_health_check=list(HealthCheck))

HUGE_INTEGERS = st.sampled_from([2**31, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63) - 1, -1])
INTEGERS = st.integers() | HUGE_INTEGERS
SCALARS = (st.none() | st.booleans() | INTEGERS | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=40))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)

MOVE_TYPES = ["place", "place_figure", "tile_swap", "figure_swap", "choose_hand", "end_turn", "pass"]
SAMURAI_NAMES = st.sampled_from(["castle4", "samurai1a", "ship1a", "h55", "h57", "kyoto", "buddha",
                                 "rice", "helmet", ""])
MOVE = st.fixed_dictionaries(
    {"type": st.sampled_from(MOVE_TYPES) | st.text(max_size=12)},
    optional={"tile": SAMURAI_NAMES | JSON, "hex": SAMURAI_NAMES | JSON, "settlement": SAMURAI_NAMES | JSON,
              "figure": SAMURAI_NAMES | JSON, "from": SAMURAI_NAMES | JSON, "to": SAMURAI_NAMES | JSON,
              "tiles": st.lists(SAMURAI_NAMES, max_size=6) | JSON, "a": JSON, "b": JSON},
)
ANY_MOVE = MOVE | JSON


def any_text(max_size: int = 200) -> st.SearchStrategy[str]:
    return st.text(max_size=max_size) | st.text(alphabet=st.characters(codec="utf-8"), max_size=max_size)


def dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)
