"""The analysis service's Prometheus metrics; `daimyo_analysis_queue_depth` is what it scales on."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

QUEUE_DEPTH = Gauge("daimyo_analysis_queue_depth", "Analyses queued or running (the autoscaler's signal)")
ANALYSES = Counter("daimyo_analysis_jobs_total", "Analysis attempts by result", ["result"])
SECONDS = Histogram("daimyo_analysis_cpu_seconds", "CPU seconds of one game's analysis",
                    buckets=(1, 5, 15, 30, 60, 120, 300, 600))
