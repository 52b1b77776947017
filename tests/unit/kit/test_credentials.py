"""Service credentials: generated once per machine (or taken from the environment), complete,
kept private, and checked by digests only."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from daimyo_kit import credentials


def test_a_generated_set_has_every_roles_nats_password_and_grpc_token() -> None:
    env = credentials.generate()
    assert all(env[credentials.nats_password_var(r)] for r in credentials.NATS_ROLES)
    assert all(env[credentials.grpc_token_var(r)] for r in credentials.GRPC_CLIENT_ROLES)
    assert set(credentials.grpc_callers(env)) == set(credentials.GRPC_CLIENT_ROLES)


def test_servers_hold_only_digests_of_the_tokens() -> None:
    env = credentials.generate()
    digests = credentials.grpc_callers(env)
    token = env[credentials.grpc_token_var("gateway")]
    assert digests["gateway"] == credentials.token_digest(token)
    assert token not in env[credentials.GRPC_CALLERS]


def test_a_complete_environment_gets_nothing_added() -> None:
    assert credentials.env_additions(credentials.generate()) == {}


def test_the_kept_set_survives_a_restart_and_is_private(tmp_path: Path) -> None:
    path = tmp_path / "credentials.json"
    first = credentials.env_additions({}, path)
    assert credentials.env_additions({}, path) == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_role_never_falls_back_to_the_operator_login() -> None:
    env = {credentials.OPERATOR_PASSWORD: "op"}
    assert credentials.nats_login("gateway", env) is None
    assert credentials.nats_login(None, env) == ("operator", "op")


@pytest.mark.parametrize("bad", ["gateway", "gateway:abc", ":" + "0" * 64])
def test_a_malformed_callers_list_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        credentials.grpc_callers({credentials.GRPC_CALLERS: bad})
