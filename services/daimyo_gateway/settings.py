"""The gateway's settings: the one place the gateway reads its environment.

`Settings.from_env` composes the shared `Config` with the gateway's own knobs — the token secret,
the edge's limits (`Limits`), the seat grace and the online heartbeat; every variable is in the
table of deploy/CONFIGURATION.md. `Edge` is the part without the secret, what an in-process
gateway (tests, the dev stack) takes from the environment when its caller passes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from daimyo_gateway.limits import Limits
from daimyo_gateway.online import DEFAULT_HEARTBEAT_SECONDS
from daimyo_gateway.presence import DEFAULT_GRACE_SECONDS
from daimyo_kit.config import Config


class MissingSecret(RuntimeError):
    """The gateway refuses to sign tokens with a secret nobody chose."""


def token_secret(env: Mapping[str, str] | None = None) -> str:
    secret = (os.environ if env is None else env).get("DAIMYO_TOKEN_SECRET", "")
    if not secret:
        raise MissingSecret("DAIMYO_TOKEN_SECRET is not set; the gateway will not start without it "
                            "(`make run` supplies a development secret)")
    return secret


@dataclass(frozen=True)
class Edge:
    limits: Limits
    grace_seconds: float  # a seat's player may be away this long before a bot takes the seat
    heartbeat_seconds: float  # between two `daimyo.online.<player>` beats

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Edge:
        env = os.environ if env is None else env
        return cls(
            limits=Limits.from_env(env),
            grace_seconds=float(env.get("DAIMYO_DISCONNECT_GRACE_SECONDS", DEFAULT_GRACE_SECONDS)),
            heartbeat_seconds=float(env.get("DAIMYO_ONLINE_HEARTBEAT_SECONDS", DEFAULT_HEARTBEAT_SECONDS)),
        )


@dataclass(frozen=True)
class Settings:
    config: Config
    secret: str
    edge: Edge

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Raises MissingSecret without DAIMYO_TOKEN_SECRET."""
        env = os.environ if env is None else env
        return cls(Config.from_env("gateway", env), token_secret(env), Edge.from_env(env))
