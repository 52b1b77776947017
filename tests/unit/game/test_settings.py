"""The game service's settings: the shared Config plus its own knobs, from one environment."""

from __future__ import annotations

from daimyo_game.settings import Settings


def test_the_defaults() -> None:
    settings = Settings.from_env({})
    assert (settings.schema, settings.grpc_port, settings.relay, settings.snapshot_every) == (
        "daimyo_game", 50051, True, 50)
    assert (settings.cache_size, settings.pool_size) == (512, 20)


def test_each_knob_comes_from_its_variable() -> None:
    settings = Settings.from_env({"DAIMYO_GAME_RELAY": "OFF", "DAIMYO_GAME_SNAPSHOT_EVERY": "7",
                                  "DAIMYO_GAME_CACHE_SIZE": "8", "DAIMYO_GAME_DB_POOL": "9",
                                  "DAIMYO_GAME_DB_SCHEMA": "g2", "DAIMYO_BIND_HOST": "127.0.0.1"})
    assert (settings.relay, settings.snapshot_every) == (False, 7)
    assert (settings.cache_size, settings.pool_size) == (8, 9)
    assert (settings.schema, settings.bind_host) == ("g2", "127.0.0.1")
