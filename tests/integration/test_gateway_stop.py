"""A stopping gateway stops looking ready, tells each socket to reconnect elsewhere and closes
it with 1012 (service restart), so a client moves to another replica instead of waiting."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from aiohttp import WSCloseCode

from daimyo_gateway.testing import SocketClient, sign_in, start_test_gateway

pytestmark = pytest.mark.integration


async def test_a_stopping_gateway_says_reconnect_and_closes_its_sockets_with_1012(nats_url: str) -> None:
    gateway = await start_test_gateway(nats_url, "127.0.0.1:1")
    async with aiohttp.ClientSession() as http:
        session = await sign_in(http, gateway.url, "Stayer")
        socket = await SocketClient.connect(http, gateway.url, session["token"])
        await socket.wait_for(lambda f: f.get("type") == "hello")
        stopping = asyncio.create_task(gateway.stop())
        frame = await socket.wait_for(lambda f: f.get("type") == "status")
        await asyncio.wait_for(stopping, 10)
        await asyncio.wait_for(socket.ws.receive(), 5)
    assert frame == {"type": "status", "v": 1, "state": "reconnecting", "reason": "server_restarting"}
    assert socket.ws.close_code == WSCloseCode.SERVICE_RESTART


async def test_a_draining_gateway_answers_not_ready(nats_url: str) -> None:
    gateway = await start_test_gateway(nats_url, "127.0.0.1:1")
    async with aiohttp.ClientSession() as http:
        async with http.get(gateway.url + "/readyz") as before:
            assert before.status == 200
        gateway.draining.started = True  # what stop() does before it touches a socket
        async with http.get(gateway.url + "/readyz") as during:
            assert during.status == 503
    await gateway.stop()
