"""Prometheus helpers: serve `/metrics` on a port; each service defines its own metric objects."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Histogram, start_http_server
from prometheus_client.registry import REGISTRY

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds; fits in-process handlers (ms) up to slow calls (s)."""


def serve_metrics(port: int, addr: str = "0.0.0.0", registry: CollectorRegistry = REGISTRY) -> None:
    """Serve `/metrics` on `port` from a background thread (port 0 disables it)."""
    if port:
        start_http_server(port, addr=addr, registry=registry)


@contextmanager
def timed(histogram: Histogram, **labels: str) -> Iterator[None]:
    """Observe the block's duration in seconds (also when it raises)."""
    start = time.perf_counter()
    try:
        yield
    finally:
        target = histogram.labels(**labels) if labels else histogram
        target.observe(time.perf_counter() - start)
