"""What the accounts service keeps and refuses, as plain data: players, sessions, passkeys and the
one refusal type, whose `code` is stable (the gateway passes it on; the client translates it).

Guests and accounts share one player id: an upgrade changes a guest's record, never its id, so
every game, seat and rating keyed by that id carries over. A guest's name is not unique and is
shown marked (`GUEST_MARK` before it); an account's name is unique by its confusable skeleton.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

GUEST_MARK = "~"
MIN_PASSWORD_LENGTH = 10
MAX_PASSWORD_LENGTH = 256
MAX_DEVICE_LENGTH = 120
MAX_LABEL_LENGTH = 60
LANGUAGES = ("en", "pt-BR", "es", "zh-Hans")
"""The client's locales (static/shell/i18n.js): an account may save one of them as its own."""


class Refused(Exception):
    """A request the service will not carry out; nothing was changed.

    `code` is one of the codes in `CODES`; `retry_after` (seconds) is set for `rate_limited`."""

    def __init__(self, code: str, message: str, retry_after: float = 0.0) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.retry_after = retry_after


CODES = {
    # bad input (INVALID_ARGUMENT)
    "malformed": "invalid_argument", "name_invalid": "invalid_argument", "name_too_long": "invalid_argument",
    "name_blank": "invalid_argument", "name_reserved": "invalid_argument",
    "name_mixed_scripts": "invalid_argument", "password_too_short": "invalid_argument",
    "password_too_long": "invalid_argument", "passkey_invalid": "invalid_argument",
    "origin_not_allowed": "invalid_argument",
    # refused in this state (FAILED_PRECONDITION / ALREADY_EXISTS)
    "name_taken": "already_exists", "not_a_guest": "failed_precondition",
    "not_an_account": "failed_precondition", "rename_too_soon": "failed_precondition",
    "too_many_passkeys": "failed_precondition", "last_credential": "failed_precondition",
    "challenge_expired": "failed_precondition", "email_invalid": "invalid_argument",
    "link_expired": "failed_precondition", "blocked": "failed_precondition",
    "too_many_friends": "failed_precondition", "too_many_blocks": "failed_precondition",
    # who you are
    "sign_in_failed": "unauthenticated", "session_ended": "unauthenticated",
    "not_found": "not_found", "rate_limited": "resource_exhausted",
}


@dataclass(frozen=True)
class Account:
    player_id: str
    name: str
    guest: bool
    created_at: datetime
    renamed_at: datetime | None = None
    has_password: bool = False
    passkeys: int = 0
    email: str = ""
    email_verified: bool = False
    deleted: bool = False
    language: str = ""  # one of LANGUAGES, or "" when the account chose none

    @property
    def display_name(self) -> str:
        """What others see: a guest's name marked, an account's as it is, a deleted player's
        nothing (views write their own neutral "deleted player")."""
        if self.deleted:
            return ""
        return f"{GUEST_MARK}{self.name}" if self.guest else self.name


@dataclass(frozen=True)
class Session:
    session_id: str
    player_id: str
    token_id: str
    device: str
    created_at: datetime
    last_seen_at: datetime
    revoked: bool = False


@dataclass(frozen=True)
class SignedIn:
    account: Account
    session: Session


@dataclass(frozen=True)
class Passkey:
    passkey_id: str
    label: str
    created_at: datetime
    last_used_at: datetime | None = None


@dataclass(frozen=True)
class StoredPasskey:
    """A passkey as sign-in needs it."""

    passkey_id: str
    player_id: str
    public_key: bytes
    sign_count: int


@dataclass(frozen=True)
class NewPasskey:
    passkey_id: str
    public_key: bytes
    sign_count: int
    label: str


@dataclass(frozen=True)
class Challenge:
    challenge_id: str
    kind: str  # "register" | "sign_in"
    player_id: str | None
    name: str
    origin: str
    challenge: bytes


def check_password(password: str, name: str) -> str:
    """The password if it may be used; Refused otherwise. Length only, as NIST SP 800-63B asks,
    plus: not the name itself."""
    if len(password) < MIN_PASSWORD_LENGTH or password.casefold() == name.casefold():
        raise Refused("password_too_short", f"a password needs at least {MIN_PASSWORD_LENGTH} characters "
                                            "and must not be the name")
    if len(password) > MAX_PASSWORD_LENGTH:
        raise Refused("password_too_long", f"a password has at most {MAX_PASSWORD_LENGTH} characters")
    return password


MAX_EMAIL_LENGTH = 254


def check_email(raw: str) -> str:
    """An address a link may be sent to: one @, a dot in the domain, no spaces or controls."""
    address = raw.strip()
    local, _, domain = address.rpartition("@")
    if (not local or "." not in domain.strip(".") or len(address) > MAX_EMAIL_LENGTH
            or any(ch.isspace() or not ch.isprintable() for ch in address) or address.count("@") != 1):
        raise Refused("email_invalid", "that is not an email address")
    return address


def short_text(raw: str, limit: int) -> str:
    """A device description or a passkey label: printable, one line, cut to `limit`."""
    return " ".join("".join(ch for ch in raw if ch.isprintable()).split())[:limit]


def check_language(raw: str) -> str:
    """A language an account may save: one of LANGUAGES exactly, or "" to forget its choice."""
    if raw and raw not in LANGUAGES:
        raise Refused("malformed", f"a language is one of {', '.join(LANGUAGES)}, or none")
    return raw
