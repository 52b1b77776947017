"""Client channels carry the request id bound in the caller's log context to the server (beside
the role's credentials when the channel has a role), and spread their calls over every replica
the target names."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import grpc

from daimyo_kit import grpc_client
from daimyo_kit import logging as log
from daimyo_kit.grpc_server import RunningServer, Servicer, start_server
from tests.unit.kit.test_grpc_server import ECHO, running  # noqa: F401  (fixture)


async def test_the_bound_request_id_reaches_the_server(running: RunningServer) -> None:  # noqa: F811
    async with grpc_client.channel(f"127.0.0.1:{running.port}") as channel:
        call = channel.unary_unary(f"/{ECHO}/RequestId")
        with log.bound(request_id="from-the-gateway"):
            carried = await call(b"")
        unbound = await call(b"")
    assert carried == b"from-the-gateway"
    assert unbound and unbound != b"from-the-gateway"


def metadata_echo() -> Servicer:
    async def answer(request: bytes, context: Any) -> bytes:
        return repr(sorted((k, v) for k, v in context.invocation_metadata() if k.startswith("x-"))).encode()
    methods = {"Metadata": grpc.unary_unary_rpc_method_handler(answer)}
    handler = grpc.method_handlers_generic_handler(ECHO, methods)
    return Servicer(lambda instance, server: server.add_generic_rpc_handlers((instance,)), handler, ECHO)


async def test_a_channel_with_a_role_sends_its_credentials_and_the_request_id_on_every_call() -> None:
    server = await start_server([metadata_echo()], 0, host="127.0.0.1")
    env = {"DAIMYO_GATEWAY_GRPC_TOKEN": "a-test-token"}
    try:
        async with grpc_client.channel(f"127.0.0.1:{server.port}", role="gateway", env=env) as channel:
            call = channel.unary_unary(f"/{ECHO}/Metadata")
            with log.bound(request_id="r-1"):
                first = await call(b"")
            second = await call(b"")
    finally:
        await server.stop(0)
    assert first.decode() == repr([("x-daimyo-caller", "gateway"), ("x-daimyo-token", "a-test-token"),
                                   ("x-request-id", "r-1")])
    assert second.decode() == repr([("x-daimyo-caller", "gateway"), ("x-daimyo-token", "a-test-token")])


def named_echo(name: str, answered: Counter[str]) -> Servicer:
    async def answer(request: bytes, context: Any) -> bytes:
        answered[name] += 1
        return name.encode()
    methods = {"Name": grpc.unary_unary_rpc_method_handler(answer)}
    handler = grpc.method_handlers_generic_handler(ECHO, methods)
    return Servicer(lambda instance, server: server.add_generic_rpc_handlers((instance,)), handler, ECHO)


async def test_calls_are_spread_over_every_replica_of_the_target_not_only_the_first() -> None:
    answered: Counter[str] = Counter()
    replicas = [await start_server([named_echo(n, answered)], 0, host="127.0.0.1") for n in ("a", "b")]
    target = "ipv4:" + ",".join(f"127.0.0.1:{r.port}" for r in replicas)
    try:
        async with grpc_client.channel(target) as channel:
            call = channel.unary_unary(f"/{ECHO}/Name")
            await call(b"", wait_for_ready=True)
            await asyncio.sleep(0.2)  # the second subchannel connects
            for _ in range(20):
                await call(b"", wait_for_ready=True)
    finally:
        for replica in replicas:
            await replica.stop(0)
    assert answered["a"] >= 5 and answered["b"] >= 5, answered


async def test_metadata_a_caller_passes_goes_along_with_the_credentials() -> None:
    server = await start_server([metadata_echo()], 0, host="127.0.0.1")
    env = {"DAIMYO_GATEWAY_GRPC_TOKEN": "a-test-token"}
    try:
        async with grpc_client.channel(f"127.0.0.1:{server.port}", role="gateway", env=env) as channel:
            answer = await channel.unary_unary(f"/{ECHO}/Metadata")(b"", metadata=(("x-extra", "1"),))
    finally:
        await server.stop(0)
    assert answer.decode() == repr([("x-daimyo-caller", "gateway"), ("x-daimyo-token", "a-test-token"),
                                    ("x-extra", "1")])


def test_new_request_ids_are_sixteen_hex_digits_and_never_repeat() -> None:
    ids = [grpc_client.new_request_id() for _ in range(10_000)]
    assert len(set(ids)) == len(ids)
    assert all(len(i) == 16 and int(i, 16) >= 0 for i in ids)
