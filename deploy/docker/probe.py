"""Container health probe for places without Kubernetes' native probes (docker compose).

Kubernetes checks the gRPC health service and the gateway's HTTP endpoints itself; compose
needs a command that exits 0 when the process is healthy. Usage:

    probe.py grpc PORT [SERVICE]   # grpc.health.v1 Check on 127.0.0.1:PORT
    probe.py http URL              # any 2xx answer
"""

from __future__ import annotations

import sys
import urllib.request

TIMEOUT_SECONDS = 3.0
USAGE = "usage: probe.py grpc PORT [SERVICE] | probe.py http URL"


def grpc_serving(port: int, service: str = "", host: str = "127.0.0.1") -> bool:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    with grpc.insecure_channel(f"{host}:{port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        try:
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=TIMEOUT_SECONDS)
        except grpc.RpcError:
            return False
    return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)


def http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            return 200 <= int(response.status) < 300
    except OSError:
        return False


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "grpc" and argv[1].isdigit():
        service = argv[2] if len(argv) > 2 else ""
        return 0 if grpc_serving(int(argv[1]), service) else 1
    if len(argv) == 2 and argv[0] == "http":
        return 0 if http_ok(argv[1]) else 1
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
