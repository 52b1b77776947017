"""Guest identities as signed tokens: the gateway keeps no session table.

A token is `base64url(json payload).base64url(HMAC-SHA256(secret, payload part))`. Anyone can
read a token's payload; only the holder of the secret can make one that verifies.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

MAX_NAME_LENGTH = 24
TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600


class InvalidToken(Exception):
    """The token is malformed, forged or expired."""


@dataclass(frozen=True)
class Player:
    player_id: str
    name: str


def clean_name(raw: object) -> str:
    """A display name: printable, trimmed, 1..24 characters; ValueError otherwise."""
    if not isinstance(raw, str):
        raise ValueError("name must be a string")
    name = " ".join("".join(ch for ch in raw if ch.isprintable()).split())[:MAX_NAME_LENGTH]
    if not name:
        raise ValueError("name must not be empty")
    return name


def new_guest(name: str) -> Player:
    return Player(player_id="g-" + secrets.token_hex(8), name=clean_name(name))


class TokenSigner:
    def __init__(self, secret: str, lifetime: int = TOKEN_LIFETIME_SECONDS) -> None:
        if not secret:
            raise ValueError("a token secret is required")
        self._key = secret.encode()
        self._lifetime = lifetime

    def issue(self, player: Player, now: float | None = None) -> str:
        issued = int(time.time() if now is None else now)
        payload = {"pid": player.player_id, "name": player.name, "exp": issued + self._lifetime}
        body = _b64(json.dumps(payload, separators=(",", ":")).encode())
        return f"{body}.{self._sign(body)}"

    def verify(self, token: str, now: float | None = None) -> Player:
        body, _, signature = token.partition(".")
        if not body or not hmac.compare_digest(signature, self._sign(body)):
            raise InvalidToken("bad token signature")
        payload = _payload(body)
        if payload["exp"] < (time.time() if now is None else now):
            raise InvalidToken("token expired")
        return Player(payload["pid"], payload["name"])

    def _sign(self, body: str) -> str:
        return _b64(hmac.new(self._key, body.encode(), hashlib.sha256).digest())


def _payload(body: str) -> dict[str, Any]:
    try:
        payload = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except ValueError as e:
        raise InvalidToken("unreadable token") from e
    if not isinstance(payload, dict) or not {"pid", "name", "exp"} <= payload.keys():
        raise InvalidToken("incomplete token")
    if not isinstance(payload["exp"], int) or not isinstance(payload["pid"], str):
        raise InvalidToken("incomplete token")
    return payload


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
