"""For tests and the benchmark: a throwaway accounts schema, a clock that moves when told, and a
software passkey (an authenticator that makes real WebAuthn responses with an EC P-256 key, as
a security key would: "none" attestation, discoverable, user present and verified).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import cbor2
import psycopg
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from psycopg import sql

from daimyo_accounts.bootstrap import connected_store
from daimyo_accounts.store import AccountsStore

FLAGS_UP_UV_AT = 0x01 | 0x04 | 0x40
FLAGS_UP_UV = 0x01 | 0x04


@asynccontextmanager
async def scratch_store(database_url: str, max_size: int = 10) -> AsyncIterator[AccountsStore]:
    """A migrated store in a fresh schema of its own, dropped afterwards."""
    schema = f"acc_test_{uuid.uuid4().hex[:12]}"
    try:
        async with connected_store(database_url, schema, max_size) as store:
            yield store
    finally:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(
                sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
            )


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftPasskey:
    """One discoverable credential on one relying party."""

    def __init__(self, rp_id: str = "localhost") -> None:
        self.rp_id = rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = secrets.token_bytes(16)
        self.user_handle = b""
        self.count = 0

    def create(self, options_json: str, origin: str) -> str:
        """The browser's answer to navigator.credentials.create(options), as JSON."""
        options = json.loads(options_json)
        self.user_handle = _unb64url(options["user"]["id"])
        client = self._client_data("webauthn.create", options["challenge"], origin)
        auth = self._auth_data(FLAGS_UP_UV_AT) + self._attested()
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth})
        return json.dumps(
            {
                "id": b64url(self.credential_id),
                "rawId": b64url(self.credential_id),
                "type": "public-key",
                "response": {"clientDataJSON": b64url(client), "attestationObject": b64url(attestation)},
            }
        )

    def get(self, options_json: str, origin: str) -> str:
        """The browser's answer to navigator.credentials.get(options), as JSON."""
        options = json.loads(options_json)
        client = self._client_data("webauthn.get", options["challenge"], origin)
        auth = self._auth_data(FLAGS_UP_UV)
        signature = self.key.sign(auth + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        response: dict[str, Any] = {
            "clientDataJSON": b64url(client),
            "authenticatorData": b64url(auth),
            "signature": b64url(signature),
            "userHandle": b64url(self.user_handle),
        }
        return json.dumps(
            {
                "id": b64url(self.credential_id),
                "rawId": b64url(self.credential_id),
                "type": "public-key",
                "response": response,
            }
        )

    def _client_data(self, kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps(
            {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
        ).encode()

    def _auth_data(self, flags: int) -> bytes:
        self.count += 1
        return (
            hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", self.count)
        )

    def _attested(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        return (
            bytes(16)
            + struct.pack(">H", len(self.credential_id))
            + self.credential_id
            + cbor2.dumps(cose)
        )
