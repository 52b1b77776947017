"""Passwords a player may choose, and what others see of a guest."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from daimyo_accounts.domain import Account, Refused, check_password, short_text
from daimyo_accounts.passwords import Argon2Parameters


@pytest.mark.parametrize(
    ("password", "code"),
    [
        ("short", "password_too_short"),
        ("Kenji12345", "password_too_short"),
        ("x" * 300, "password_too_long"),
    ],
)
def test_a_password_too_short_too_long_or_the_name_is_refused(password: str, code: str) -> None:
    with pytest.raises(Refused) as caught:
        check_password(password, "kenji12345")
    assert caught.value.code == code


def test_a_guest_is_marked_and_an_account_is_not() -> None:
    when = datetime(2026, 1, 1, tzinfo=UTC)
    assert Account("g-1", "Kenji", True, when).display_name == "~Kenji"
    assert Account("g-1", "Kenji", False, when).display_name == "Kenji"


def test_a_device_description_is_one_printable_line() -> None:
    assert short_text("Firefox\n on\x00 Linux   ", 12) == "Firefox on L"


def test_argon2_parameters_below_owasps_minimum_are_refused() -> None:
    with pytest.raises(ValueError):
        Argon2Parameters(memory_kib=8 * 1024)
    with pytest.raises(ValueError):
        Argon2Parameters(time_cost=1)
