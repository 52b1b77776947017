"""deploy/compose.yaml runs the whole platform from the one image (Docker is not available in
the test environment, so its structure is checked instead)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from daimyo_kit import credentials
from tests.unit.deploy.manifests import REPO

COMPOSE = yaml.safe_load((REPO / "deploy/compose.yaml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
DAIMYO_ROLES = {"migrate", "game", "relay", "matchmaking", "bot", "driver", "gateway", "analysis", "accounts",
                "notifier"}
CONFIG_VARS = {
    "DAIMYO_NATS_URL", "DAIMYO_GAME_ADDR", "DAIMYO_BOT_ADDR", "DAIMYO_MATCHMAKING_ADDR",
    "DAIMYO_ACCOUNTS_ADDR", "DAIMYO_LOG_LEVEL",
}  # the database URL, token secret and service credentials: each service its own (below)
SECRETS = set(credentials.compose_secrets())
OWN_SECRETS = {
    "postgres": {"POSTGRES_PASSWORD"},
    "nats": {credentials.nats_password_var(role) for role in credentials.NATS_ROLES},
    "migrate": {"DAIMYO_DATABASE_URL"},
    "game": {"DAIMYO_DATABASE_URL", "DAIMYO_GRPC_CALLERS"},
    "relay": {"DAIMYO_DATABASE_URL", "DAIMYO_GAME_NATS_PASSWORD"},
    "matchmaking": {"DAIMYO_DATABASE_URL", "DAIMYO_GRPC_CALLERS", "DAIMYO_MATCHMAKING_NATS_PASSWORD",
                    "DAIMYO_MATCHMAKING_GRPC_TOKEN"},
    "bot": {"DAIMYO_GRPC_CALLERS"},
    "accounts": {"DAIMYO_DATABASE_URL", "DAIMYO_GRPC_CALLERS"},
    "driver": {"DAIMYO_DRIVER_NATS_PASSWORD", "DAIMYO_DRIVER_GRPC_TOKEN"},
    "gateway": {"DAIMYO_GATEWAY_NATS_PASSWORD", "DAIMYO_GATEWAY_GRPC_TOKEN", "DAIMYO_TOKEN_SECRET"},
    "analysis": {"DAIMYO_DATABASE_URL", "DAIMYO_GRPC_CALLERS", "DAIMYO_ANALYSIS_NATS_PASSWORD",
                 "DAIMYO_ANALYSIS_GRPC_TOKEN"},
    "notifier": {"DAIMYO_DATABASE_URL", "DAIMYO_GRPC_CALLERS", "DAIMYO_NOTIFIER_NATS_PASSWORD",
                 "DAIMYO_NOTIFIER_GRPC_TOKEN", "DAIMYO_VAPID_PRIVATE_KEY"},
}


def test_compose_runs_postgres_nats_migrations_and_every_service() -> None:
    assert set(SERVICES) == DAIMYO_ROLES | {"postgres", "nats"}


def test_only_the_gateway_is_published_and_on_one_port() -> None:
    published = {name: svc["ports"] for name, svc in SERVICES.items() if "ports" in svc}
    assert list(published) == ["gateway"]
    assert len(published["gateway"]) == 1 and published["gateway"][0].endswith(":8080")


@pytest.mark.parametrize("role", sorted(DAIMYO_ROLES))
def test_each_daimyo_service_runs_its_role_from_the_one_image(role: str) -> None:
    svc = SERVICES[role]
    assert svc["command"] == [role]
    assert svc["build"]["dockerfile"] == "deploy/docker/Dockerfile"
    assert set(svc["environment"]) >= CONFIG_VARS


@pytest.mark.parametrize("role", sorted(DAIMYO_ROLES))
def test_each_daimyo_service_is_locked_down(role: str) -> None:
    svc = SERVICES[role]
    assert svc["user"] == "10001:10001" and svc["read_only"] is True
    assert svc["cap_drop"] == ["ALL"] and svc["tmpfs"] == ["/tmp"]


def test_nats_runs_with_jetstream_on_a_volume() -> None:
    nats = SERVICES["nats"]
    assert "--jetstream" in nats["command"] and any(v.endswith(":/data") for v in nats["volumes"])


def test_services_start_after_migrations_and_only_depend_on_existing_services() -> None:
    for name, svc in SERVICES.items():
        for dependency, condition in svc.get("depends_on", {}).items():
            assert dependency in SERVICES, f"{name} depends on unknown {dependency}"
            assert condition["condition"] in {"service_healthy", "service_completed_successfully"}
    for role in ("game", "relay", "matchmaking", "accounts", "driver", "gateway", "notifier"):
        assert SERVICES[role]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert SERVICES["migrate"]["restart"] == "no"


def test_everything_another_service_waits_on_has_a_healthcheck() -> None:
    awaited = {
        dep for svc in SERVICES.values() for dep, c in svc.get("depends_on", {}).items()
        if c["condition"] == "service_healthy"
    }
    assert all("healthcheck" in SERVICES[name] for name in awaited)


def test_the_relay_runs_as_its_own_service_not_inside_every_game_replica() -> None:
    assert SERVICES["game"]["environment"]["DAIMYO_GAME_RELAY"] == "off"
    assert SERVICES["relay"]["command"] == ["relay"]


@pytest.mark.parametrize("name", sorted(OWN_SECRETS))
def test_each_container_gets_only_its_own_secrets_never_the_whole_file(name: str) -> None:
    svc = SERVICES[name]
    assert "env_file" not in svc
    assert SECRETS & set(svc["environment"]) == OWN_SECRETS[name]


@pytest.mark.parametrize("name", sorted(OWN_SECRETS))
def test_every_secret_is_read_from_the_env_file_and_required(name: str) -> None:
    environment = SERVICES[name]["environment"]
    for variable in OWN_SECRETS[name]:
        assert environment[variable].startswith(f"${{{variable}:?{variable} is not set")


def test_the_bot_leaves_driving_to_the_driver_and_its_credentials() -> None:
    assert SERVICES["bot"]["environment"]["DAIMYO_BOT_DRIVER"] == "off"
