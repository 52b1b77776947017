"""The battle tower: the published digital models (tower_models.json) and the drop notation.

A drop takes the thrown cubes (battle cubes plus the tray) and the shelves' stuck cubes and
returns what came out and what now sits on each shelf. Cube colours are seats and `PEASANT`.
`all_pass` (every cube comes out) is the certain model the rule cases use.
"""

from __future__ import annotations

import math
from typing import Any

from daimyo_rules.core import MalformedMove, Rng
from daimyo_rules.shogun.data import tables
from daimyo_rules.shogun.state import COLOURS, PEASANT

ALL_PASS = "all_pass"
TWO_SHELF = "imrihil_two_shelf"
_TWO = 2**-53
_HALF = 2**-32


def resolve_model(config: Any) -> tuple[str, dict[str, float]]:
    """The model name and its numeric parameters for a `tower` table option."""
    name, overrides = (config, {}) if isinstance(config, str) else _split(config)
    if name == ALL_PASS:
        return name, {}
    models = tables().tower_models
    if name not in models:
        raise MalformedMove(f"unknown tower model {name!r}; known: {', '.join([ALL_PASS, *models])}")
    params = {k: float(v) for k, v in models[name].items() if _is_number(v)}
    for key, value in overrides.items():
        if key not in params or not _is_number(value):
            raise MalformedMove(f"tower parameter {key!r} is not a number of model {name}")
        params[key] = float(value)
    return name, params


def _split(config: Any) -> tuple[Any, dict[str, Any]]:
    if not isinstance(config, dict) or "model" not in config:
        raise MalformedMove("tower is a model name or {\"model\": name, ...parameters}")
    return config["model"], {k: v for k, v in config.items() if k != "model"}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def shelf_count(model: str) -> int:
    return 1 if model not in (ALL_PASS, TWO_SHELF) else 2


def _uniform(rng: Rng) -> float:
    return (rng.next_u64() >> 11) * _TWO


def _two_uniforms(rng: Rng) -> tuple[float, float]:
    """Two independent uniforms from one 64-bit draw (32 bits each are plenty here)."""
    bits = rng.next_u64()
    return (bits >> 32) * _HALF, (bits & 0xFFFFFFFF) * _HALF


def _knocked(rng: Rng, first: float, size: int, log_miss: float) -> list[int]:
    """Indices of the stuck cubes knocked loose, by geometric gaps between Bernoulli successes."""
    knocked = []
    i = int(math.log(1.0 - first) / log_miss)
    while i < size:
        knocked.append(i)
        i += 1 + int(math.log(1.0 - _uniform(rng)) / log_miss)
    return knocked


def _through_shelf(cubes: list[int], shelf: list[int], p_pass: float, log_miss: float,
                   rng: Rng) -> list[int]:
    out: list[int] = []
    for cube in cubes:
        knock, passes = _two_uniforms(rng)
        # the first success comes at index >= len(shelf) exactly when 1 - u <= (1 - p) ** len(shelf)
        if shelf and log_miss < 0.0 and 1.0 - knock > math.exp(log_miss * len(shelf)):
            knocked = _knocked(rng, knock, len(shelf), log_miss)
            out.extend(shelf[k] for k in knocked)
            for k in reversed(knocked):
                del shelf[k]
        if passes < p_pass:
            out.append(cube)
        else:
            shelf.append(cube)
    return out


def _two_shelf(thrown: list[int], shelves: list[list[int]], params: dict[str, float],
               rng: Rng) -> list[int]:
    p_pass = params["p_pass_shelf"]
    p_knock = params["p_knock_loose_per_passing_cube"]
    log_miss = math.log(1.0 - p_knock) if 0.0 < p_knock < 1.0 else 0.0
    cubes = rng.shuffled(thrown)
    for shelf in shelves:
        cubes = _through_shelf(cubes, shelf, p_pass, log_miss, rng)
    return cubes


def _single_pool(thrown: list[int], shelves: list[list[int]], params: dict[str, float],
                 rng: Rng, initial: bool) -> list[int]:
    pool = shelves[0]
    p_stuck = params["p_out_stuck"]
    p_thrown = params.get("p_out_initial_load", params["p_out_thrown"]) if initial else params["p_out_thrown"]
    out: list[int] = []
    kept: list[int] = []
    for cube in pool:
        (out if _uniform(rng) < p_stuck else kept).append(cube)
    pool[:] = kept
    for cube in rng.shuffled(thrown):
        (out if _uniform(rng) < p_thrown else pool).append(cube)
    return out


def drop(model: str, params: dict[str, float], thrown: list[int], shelves: list[list[int]],
         rng: Rng, initial: bool = False) -> list[int]:
    """Drop `thrown` (counts per colour); changes `shelves` and returns the counts that came out."""
    cubes = [colour for colour in range(COLOURS) for _ in range(thrown[colour])]
    if model == ALL_PASS:
        out_cubes = cubes
    elif model == TWO_SHELF:
        out_cubes = _two_shelf(cubes, shelves, params, rng)
    else:
        out_cubes = _single_pool(cubes, shelves, params, rng, initial)
    counts = [0] * COLOURS
    for cube in out_cubes:
        counts[cube] += 1
    return counts


def colour_key(colour: int) -> str:
    return "peasant" if colour == PEASANT else str(colour)


def counts_json(counts: list[int]) -> dict[str, int]:
    return {colour_key(c): n for c, n in enumerate(counts) if n}


def shelf_counts(shelf: list[int]) -> list[int]:
    counts = [0] * COLOURS
    for cube in shelf:
        counts[cube] += 1
    return counts


def parse_counts(value: Any, players: int) -> list[int]:
    """Counts per colour from {"0": n, ..., "peasant": n}; raises ValueError when malformed."""
    if not isinstance(value, dict):
        raise ValueError("cube counts are an object")
    counts = [0] * COLOURS
    keys = {colour_key(c): c for c in [*range(players), PEASANT]}
    for key, n in value.items():
        if key not in keys or isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"bad cube count {key!r}: {n!r}")
        counts[keys[key]] = n
    return counts
