"""When the gateway's NATS connection drops, each socket is told live updates paused; when it is
back, each watched game is caught up from the last version sent (what was published while NATS
was away never arrives), and the socket is told updates resumed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from daimyo_gateway.sessions import Session
from daimyo_gateway.tokens import Player
from tests.unit.gateway.fakes import FakeGames, FakeHub

ALICE = Player("g-alice", "Alice")


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def watching_session() -> tuple[Session, FakeHub, FakeGames, list[dict[str, Any]]]:
    games, hub, sent = FakeGames(), FakeHub(), []
    games.add("g1", [ALICE.player_id, "g-bob"], version=3)

    async def send(frame: dict[str, Any]) -> None:
        sent.append(frame)
    session = Session(ALICE, games, hub, send)  # type: ignore[arg-type]
    await session.start()
    await session.handle_text(json.dumps({"type": "subscribe", "game_id": "g1", "as": "spectator"}))
    await settle()
    return session, hub, games, sent


async def test_a_dropped_bus_is_announced_as_reconnecting() -> None:
    session, hub, _games, sent = await watching_session()
    hub.connection(False)
    await settle()
    assert sent[-1] == {"type": "status", "v": 1, "state": "reconnecting"}
    await session.close()


async def test_a_restored_bus_catches_each_watched_game_up_with_the_moves_missed() -> None:
    session, hub, games, sent = await watching_session()
    hub.connection(False)
    games.versions["g1"] = 5  # two moves made while NATS was away; their messages are lost
    hub.connection(True)
    await settle()
    views = [f for f in sent if f["type"] == "view"]
    assert {"type": "status", "v": 1, "state": "connected"} in sent
    assert views[-1]["version"] == 5 and [m["version"] for m in views[-1]["missed"]] == [4, 5]
    assert sent[-1]["type"] == "resynced" and sent[-1]["since_version"] == 3
    await session.close()


async def test_a_restored_bus_with_nothing_missed_sends_no_view_again() -> None:
    session, hub, _games, sent = await watching_session()
    views_before = sum(f["type"] == "view" for f in sent)
    hub.connection(False)
    hub.connection(True)
    await settle()
    assert sum(f["type"] == "view" for f in sent) == views_before
    await session.close()
