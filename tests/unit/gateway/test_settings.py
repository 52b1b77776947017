"""The gateway's settings: the shared Config, the secret and the edge, from one environment."""

from __future__ import annotations

import dataclasses

import pytest

from daimyo_gateway.limits import VARIABLES, Limits
from daimyo_gateway.settings import Edge, MissingSecret, Settings


def test_the_defaults_are_the_edge_constants() -> None:
    edge = Edge.from_env({})
    assert (edge.limits, edge.grace_seconds, edge.heartbeat_seconds) == (Limits(), 60.0, 2.0)


def test_everything_comes_from_the_one_environment_given() -> None:
    env = {"DAIMYO_TOKEN_SECRET": "s", "DAIMYO_GATEWAY_HTTP_PORT": "9000", "DAIMYO_WS_AUTH_SECONDS": "3",
           "DAIMYO_DISCONNECT_GRACE_SECONDS": "5", "DAIMYO_ONLINE_HEARTBEAT_SECONDS": "0.5"}
    settings = Settings.from_env(env)
    assert (settings.secret, settings.config.http_port) == ("s", 9000)
    assert settings.edge.limits.ws_auth_seconds == 3.0
    assert (settings.edge.grace_seconds, settings.edge.heartbeat_seconds) == (5.0, 0.5)


def test_without_a_secret_there_are_no_settings() -> None:
    with pytest.raises(MissingSecret):
        Settings.from_env({})


def test_every_limit_has_its_variable_named_after_it() -> None:
    named_after = {f.name: "DAIMYO_" + f.name.upper() for f in dataclasses.fields(Limits)}
    assert named_after == VARIABLES
