"""Matchmaking's Prometheus metrics: how long tickets wait, how many tables are formed."""

from __future__ import annotations

from collections.abc import Sequence

from prometheus_client import Counter, Histogram

MATCH_WAIT_SECONDS = Histogram(
    "daimyo_match_wait_seconds",
    "Seconds a ticket waited in the queue before it was matched.",
    ["game"],
    buckets=(0.5, 1, 2, 5, 10, 15, 20, 30, 45, 60, 120, 300),
)
MATCHES_TOTAL = Counter("daimyo_matches_total", "Tables formed by the matchmaker.", ["game"])


class PrometheusMatchMetrics:
    def match_formed(self, game: str, waits: Sequence[float]) -> None:
        MATCHES_TOTAL.labels(game=game).inc()
        for wait in waits:
            MATCH_WAIT_SECONDS.labels(game=game).observe(wait)
