"""Growing delays after failed sign-ins, per account name and per address.

The first few failures cost nothing (people mistype); each one after that doubles the wait
before the next attempt, up to a cap. The counts live in Postgres (`sign_in_failures`), so
every replica sees the same ones; a success clears the account's count, not the address's.
The key of an account is its name's skeleton whether or not anybody holds that name, so the
delays never tell whether an account exists.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Delays:
    free_failures: int  # failures before any wait
    first_delay_seconds: float
    max_delay_seconds: float

    def after(self, failures: int) -> float:
        """Seconds to wait after the `failures`-th failure in a row."""
        over = failures - self.free_failures
        if over <= 0:
            return 0.0
        return min(self.max_delay_seconds, self.first_delay_seconds * 2.0 ** (over - 1))


@dataclass(frozen=True)
class Throttle:
    account: Delays = Delays(free_failures=5, first_delay_seconds=1.0, max_delay_seconds=900.0)
    address: Delays = Delays(free_failures=20, first_delay_seconds=1.0, max_delay_seconds=900.0)
    forget_after_seconds: float = 24 * 3600.0  # a key's count starts over after a quiet day


def account_key(name_key: str) -> str:
    return f"name:{name_key}"


def address_key(address: str) -> str:
    return f"addr:{address[:64]}"
