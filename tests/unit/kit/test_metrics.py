"""Metrics helpers: `/metrics` served on a port, and timing a block into a histogram."""

from __future__ import annotations

import urllib.request

from prometheus_client import CollectorRegistry, Counter, Histogram

from daimyo_kit.embedded import free_port
from daimyo_kit.metrics import LATENCY_BUCKETS, serve_metrics, timed


def test_metrics_are_served_over_http() -> None:
    registry = CollectorRegistry()
    Counter("moves_accepted", "accepted moves", registry=registry).inc(3)
    port = free_port()
    serve_metrics(port, addr="127.0.0.1", registry=registry)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        assert "moves_accepted_total 3.0" in response.read().decode()


def test_a_timed_block_is_observed_even_when_it_raises() -> None:
    registry = CollectorRegistry()
    latency = Histogram("submit_seconds", "latency", ["outcome"], buckets=LATENCY_BUCKETS, registry=registry)
    with timed(latency, outcome="ok"):
        pass
    try:
        with timed(latency, outcome="error"):
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    for outcome in ("ok", "error"):
        assert registry.get_sample_value("submit_seconds_count", {"outcome": outcome}) == 1.0
