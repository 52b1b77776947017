"""A local Web Push service: the receiving side of RFC 8030 for the tests and the bench.

It hands out subscriptions the way a browser's push service would (an endpoint, the device's
P-256 key pair and auth secret, bound to one application server key), and for every POST it
checks the VAPID token (RFC 8292: ES256 over `aud` = this origin, `exp` within 24 h, a `sub`
contact, signed by the key the subscription was made for), decrypts the body with the device's
private key (RFC 8291 `aes128gcm`, via `http_ece`) and keeps the notice. Like a real push
service it keeps one message per (subscription, Topic): a second send of the same notice
replaces the first instead of reaching the device twice; `posts` counts every accepted POST.
An endpoint marked gone answers 410; one marked failing answers 503 that many times.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """What a browser holds for one subscription (its private half never leaves it)."""

    sid: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    server_key: str  # the applicationServerKey it subscribed with

    @property
    def p256dh(self) -> str:
        raw = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return b64url(raw)

    @property
    def auth_b64(self) -> str:
        return b64url(self.auth)


@dataclass
class PushService:
    delay_s: float = 0.0  # each POST waits this long (a slow push service, to kill senders mid-batch)
    devices: dict[str, Device] = field(default_factory=dict)
    inbox: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # (sid, topic) → notice
    posts: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    gone: set[str] = field(default_factory=set)
    failing: Counter[str] = field(default_factory=Counter)  # sid → how many more POSTs answer 503
    origin: str = ""
    _runner: web.AppRunner | None = None

    async def start(self) -> str:
        app = web.Application()
        app.router.add_post("/push/{sid}", self._receive)
        app.router.add_get("/stats", self._stats)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.origin = f"http://127.0.0.1:{port}"
        return self.origin

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def subscribe(self, server_key: str) -> Device:
        sid = b64url(os.urandom(12))
        device = Device(sid, f"{self.origin}/push/{sid}", ec.generate_private_key(ec.SECP256R1()),
                        os.urandom(16), server_key)
        self.devices[sid] = device
        return device

    def received(self, sid: str | None = None) -> list[dict[str, Any]]:
        return [n for (s, _), n in self.inbox.items() if sid is None or s == sid]

    async def _receive(self, request: web.Request) -> web.Response:
        sid = request.match_info["sid"]
        device = self.devices.get(sid)
        if device is None or sid in self.gone:
            return web.Response(status=410)
        if self.failing[sid] > 0:
            self.failing[sid] -= 1
            return web.Response(status=503)
        problem = self._check_vapid(request.headers.get("Authorization", ""), device)
        if problem:
            self.refused[problem] += 1
            return web.Response(status=403, text=problem)
        if request.headers.get("Content-Encoding") != "aes128gcm" or "TTL" not in request.headers:
            self.refused["headers"] += 1
            return web.Response(status=400)
        body = await request.read()
        notice = json.loads(http_ece.decrypt(body, private_key=device.private_key, auth_secret=device.auth,
                                             version="aes128gcm"))
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        self.posts += 1
        self.inbox[(sid, request.headers.get("Topic") or b64url(os.urandom(8)))] = notice
        return web.Response(status=201)

    async def _stats(self, _request: web.Request) -> web.Response:
        stats = {"posts": self.posts, "kept": len(self.inbox), "refused": dict(self.refused)}
        return web.json_response(stats)

    def _check_vapid(self, header: str, device: Device) -> str:
        """'' when the header is a valid VAPID authorization for this service and subscription."""
        scheme, _, params = header.partition(" ")
        parts = dict(p.strip().split("=", 1) for p in params.split(",") if "=" in p)
        if scheme.lower() != "vapid" or "t" not in parts or "k" not in parts:
            return "no vapid"
        if parts["k"] != device.server_key:
            return "not the key the subscription was made for"
        head, payload, signature = parts["t"].split(".")
        raw = unb64url(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(parts["k"]))
        try:
            key.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return "bad signature"
        claims = json.loads(unb64url(payload))
        if json.loads(unb64url(head)).get("alg") != "ES256" or claims.get("aud") != self.origin:
            return "wrong audience"
        if not time.time() < claims.get("exp", 0) <= time.time() + 86400:
            return "expired"
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            return "no contact"
        return ""


async def serve_devices(count: int, server_key: str) -> None:
    """`python -m tests.support.push_service N KEY` (the bench): a push service in its own process
    with N devices for KEY; prints one JSON line (its origin and the devices' public parts), then
    serves until stdin closes."""
    push = PushService()
    origin = await push.start()
    devices = [push.subscribe(server_key) for _ in range(count)]
    print(json.dumps({"origin": origin, "devices": [[d.endpoint, d.p256dh, d.auth_b64] for d in devices]}),
          flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await push.stop()


if __name__ == "__main__":
    asyncio.run(serve_devices(int(sys.argv[1]), sys.argv[2]))
