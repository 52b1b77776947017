"""The gateway's Prometheus metrics (module-level: one set per process)."""

from prometheus_client import Counter, Gauge

from daimyo_kit.metrics import Children

WS_CONNECTIONS = Gauge("daimyo_ws_connections", "Open browser WebSocket connections")
WS_FRAMES = Counter("daimyo_ws_frames_total", "WebSocket frames", ["direction", "type"])
WS_FRAMES_OF = Children(WS_FRAMES)  # (direction, type): both from fixed sets
RESYNCS = Counter("daimyo_gateway_resyncs_total", "Views re-fetched over gRPC after a gap or a (re)subscribe")
DROPPED = Counter("daimyo_gateway_dropped_total", "Messages dropped for a slow socket (healed by a resync)")
