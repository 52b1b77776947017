"""The game service's Prometheus metrics (registered once, in the default registry)."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

MOVES = Counter("daimyo_moves_total", "SubmitMove outcomes", ["result", "reason"])
SUBMIT_SECONDS = Histogram(
    "daimyo_submit_move_seconds", "SubmitMove latency",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
GAMES_ACTIVE = Gauge("daimyo_games_active", "Games not finished (as seen by the active relay)")
RELAY_LAG = Gauge("daimyo_relay_lag_seconds", "Age of the newest event the relay published")
RELAY_PUBLISHED = Counter("daimyo_relay_published_total", "Messages the relay published", ["kind"])
RELAY_SKIPPED = Counter("daimyo_relay_skipped_total", "Events no engine could rebuild (logged, unpublished)")
