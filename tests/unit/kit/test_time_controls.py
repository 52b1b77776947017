"""The one time-control validator the gateway, matchmaking and the game service share."""

from __future__ import annotations

import pytest

from daimyo_kit.time_controls import (
    DAY_MS,
    PRESETS,
    BadTimeControl,
    parse_time_control,
    parse_time_control_json,
)


def test_every_lobby_preset_is_a_playable_time_control() -> None:
    assert all(parse_time_control(preset) is not None for preset in PRESETS.values())


def test_no_text_or_an_empty_object_means_no_clock() -> None:
    assert parse_time_control_json("") is None and parse_time_control_json("{}") is None


def test_a_correspondence_clock_gives_each_move_its_days() -> None:
    control = parse_time_control_json('{"type": "correspondence", "days_per_move": 2}')
    assert control is not None and control.per_move_ms == 2 * DAY_MS


def test_correspondence_offers_one_to_fourteen_days_a_move_with_or_without_a_bank() -> None:
    offered = {(p["days_per_move"], p.get("bank_days", 0)) for p in PRESETS.values()
               if p["type"] == "correspondence"}
    assert offered == {(d, b) for d in (1, 2, 3, 5, 7, 14) for b in (0, 7)}
    control = parse_time_control_json('{"type": "correspondence", "days_per_move": 5, "bank_days": 10}')
    assert control is not None and control.bank_ms == 10 * DAY_MS


@pytest.mark.parametrize(("text", "message"), [
    ('{"type": "correspondence", "days_per_move": 4}', "one of 1, 2, 3, 5, 7, 14"),
    ('{"type": "correspondence", "days_per_move": 0.001}', "one of 1, 2, 3, 5, 7, 14"),
    ('{"type": "correspondence", "days_per_move": 3, "bank_days": 31}', "bank_days must be"),
    ('{"type": "correspondence", "days_per_move": 3, "bank_days": 1.5}', "bank_days must be"),
    ("{oops", "not valid JSON"),
    ('{"type": "blitz"}', "a time control is"),
    ("[1]", "a time control is"),
    ('{"type": "live", "initial_seconds": 0}', "initial_seconds > 0"),
    ('{"type": "live", "initial_seconds": 5, "increment_seconds": -1}', "increment_seconds >= 0"),
    ('{"type": "correspondence"}', "days_per_move > 0"),
    ('{"type": "live", "initial_seconds": 60, "on_timeout": "x"}', "on_timeout must be"),
    ('{"type": "live", "initial_seconds": 60, "bot_level": ""}', "bot_level must be"),
])
def test_an_unplayable_clock_is_refused_with_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BadTimeControl, match=message):
        parse_time_control_json(text)
