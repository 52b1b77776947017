"""The accounts service's Prometheus metrics: sign-ins by way and outcome, and how long they take."""

from __future__ import annotations

import time

from prometheus_client import Counter, Histogram

SIGN_INS = Counter(
    "daimyo_sign_ins_total",
    "Sign-ins by way (password, passkey, guest) and outcome.",
    ["way", "outcome"],
)
SIGN_IN_SECONDS = Histogram(
    "daimyo_sign_in_seconds",
    "Seconds a sign-in took in the accounts service.",
    ["way"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5),
)


class timed:
    """Counts and times one way of signing in (the outcome: ok, or the refusal's code)."""

    def __init__(self, way: str) -> None:
        self.way = way
        self.outcome = "ok"

    def __enter__(self) -> timed:
        self._started = time.perf_counter()
        return self

    def __exit__(self, kind: object, error: BaseException | None, _tb: object) -> None:
        SIGN_IN_SECONDS.labels(way=self.way).observe(time.perf_counter() - self._started)
        SIGN_INS.labels(
            way=self.way, outcome=getattr(error, "code", "error") if error else "ok"
        ).inc()
