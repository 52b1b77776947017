"""Passkeys (WebAuthn) through the `webauthn` library: options for the browser, and the checks of
what it sends back — the challenge we issued, the origin of the page, the relying party id.

A page's origin is allowed when settings list it, or (no list) when its host is the RP id or a
subdomain of it, over https — or over http on `localhost`, which browsers treat as secure. The
challenge a response must sign is the one stored for it, used once (see store.take_challenge).
Sign-in asks for a discoverable credential (no name typed): the passkey says whose it is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from daimyo_accounts.domain import Refused

MAX_CREDENTIAL_JSON = 16 * 1024


@dataclass(frozen=True)
class Options:
    challenge: bytes
    json: str


@dataclass(frozen=True)
class Verified:
    passkey_id: str
    public_key: bytes
    sign_count: int


@dataclass(frozen=True)
class RelyingParty:
    rp_id: str = "localhost"
    rp_name: str = "Daimyo"
    origins: tuple[str, ...] = ()  # empty: https on rp_id or a subdomain (http on localhost)
    timeout_ms: int = 120_000

    def check_origin(self, origin: str) -> str:
        if not self._allowed(origin):
            raise Refused("origin_not_allowed", "passkeys are not offered to this page's origin")
        return origin

    def _allowed(self, origin: str) -> bool:
        if self.origins:
            return origin in self.origins
        parts = urlsplit(origin)
        host = parts.hostname or ""
        ours = host == self.rp_id or host.endswith("." + self.rp_id)
        secure = parts.scheme == "https" or (parts.scheme == "http" and host == "localhost")
        return ours and secure and origin == f"{parts.scheme}://{parts.netloc}"

    def registration(self, player_id: str, name: str, existing: Sequence[str]) -> Options:
        options = generate_registration_options(
            rp_id=self.rp_id,
            rp_name=self.rp_name,
            user_name=name,
            user_id=player_id.encode(),
            user_display_name=name,
            timeout=self.timeout_ms,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=_bytes(c)) for c in existing],
        )
        return Options(options.challenge, options_to_json(options))

    def sign_in(self) -> Options:
        options = generate_authentication_options(
            rp_id=self.rp_id,
            timeout=self.timeout_ms,
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        return Options(options.challenge, options_to_json(options))

    def verify_registration(self, credential_json: str, challenge: bytes, origin: str) -> Verified:
        try:
            verified = verify_registration_response(
                credential=_credential(credential_json),
                expected_challenge=challenge,
                expected_rp_id=self.rp_id,
                expected_origin=origin,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as e:
            raise Refused("passkey_invalid", f"the passkey could not be registered ({e})") from None
        return Verified(
            bytes_to_base64url(verified.credential_id),
            verified.credential_public_key,
            verified.sign_count,
        )

    def verify_sign_in(
        self,
        credential_json: str,
        challenge: bytes,
        origin: str,
        public_key: bytes,
        sign_count: int,
    ) -> int:
        """The passkey's new signature count; Refused when the response is not the one expected."""
        try:
            verified = verify_authentication_response(
                credential=_credential(credential_json),
                expected_challenge=challenge,
                expected_rp_id=self.rp_id,
                expected_origin=origin,
                credential_public_key=public_key,
                credential_current_sign_count=sign_count,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as e:
            raise Refused("sign_in_failed", f"the passkey did not sign in ({e})") from None
        return int(verified.new_sign_count)


def credential_id(credential_json: str) -> str:
    """The credential id a browser's response names (which stored passkey to check it with)."""
    raw = _credential(credential_json).get("rawId") or _credential(credential_json).get("id")
    if not isinstance(raw, str) or not raw or len(raw) > 1024:
        raise Refused("passkey_invalid", "the response names no credential")
    return raw


def _credential(credential_json: str) -> dict[str, Any]:
    if len(credential_json) > MAX_CREDENTIAL_JSON:
        raise Refused("passkey_invalid", "the passkey response is too large")
    try:
        credential = json.loads(credential_json)
    except ValueError:
        raise Refused("passkey_invalid", "the passkey response is not JSON") from None
    if not isinstance(credential, dict):
        raise Refused("passkey_invalid", "the passkey response must be an object")
    return credential


def _bytes(b64url: str) -> bytes:
    from webauthn import base64url_to_bytes

    return base64url_to_bytes(b64url)
