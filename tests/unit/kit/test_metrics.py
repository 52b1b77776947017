"""Metrics helpers: `/metrics` served on a port, timing a block into a histogram, and a labelled
metric's children looked up once."""

from __future__ import annotations

import urllib.request

from prometheus_client import CollectorRegistry, Counter, Histogram

from daimyo_devkit.embedded import free_port
from daimyo_kit.metrics import LATENCY_BUCKETS, MAX_CACHED_CHILDREN, Children, serve_metrics, timed


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


def test_children_count_into_the_metric_and_are_looked_up_once() -> None:
    registry = CollectorRegistry()
    frames = Counter("frames", "frames", ["direction", "type"], registry=registry)
    of = Children(frames)
    of("out", "view").inc()
    of("out", "view").inc()
    assert registry.get_sample_value("frames_total", {"direction": "out", "type": "view"}) == 2


def test_children_past_the_cap_still_count() -> None:
    registry = CollectorRegistry()
    kinds = Counter("kinds", "kinds", ["kind"], registry=registry)
    of = Children(kinds)
    for n in range(MAX_CACHED_CHILDREN + 1):
        of(str(n))
    of(str(MAX_CACHED_CHILDREN)).inc()
    assert registry.get_sample_value("kinds_total", {"kind": str(MAX_CACHED_CHILDREN)}) == 1
