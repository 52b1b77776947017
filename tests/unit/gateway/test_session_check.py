"""The gateway's session check: one call to the accounts service per session and cache life, and
an ended or refreshed session refused at once, its sockets closed, on every gateway."""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_bus.messages import SessionsRevoked
from daimyo_gateway.accounts import Identity
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.session_check import SessionCheck


class FakeAccounts:
    def __init__(self) -> None:
        self.current = {"s1": "t1", "s2": "t2"}
        self.calls = 0

    async def check_session(self, session_id: str, token_id: str) -> Identity:
        self.calls += 1
        if self.current.get(session_id) != token_id:
            raise ServiceError("session_ended", "ended")
        return Identity("g-alice", "Alice", False, session_id, token_id)

    async def create_guest(self, name: str, device: str) -> Identity:
        raise NotImplementedError

    async def refresh_session(self, session_id: str, token_id: str) -> Identity:
        raise NotImplementedError

    async def call(self, method: str, **fields: Any) -> dict[str, Any]:
        raise NotImplementedError


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def accounts() -> FakeAccounts:
    return FakeAccounts()


def checker(
    accounts: FakeAccounts, clock: Clock | None = None, published: list[Any] | None = None
) -> SessionCheck:
    async def publish(subject: str, message: SessionsRevoked) -> None:
        if published is not None:
            published.append((subject, message))

    return SessionCheck(accounts, publish, ttl=30.0, clock=clock or Clock())


async def test_a_live_session_is_asked_once_per_cache_life(accounts: FakeAccounts) -> None:
    clock = Clock()
    check = checker(accounts, clock)
    for _ in range(5):
        assert (await check.check("s1", "t1")).player_id == "g-alice"
    assert accounts.calls == 1
    clock.now += 31
    await check.check("s1", "t1")
    assert accounts.calls == 2


async def test_an_old_token_id_is_asked_again_and_refused(accounts: FakeAccounts) -> None:
    check = checker(accounts)
    await check.check("s1", "t1")
    with pytest.raises(ServiceError) as caught:
        await check.check("s1", "t0")
    assert caught.value.code == "session_ended"


async def test_a_revoked_session_is_refused_at_once_and_announced(accounts: FakeAccounts) -> None:
    published: list[Any] = []
    check = checker(accounts, published=published)
    await check.check("s1", "t1")
    del accounts.current["s1"]
    await check.revoke(["s1"])
    with pytest.raises(ServiceError):
        await check.check("s1", "t1")
    assert published == [("daimyo.sessions.revoked", SessionsRevoked(("s1",), ""))]


async def test_another_gateways_revocation_closes_the_sessions_sockets_and_only_them(
    accounts: FakeAccounts,
) -> None:
    check = checker(accounts)
    closed: list[str] = []

    def closer(name: str) -> Any:
        async def close() -> None:
            closed.append(name)

        return close

    alice, bob = await check.check("s1", "t1"), await check.check("s2", "t2")
    check.socket_opened(alice.session_id, alice.token_id, closer("alice"))
    check.socket_opened(bob.session_id, bob.token_id, closer("bob"))
    await check.revoked(SessionsRevoked(("s1",)))
    assert closed == ["alice"]


async def test_a_refresh_closes_the_sockets_of_the_old_token_only(accounts: FakeAccounts) -> None:
    check = checker(accounts)
    closed: list[str] = []
    old = await check.check("s1", "t1")
    accounts.current["s1"] = "t9"
    new = await check.check("s1", "t9")

    async def close_old() -> None:
        closed.append("old")

    async def close_new() -> None:
        closed.append("new")

    check.socket_opened(old.session_id, old.token_id, close_old)
    check.socket_opened(new.session_id, new.token_id, close_new)
    await check.revoked(SessionsRevoked(("s1",), "t9"))
    assert closed == ["old"]


async def test_an_answer_asked_before_a_revocation_is_not_cached(accounts: FakeAccounts) -> None:
    clock = Clock()
    check = checker(accounts, clock)
    found = await accounts.check_session("s1", "t1")
    asked = clock.now
    clock.now += 1
    await check.revoked(SessionsRevoked(("s1",)))
    check.remember(found, asked_at=asked)
    del accounts.current["s1"]
    with pytest.raises(ServiceError):
        await check.check("s1", "t1")
