"""Game affinity: a key keeps its replica, a change of replicas moves only the keys it must,
and targets that name no replicas fall back to the spreading channel."""

from __future__ import annotations

import asyncio

import pytest

from daimyo_kit.affinity import Affinity, owner, parse_target

KEYS = [f"game-{n}" for n in range(2000)]


def test_a_key_always_has_the_same_owner_whatever_the_order_of_the_endpoints() -> None:
    endpoints = ["10.0.0.1:1", "10.0.0.2:1", "10.0.0.3:1"]
    assert [owner(k, endpoints) for k in KEYS] == [owner(k, list(reversed(endpoints))) for k in KEYS]


def test_keys_spread_over_every_endpoint() -> None:
    endpoints = ["10.0.0.1:1", "10.0.0.2:1", "10.0.0.3:1"]
    counts = {e: sum(owner(k, endpoints) == e for k in KEYS) for e in endpoints}
    assert all(500 < n < 830 for n in counts.values())


def test_a_new_endpoint_takes_keys_only_for_itself() -> None:
    before, after = ["a:1", "b:1"], ["a:1", "b:1", "c:1"]
    moved = [k for k in KEYS if owner(k, before) != owner(k, after)]
    assert moved and all(owner(k, after) == "c:1" for k in moved)


def test_a_gone_endpoint_gives_up_only_its_own_keys() -> None:
    before, after = ["a:1", "b:1", "c:1"], ["a:1", "b:1"]
    moved = [k for k in KEYS if owner(k, before) != owner(k, after)]
    assert moved and all(owner(k, before) == "c:1" for k in moved)


@pytest.mark.parametrize(("target", "parsed"), [
    ("ipv4:127.0.0.1:2,127.0.0.1:1", (["127.0.0.1:1", "127.0.0.1:2"], None)),
    ("dns:///daimyo-game:50051", ([], ("daimyo-game", 50051))),
    ("dns://10.0.0.10/daimyo-game:50051", ([], ("daimyo-game", 50051))),
    ("game:50051", ([], ("game", 50051))),
    ("unix:/run/game.sock", ([], None)),
    ("game", ([], None)),
])
def test_targets_name_fixed_addresses_a_name_to_resolve_or_nothing(
        target: str, parsed: tuple[list[str], tuple[str, int] | None]) -> None:
    assert parse_target(target) == parsed


class Clients:
    def __init__(self) -> None:
        self.open: list[str] = []
        self.closed: list[str] = []

    def connect(self, address: str) -> str:
        self.open.append(address)
        return f"client {address}"

    async def close(self, client: str) -> None:
        self.closed.append(client)


async def test_a_name_is_resolved_again_and_only_changed_endpoints_get_or_lose_a_client() -> None:
    answers = [["10.0.0.1:5", "10.0.0.2:5"], ["10.0.0.2:5", "10.0.0.3:5"]]
    now = [0.0]

    async def resolver(host: str, port: int) -> list[str]:
        return answers.pop(0) if len(answers) > 1 else answers[0]
    clients = Clients()
    affinity = Affinity("dns:///game:5", clients.connect, clients.close, refresh_seconds=10,
                        resolver=resolver, clock=lambda: now[0])
    first = await affinity.client_for("game-1")
    assert first is not None and first[0] in ("10.0.0.1:5", "10.0.0.2:5")
    now[0] = 11
    await affinity.client_for("game-1")  # starts the refresh
    assert affinity._refreshing is not None
    await affinity._refreshing
    assert clients.open == ["10.0.0.1:5", "10.0.0.2:5", "10.0.0.3:5"]
    assert clients.closed == ["client 10.0.0.1:5"]
    await affinity.close()
    assert sorted(clients.closed) == ["client 10.0.0.1:5", "client 10.0.0.2:5", "client 10.0.0.3:5"]


async def test_a_name_that_does_not_resolve_leaves_calls_to_the_spreading_channel() -> None:
    async def resolver(host: str, port: int) -> list[str]:
        raise OSError("no such host")
    affinity = Affinity("dns:///game:5", Clients().connect, Clients().close, resolver=resolver)
    assert await affinity.client_for("game-1") is None


async def test_fixed_addresses_need_no_resolving() -> None:
    clients = Clients()
    affinity = Affinity("ipv4:127.0.0.1:1,127.0.0.1:2", clients.connect, clients.close)
    found = await affinity.client_for("game-1")
    assert found == (owner("game-1", ["127.0.0.1:1", "127.0.0.1:2"]), f"client {found[0] if found else ''}")
    assert clients.open == ["127.0.0.1:1", "127.0.0.1:2"]


async def test_calls_spread_while_a_slow_first_resolution_is_still_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("daimyo_kit.affinity.FIRST_RESOLVE_SECONDS", 0.05)
    answered = asyncio.Event()

    async def resolver(host: str, port: int) -> list[str]:
        await answered.wait()
        return ["10.0.0.1:5"]
    affinity = Affinity("dns:///game:5", Clients().connect, Clients().close, resolver=resolver)
    assert await affinity.client_for("game-1") is None
    answered.set()
    assert affinity._refreshing is not None
    await affinity._refreshing
    assert await affinity.client_for("game-1") == ("10.0.0.1:5", "client 10.0.0.1:5")
    await affinity.close()
