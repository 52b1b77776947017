"""The notifier's Prometheus metrics: notices kept, deliveries by outcome, how late they leave."""

from __future__ import annotations

from prometheus_client import Counter, Histogram

NOTICES_KEPT = Counter("daimyo_notices_kept_total", "Notices the notifier decided on (new ones only).")
DELIVERIES = Counter(
    "daimyo_notice_deliveries_total", "Delivery attempts by channel and outcome.", ["channel", "outcome"]
)
DELIVERY_LAG = Histogram(
    "daimyo_notice_delivery_seconds",
    "From a notice's due time to its send.",
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300),
)
