"""Prometheus helpers: serve `/metrics` on a port; each service defines its own metric objects."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from prometheus_client import CollectorRegistry, Histogram, start_http_server
from prometheus_client.metrics import MetricWrapperBase
from prometheus_client.registry import REGISTRY

M = TypeVar("M", bound=MetricWrapperBase)
MAX_CACHED_CHILDREN = 256

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


class Children(Generic[M]):
    """A labelled metric's children, each looked up once: prometheus_client's `labels` checks and
    locks on every call, a few microseconds per frame or message on a hot path. Label values should
    come from a fixed set; past MAX_CACHED_CHILDREN new ones are looked up each time, not kept."""

    def __init__(self, metric: M) -> None:
        self._metric = metric
        self._children: dict[tuple[str, ...], M] = {}

    def __call__(self, *values: str) -> M:
        child = self._children.get(values)
        if child is None:
            child = self._metric.labels(*values)
            if len(self._children) < MAX_CACHED_CHILDREN:
                self._children[values] = child
        return child
