"""The gateway's Prometheus metrics (module-level: one set per process)."""

from prometheus_client import Counter, Gauge

from daimyo_kit.metrics import Children

WS_CONNECTIONS = Gauge("daimyo_ws_connections", "Open browser WebSocket connections")
WS_FRAMES = Counter("daimyo_ws_frames_total", "WebSocket frames", ["direction", "type"])
WS_FRAMES_OF = Children(WS_FRAMES)  # (direction, type): both from fixed sets
RESYNCS = Counter("daimyo_gateway_resyncs_total", "Views re-fetched over gRPC after a gap or a (re)subscribe")
REFUSALS = Counter("daimyo_edge_refusals_total", "What the public edge refused or dropped, by limit "
                   "(connections, header_timeout, body_timeout, http_requests, sockets, new_sockets, "
                   "player_new_sockets, read_bytes)", ["limit"])
REFUSED = Children(REFUSALS)  # (limit,): from the fixed set above
DROPPED = Counter("daimyo_gateway_dropped_total", "Messages dropped for a slow socket (healed by a resync)")
