"""Client channels carry the request id bound in the caller's log context to the server."""

from __future__ import annotations

from daimyo_kit import grpc_client
from daimyo_kit import logging as log
from tests.unit.kit.test_grpc_server import ECHO, running  # noqa: F401  (fixture)


async def test_the_bound_request_id_reaches_the_server(running) -> None:  # noqa: F811
    async with grpc_client.channel(f"127.0.0.1:{running.port}") as channel:
        call = channel.unary_unary(f"/{ECHO}/RequestId")
        with log.bound(request_id="from-the-gateway"):
            carried = await call(b"")
        unbound = await call(b"")
    assert carried == b"from-the-gateway"
    assert unbound and unbound != b"from-the-gateway"
