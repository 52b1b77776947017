"""Password hashing: argon2id through argon2-cffi, off the event loop.

The parameters are at least OWASP's minimum for argon2id (19 MiB of memory, 2 passes, 1 lane;
Password Storage Cheat Sheet). Hashing runs in a small thread pool of its own — argon2-cffi
releases the GIL while it works — so sign-ins never stall the loop that serves other calls, and
at most `threads` hashes run at once (more wait their turn: memory stays bounded). A name
nobody holds is checked against a dummy hash, so a refusal takes as long whether or not the
account exists.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

OWASP_MEMORY_KIB = 19 * 1024
OWASP_TIME_COST = 2


@dataclass(frozen=True)
class Argon2Parameters:
    memory_kib: int = OWASP_MEMORY_KIB
    time_cost: int = OWASP_TIME_COST
    parallelism: int = 1

    def __post_init__(self) -> None:
        if self.memory_kib < OWASP_MEMORY_KIB or self.time_cost < OWASP_TIME_COST or self.parallelism < 1:
            raise ValueError("argon2id parameters below OWASP's minimum (19 MiB, 2 passes, 1 lane)")


class Passwords:
    def __init__(self, parameters: Argon2Parameters | None = None, threads: int = 2) -> None:
        p = parameters or Argon2Parameters()
        self._hasher = PasswordHasher(time_cost=p.time_cost, memory_cost=p.memory_kib,
                                      parallelism=p.parallelism, type=Type.ID)
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="argon2")
        self._dummy = self._hasher.hash("not a password anybody has")

    async def hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` matches `stored` (None: nobody's — checked against the dummy, False)."""
        matched = await asyncio.get_running_loop().run_in_executor(
            self._pool, self._matches, stored or self._dummy, password)
        return matched and stored is not None

    def needs_rehash(self, stored: str) -> bool:
        return self._hasher.check_needs_rehash(stored)

    def _matches(self, stored: str, password: str) -> bool:
        try:
            return self._hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
