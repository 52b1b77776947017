"""Growing delays after failed sign-ins."""

from __future__ import annotations

from daimyo_accounts.throttle import Delays


def test_the_first_failures_are_free_then_each_doubles_the_wait_up_to_a_cap() -> None:
    delays = Delays(free_failures=3, first_delay_seconds=1.0, max_delay_seconds=10.0)
    assert [delays.after(n) for n in range(1, 9)] == [0, 0, 0, 1, 2, 4, 8, 10]
