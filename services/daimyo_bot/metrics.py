"""The bot service's Prometheus metrics (served on 9103 by default)."""

from __future__ import annotations

from prometheus_client import Counter, Histogram

SUGGEST_SECONDS = Histogram(
    "daimyo_bot_suggest_seconds", "Time to answer SuggestMove", ["game", "level"],
    buckets=(0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 5.0, 10.0),
)
DEADLINE_MISSES = Counter(
    "daimyo_bot_deadline_misses_total", "SuggestMove answers later than their deadline", ["game", "level"],
)
SEARCH_ITERATIONS = Counter(
    "daimyo_bot_search_iterations_total", "Search iterations spent by search levels", ["game", "level"],
)
DRIVER_MOVES = Counter(
    "daimyo_bot_driver_moves_total", "Moves the driver submitted for bot seats, by how they were chosen",
    ["source", "result"],
)
