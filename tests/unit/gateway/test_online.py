"""Who is online anywhere, from every gateway's beats: a fresh beat counts, a `gone` or a beat
older than FRESH_BEATS heartbeats does not, and the players heard are bounded."""

from __future__ import annotations

from typing import Any

from daimyo_bus.messages import OnlineBeat
from daimyo_gateway.online import FRESH_BEATS, Online


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def nowhere(_subject: str, _message: Any) -> None:
    return None


async def test_a_player_heard_lately_is_online_until_gone_or_silent() -> None:
    clock = Clock()
    online = Online(nowhere, heartbeat_seconds=2.0, clock=clock)
    await online.heard("daimyo.online.a", OnlineBeat("a", 0.0))
    await online.heard("daimyo.online.b", OnlineBeat("b", 0.0))
    assert online.among(["c", "b", "a"]) == ["b", "a"]
    await online.heard("daimyo.online.a", OnlineBeat("a", 0.0, gone=True))
    assert online.among(["a", "b"]) == ["b"]
    clock.now += FRESH_BEATS * 2.0 + 0.1
    assert online.among(["b"]) == []


async def test_the_players_heard_are_bounded_the_least_recent_forgotten() -> None:
    online = Online(nowhere, clock=Clock(), known=2)
    for player in ("a", "b", "c"):
        await online.heard("daimyo.online.x", OnlineBeat(player, 0.0))
    assert online.among(["a", "b", "c"]) == ["b", "c"]
