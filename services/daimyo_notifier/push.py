"""Web Push out: each notice encrypted for its device (RFC 8291, `aes128gcm`) and signed for the
push service (VAPID, RFC 8292), POSTed with `pywebpush` over one shared aiohttp session.

The VAPID header is signed once per push service (its origin) and reused until an hour before it
expires, so a fan-out of thousands of notices signs a handful of tokens. The notice's key goes
out as the `Topic` header (RFC 8030 §5.4): a second send of the same notice replaces the first at
the push service instead of reaching the device twice.
"""

from __future__ import annotations

import base64
import hashlib
import time
from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlsplit

import aiohttp
import orjson
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from pywebpush import WebPusher

from daimyo_notifier.store import Delivery

VAPID_LIFETIME_S = 12 * 3600  # the most RFC 8292 lets a token live (24 h), halved
VAPID_RENEW_S = 3600


class Outcome(Enum):
    SENT = "sent"
    GONE = "gone"  # 404/410: the device unsubscribed; forget it
    RETRY = "retry"  # 429, 5xx, no answer: try again later
    REFUSED = "refused"  # any other 4xx: sending it again would fail again


def outcome_of(status: int) -> Outcome:
    if 200 <= status < 300:
        return Outcome.SENT
    if status in (404, 410):
        return Outcome.GONE
    if status == 429 or status >= 500 or status == 408:
        return Outcome.RETRY
    return Outcome.REFUSED


def vapid_from_key(private_key: str) -> Vapid:
    """The signer for a base64url private key (`DAIMYO_VAPID_PRIVATE_KEY`)."""
    return Vapid.from_string(private_key=private_key)


def public_key(vapid: Vapid) -> str:
    """The applicationServerKey browsers subscribe with: the uncompressed point, base64url."""
    raw = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def topic(key: str) -> str:
    """RFC 8030 Topic: at most 32 base64url characters, the same for every send of one notice."""
    return base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()).decode()[:32]


@dataclass
class _Signed:
    headers: dict[str, str]
    renew_at: float


class PushSender:
    """Sends one delivery at a time over a shared session (the caller bounds the concurrency)."""

    def __init__(
        self,
        vapid: Vapid,
        subject: str,
        session: aiohttp.ClientSession,
        ttl_s: int = 86400,
        timeout_s: float = 10.0,
    ) -> None:
        self._vapid, self._subject, self._session = vapid, subject, session
        self._ttl, self._timeout = ttl_s, timeout_s
        self._signed: dict[str, _Signed] = {}

    async def send(self, delivery: Delivery) -> Outcome:
        device = delivery.device
        info = {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}}
        headers = {
            **self._vapid_headers(device.endpoint),
            "Topic": topic(delivery.notice.key),
            "Urgency": "normal",
        }
        data = orjson.dumps({**delivery.notice.payload(), "locale": device.locale})  # the worker words it
        try:
            response = await WebPusher(info, aiohttp_session=self._session).send_async(
                data,
                headers,
                ttl=self._ttl,
                content_encoding="aes128gcm",
                timeout=aiohttp.ClientTimeout(total=self._timeout),
            )
        except (aiohttp.ClientError, TimeoutError, OSError):
            return Outcome.RETRY
        return outcome_of(response.status)

    def _vapid_headers(self, endpoint: str) -> dict[str, str]:
        parts = urlsplit(endpoint)
        audience = f"{parts.scheme}://{parts.netloc}"
        signed = self._signed.get(audience)
        now = time.time()
        if signed is None or now >= signed.renew_at:
            claims = {"aud": audience, "sub": self._subject, "exp": int(now) + VAPID_LIFETIME_S}
            signed = _Signed(dict(self._vapid.sign(claims)), now + VAPID_LIFETIME_S - VAPID_RENEW_S)
            self._signed[audience] = signed
        return signed.headers
