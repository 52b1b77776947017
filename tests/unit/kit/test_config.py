"""Config from the environment: DESIGN.md defaults, per-service overrides, clear errors."""

from __future__ import annotations

import dataclasses

import pytest

from daimyo_kit.config import Config


def test_defaults_follow_the_design_ports() -> None:
    game = Config.from_env("game", {})
    assert (game.grpc_port, game.metrics_port, game.db_schema) == (50051, 9101, "daimyo_game")
    assert Config.from_env("gateway", {}).http_port == 8080
    assert game.bot_addr == "127.0.0.1:50053" and game.matchmaking_addr == "127.0.0.1:50052"


def test_each_service_reads_its_own_port_variables() -> None:
    env = {"DAIMYO_BOT_GRPC_PORT": "6000", "DAIMYO_GAME_GRPC_PORT": "7000", "DAIMYO_BOT_METRICS_PORT": "0"}
    bot = Config.from_env("bot", env)
    assert (bot.grpc_port, bot.metrics_port) == (6000, 0)


def test_urls_addresses_secret_and_log_level_come_from_the_environment() -> None:
    env = {
        "DAIMYO_DATABASE_URL": "postgresql://db/x",
        "DAIMYO_NATS_URL": "nats://n:4222",
        "DAIMYO_GAME_ADDR": "game:1",
        "DAIMYO_TOKEN_SECRET": "s3cret",
        "DAIMYO_LOG_LEVEL": "debug",
    }
    config = Config.from_env("matchmaking", env)
    assert (config.database_url, config.nats_url, config.game_addr) == (
        "postgresql://db/x",
        "nats://n:4222",
        "game:1",
    )
    assert (config.token_secret, config.log_level) == ("s3cret", "DEBUG")


def test_a_service_that_owns_a_schema_may_connect_as_its_own_role() -> None:
    env = {"DAIMYO_DATABASE_URL": "postgresql://shared@db/x",
           "DAIMYO_MATCHMAKING_DATABASE_URL": "postgresql://matchmaking@db/x"}
    assert Config.from_env("matchmaking", env).database_url == "postgresql://matchmaking@db/x"
    assert Config.from_env("game", env).database_url == "postgresql://shared@db/x"


def test_a_port_that_is_not_a_number_names_its_variable() -> None:
    with pytest.raises(ValueError, match="DAIMYO_GAME_GRPC_PORT"):
        Config.from_env("game", {"DAIMYO_GAME_GRPC_PORT": "fifty"})


def test_an_unknown_service_is_refused() -> None:
    with pytest.raises(ValueError):
        Config.from_env("chess", {})


def test_the_config_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Config.from_env("game", {}).grpc_port = 1  # type: ignore[misc]


def test_each_service_reads_its_own_schema_and_http_port() -> None:
    env = {"DAIMYO_GAME_DB_SCHEMA": "g", "DAIMYO_MATCHMAKING_DB_SCHEMA": "m",
           "DAIMYO_GATEWAY_HTTP_PORT": "9000"}
    assert Config.from_env("game", env).db_schema == "g"
    assert Config.from_env("matchmaking", env).db_schema == "m"
    assert (Config.from_env("gateway", env).http_port, Config.from_env("bot", env).http_port) == (9000, 8080)
