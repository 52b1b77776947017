"""Signed tokens naming a player and the session they signed in with.

A token is `base64url(json payload).base64url(HMAC-SHA256(secret, payload part))`. Anyone can
read a token's payload; only the holder of the secret can make one that verifies. Tokens live a
day by default and are re-issued (same player and session, new expiry) once past half their life.
The payload names the accounts service's session (`sid`) and its current token id (`tid`): the
signature proves the gateway issued it, the session check (`session_check.py`) that the session
is still alive and the token id still current — so signing out or refreshing ends a token.

Display names are checked by `daimyo_kit.names` (shared with accounts): normalised, visible, one
alphabet of Latin/Greek/Cyrillic, and not confusable with a bot's or the house's names.
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

from daimyo_kit import names

MAX_NAME_LENGTH = names.MAX_NAME_LENGTH
MAX_TOKEN_LENGTH = 2048
TOKEN_LIFETIME_SECONDS = 24 * 3600


class InvalidToken(Exception):
    """The token is malformed, forged or expired."""


@dataclass(frozen=True)
class Player:
    player_id: str
    name: str
    session_id: str = ""  # "" only in tests that run without an accounts service
    token_id: str = ""
    guest: bool = False  # a guest plays casual games only (rated ones need an account)


def clean_name(raw: object) -> str:
    """A display name: normalised, visible, cut to 24 characters, not a bot's; NameRefused (a
    ValueError whose text starts with its code, e.g. `name_reserved: …`) otherwise."""
    return names.clean_name(raw, MAX_NAME_LENGTH)


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
        payload: dict[str, Any] = {"pid": player.player_id, "name": player.name,
                                   "exp": issued + self._lifetime}
        if player.session_id:
            payload |= {"sid": player.session_id, "tid": player.token_id, "guest": player.guest}
        body = _b64(json.dumps(payload, separators=(",", ":")).encode())
        return f"{body}.{self._sign(body)}"

    def verify(self, token: str, now: float | None = None) -> Player:
        return self._verified(token, now)[0]

    def refreshed(self, token: str, now: float | None = None) -> str | None:
        """A new token for the same player if `token` (valid) is past half its life, else None."""
        player, expires = self._verified(token, now)
        current = time.time() if now is None else now
        return self.issue(player, current) if expires - current < self._lifetime / 2 else None

    def _verified(self, token: str, now: float | None) -> tuple[Player, int]:
        if len(token) > MAX_TOKEN_LENGTH or not token.isascii():
            raise InvalidToken("a token is a short ASCII string")
        body, _, signature = token.partition(".")
        if not body or not hmac.compare_digest(signature.encode(), self._sign(body).encode()):
            raise InvalidToken("bad token signature")
        payload = _payload(body)
        if payload["exp"] < (time.time() if now is None else now):
            raise InvalidToken("token expired")
        session = (str(payload.get("sid", "")), str(payload.get("tid", "")))
        return Player(payload["pid"], payload["name"], *session, payload.get("guest") is True), payload["exp"]

    def _sign(self, body: str) -> str:
        return _b64(hmac.new(self._key, body.encode(), hashlib.sha256).digest())


def _payload(body: str) -> dict[str, Any]:
    try:
        payload = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except ValueError as e:
        raise InvalidToken("unreadable token") from e
    if not isinstance(payload, dict) or not {"pid", "name", "exp"} <= payload.keys():
        raise InvalidToken("incomplete token")
    if not isinstance(payload["exp"], int) or not all(isinstance(payload[k], str) for k in ("pid", "name")):
        raise InvalidToken("incomplete token")
    return payload


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
