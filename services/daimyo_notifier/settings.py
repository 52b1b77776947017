"""The notifier's settings: the one place it reads its environment.

The shared `Config` (daimyo_kit.config) plus the Web Push signing key and contact
(`DAIMYO_VAPID_PRIVATE_KEY`, `DAIMYO_VAPID_SUBJECT`), the push services a device may name, the
sender's pace and retries, and the reminder before a correspondence deadline; every variable is in
the table of deploy/CONFIGURATION.md.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from daimyo_kit import credentials
from daimyo_kit.config import Config
from daimyo_notifier.handlers import Policy
from daimyo_notifier.sender import SenderConfig

PUSH_SERVICES = (
    "https://fcm.googleapis.com",
    "https://updates.push.services.mozilla.com",
    "https://web.push.apple.com",
    "https://*.notify.windows.com",
)
"""The browsers' push services (Chrome/Edge-on-Android, Firefox, Safari, Edge on Windows)."""


def unsubscribe_secret(vapid_key: str) -> bytes:
    """The key of the digests' unsubscribe links, derived from the notifier's own secret (the VAPID
    key) under its own label, so no second secret needs keeping and neither use can stand in for
    the other."""
    return hashlib.sha256(b"daimyo-notifier-unsubscribe:" + vapid_key.encode()).digest() if vapid_key else b""


@dataclass(frozen=True)
class Settings:
    config: Config
    policy: Policy
    sender: SenderConfig
    vapid_private_key: str = ""  # none: the notifier refuses to start
    vapid_subject: str = "mailto:admin@daimyo.invalid"
    push_ttl_seconds: int = 86400  # how long a push service keeps a notice for an offline device
    callers: Mapping[str, str] = field(default_factory=dict)  # role → sha256 of its gRPC token
    consumer: str = "daimyo-notifier"  # the durable consumer replicas share on the games stream
    smtp_url: str = ""  # none: no email digests
    digest_hours: int = 24  # at most one digest per player this often
    public_url: str = "http://127.0.0.1:8080"  # the site, for the links in a digest
    digest_from: str = "Daimyo <notices@daimyo.invalid>"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        origins = env.get("DAIMYO_PUSH_SERVICES")
        policy = Policy(
            push_origins=tuple(o.strip() for o in origins.split(",") if o.strip())
            if origins
            else PUSH_SERVICES,
            devices_per_player=int(env.get("DAIMYO_NOTIFIER_DEVICES_PER_PLAYER", "10")),
            time_low_ms=round(float(env.get("DAIMYO_NOTIFIER_TIME_LOW_HOURS", "24")) * 3_600_000),
            unsubscribe_secret=unsubscribe_secret(env.get(credentials.VAPID_PRIVATE_KEY, "")),
        )
        sender = SenderConfig(
            batch=int(env.get("DAIMYO_NOTIFIER_BATCH", "500")),
            concurrency=int(env.get("DAIMYO_NOTIFIER_CONCURRENCY", "64")),
            lease_ms=round(float(env.get("DAIMYO_NOTIFIER_LEASE_SECONDS", "60")) * 1000),
            max_attempts=int(env.get("DAIMYO_NOTIFIER_MAX_ATTEMPTS", "8")),
        )
        return cls(
            Config.from_env("notifier", env),
            policy,
            sender,
            vapid_private_key=env.get(credentials.VAPID_PRIVATE_KEY, ""),
            vapid_subject=env.get("DAIMYO_VAPID_SUBJECT", "mailto:admin@daimyo.invalid"),
            push_ttl_seconds=int(env.get("DAIMYO_PUSH_TTL_SECONDS", "86400")),
            callers=credentials.grpc_callers(env),
            consumer=env.get("DAIMYO_NOTIFIER_CONSUMER", "daimyo-notifier"),
            smtp_url=env.get("DAIMYO_SMTP_URL", ""),
            digest_hours=int(env.get("DAIMYO_DIGEST_HOURS", "24")),
            public_url=env.get("DAIMYO_PUBLIC_URL", "http://127.0.0.1:8080"),
            digest_from=env.get("DAIMYO_DIGEST_FROM", "Daimyo <notices@daimyo.invalid>"),
        )
