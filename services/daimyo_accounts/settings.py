"""The accounts service's settings: the one place it reads its environment.

The shared `Config` (daimyo_kit.config), the gRPC callers it accepts, the passkeys' relying
party (RP id, name, allowed origins), argon2id's cost, and the account rules: session idle
life, renames, sign-in delays. Every variable is in the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import OWASP_MEMORY_KIB, OWASP_TIME_COST, Argon2Parameters
from daimyo_accounts.throttle import Delays, Throttle
from daimyo_kit import credentials
from daimyo_kit.config import Config


@dataclass(frozen=True)
class Rules:
    session_idle_days: float = 30.0  # a session unused this long ends
    rename_every_days: int = 30  # an account may rename once in this many days
    name_hold_days: int = 30  # an old name stays its owner's this long
    challenge_seconds: float = 120.0  # a passkey challenge must be answered within this
    max_passkeys: int = 10
    hash_threads: int = 2  # argon2 hashes at once (each 19 MiB by default)
    link_minutes: float = 30.0  # an email's verify or reset link works this long, once
    reset_every_minutes: float = 5.0  # at most one reset email per account in this time


@dataclass(frozen=True)
class Mail:
    smtp_url: str = ""  # empty: links are written to the log
    sender: str = "Daimyo <no-reply@localhost>"
    public_url: str = "http://localhost:8080"  # where the links point (the gateway's address)


@dataclass(frozen=True)
class Settings:
    config: Config
    relying_party: RelyingParty = field(default_factory=RelyingParty)
    argon2: Argon2Parameters = field(default_factory=Argon2Parameters)
    rules: Rules = field(default_factory=Rules)
    throttle: Throttle = field(default_factory=Throttle)
    mail: Mail = field(default_factory=Mail)
    callers: Mapping[str, str] = field(default_factory=dict)  # role → sha256 of its gRPC token

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            Config.from_env("accounts", env),
            _relying_party(env),
            _argon2(env),
            _rules(env),
            _throttle(env),
            _mail(env),
            credentials.grpc_callers(env),
        )


def _mail(env: Mapping[str, str]) -> Mail:
    d = Mail()
    return Mail(
        smtp_url=env.get("DAIMYO_SMTP_URL", d.smtp_url),
        sender=env.get("DAIMYO_MAIL_FROM", d.sender),
        public_url=env.get("DAIMYO_PUBLIC_URL", d.public_url).rstrip("/"),
    )


def _relying_party(env: Mapping[str, str]) -> RelyingParty:
    origins = tuple(o.strip() for o in env.get("DAIMYO_WEBAUTHN_ORIGINS", "").split(",") if o.strip())
    return RelyingParty(
        rp_id=env.get("DAIMYO_WEBAUTHN_RP_ID", "localhost"),
        rp_name=env.get("DAIMYO_WEBAUTHN_RP_NAME", "Daimyo"),
        origins=origins,
    )


def _argon2(env: Mapping[str, str]) -> Argon2Parameters:
    return Argon2Parameters(
        memory_kib=int(env.get("DAIMYO_ARGON2_MEMORY_KIB", OWASP_MEMORY_KIB)),
        time_cost=int(env.get("DAIMYO_ARGON2_TIME_COST", OWASP_TIME_COST)),
    )


def _rules(env: Mapping[str, str]) -> Rules:
    d = Rules()
    return Rules(
        session_idle_days=float(env.get("DAIMYO_SESSION_IDLE_DAYS", d.session_idle_days)),
        rename_every_days=int(env.get("DAIMYO_RENAME_EVERY_DAYS", d.rename_every_days)),
        name_hold_days=int(env.get("DAIMYO_NAME_HOLD_DAYS", d.name_hold_days)),
        challenge_seconds=float(env.get("DAIMYO_PASSKEY_CHALLENGE_SECONDS", d.challenge_seconds)),
        max_passkeys=int(env.get("DAIMYO_MAX_PASSKEYS", d.max_passkeys)),
        link_minutes=float(env.get("DAIMYO_EMAIL_LINK_MINUTES", d.link_minutes)),
        hash_threads=int(env.get("DAIMYO_ARGON2_THREADS", d.hash_threads)),
    )


def _throttle(env: Mapping[str, str]) -> Throttle:
    d = Throttle()
    account = Delays(
        int(env.get("DAIMYO_SIGNIN_FREE_FAILURES", d.account.free_failures)),
        d.account.first_delay_seconds,
        float(env.get("DAIMYO_SIGNIN_MAX_DELAY_SECONDS", d.account.max_delay_seconds)),
    )
    address = Delays(
        int(env.get("DAIMYO_SIGNIN_FREE_FAILURES_PER_ADDRESS", d.address.free_failures)),
        d.address.first_delay_seconds,
        account.max_delay_seconds,
    )
    return Throttle(account, address, d.forget_after_seconds)
