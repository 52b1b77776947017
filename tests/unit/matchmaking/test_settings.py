"""The matchmaking settings: the shared Config, the policy and the loop's knobs, from one environment."""

from __future__ import annotations

from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.settings import Settings


def test_the_defaults_are_the_policy_and_loop_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.policy == Policy(presence_seconds=10.0)
    assert (settings.interval_seconds, settings.bot_games_per_player, dict(settings.callers)) == (0.5, 1, {})
    assert settings.config.grpc_port == 50052


def test_each_knob_comes_from_its_variable() -> None:
    settings = Settings.from_env({
        "DAIMYO_MATCH_BASE_WINDOW": "1", "DAIMYO_MATCH_WINDOW_GROWTH": "2", "DAIMYO_MATCH_MAX_WINDOW": "3",
        "DAIMYO_BOT_BACKFILL_SECONDS": "4", "DAIMYO_TICKET_PRESENCE_SECONDS": "5",
        "DAIMYO_MATCH_INTERVAL_SECONDS": "0.25", "DAIMYO_BOT_GAMES_PER_PLAYER": "2",
        "DAIMYO_GRPC_CALLERS": "gateway:" + "ab" * 32,
    })
    assert settings.policy == Policy(base_window=1, window_growth_per_second=2, max_window=3,
                                     backfill_seconds=4, presence_seconds=5)
    assert (settings.interval_seconds, settings.bot_games_per_player) == (0.25, 2)
    assert dict(settings.callers) == {"gateway": "ab" * 32}
