"""The bot service's settings: the shared Config plus its own knobs, from one environment."""

from __future__ import annotations

from daimyo_bot.settings import Settings


def test_the_defaults() -> None:
    settings = Settings.from_env({})
    assert (settings.grpc_port, settings.workers, settings.driver_deadline_ms, settings.driver) == (
        50053, 0, 1000, True)
    assert (settings.sweep_seconds, settings.min_move_seconds) == (5.0, 1.0)
    assert settings.game_addr == "127.0.0.1:50051"


def test_each_knob_comes_from_its_variable() -> None:
    settings = Settings.from_env({"DAIMYO_BOT_WORKERS": "2", "DAIMYO_BOT_DEADLINE_MS": "300",
                                  "DAIMYO_BOT_SWEEP_SECONDS": "1", "DAIMYO_BOT_MIN_MOVE_SECONDS": "0",
                                  "DAIMYO_BOT_DRIVER": "off"})
    assert (settings.workers, settings.driver_deadline_ms, settings.sweep_seconds) == (2, 300, 1.0)
    assert (settings.min_move_seconds, settings.driver) == (0.0, False)
