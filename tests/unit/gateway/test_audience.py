"""A game's watchers counted: each spectator once however many tabs, never a seated player, and
every socket on the game told when the count changes (issue 33, "n watching")."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from daimyo_gateway import audience, frames
from daimyo_gateway.audience import Audience
from daimyo_gateway.sessions import Session
from daimyo_gateway.tokens import Player
from tests.unit.gateway.fakes import FakeGames, FakeHub

ALICE, BOB, CARA, DAN = (Player(f"g-{n}", n.title()) for n in ("alice", "bob", "cara", "dan"))


class Ear:
    def __init__(self) -> None:
        self.heard: list[tuple[str, int]] = []

    def __call__(self, game_id: str, count: int) -> None:
        self.heard.append((game_id, count))


def test_a_spectator_counts_once_however_many_sockets_they_open() -> None:
    seen, ear, tab1, tab2 = Audience(), Ear(), Ear(), Ear()
    seen.join("g1", ear)
    seen.join("g1", tab1, "cara")
    seen.join("g1", tab2, "cara")
    assert seen.count("g1") == 1 and ear.heard == [("g1", 0), ("g1", 1)]
    seen.leave("g1", tab1, "cara")
    assert seen.count("g1") == 1 and ear.heard[-1] == ("g1", 1)
    seen.leave("g1", tab2, "cara")
    assert seen.count("g1") == 0 and ear.heard[-1] == ("g1", 0)


def test_a_newcomer_hears_the_count_at_once_and_others_only_when_it_changes() -> None:
    seen, player, other_player = Audience(), Ear(), Ear()
    seen.join("g1", player)
    seen.join("g1", other_player)
    assert player.heard == [("g1", 0)] and other_player.heard == [("g1", 0)]


def test_a_game_nobody_watches_any_more_is_forgotten() -> None:
    seen, ear = Audience(), Ear()
    seen.join("g1", ear, "cara")
    seen.leave("g1", ear, "cara")
    assert seen._watchers == {} and seen._listeners == {}


def test_the_count_shown_is_bounded() -> None:
    seen, ear = Audience(), Ear()
    for n in range(audience.MAX_SHOWN + 5):
        seen.join("g1", ear, f"p{n}")
    assert seen.count("g1") == audience.MAX_SHOWN


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_sessions_tell_everyone_how_many_watch_and_a_seated_player_is_not_counted() -> None:
    games, hub, seen = FakeGames(), FakeHub(), Audience()
    games.add("g1", [ALICE.player_id, BOB.player_id], version=3)
    sent: dict[str, list[dict[str, Any]]] = {}

    def session(player: Player) -> Session:
        def send_now(frame: frames.ServerFrame | bytes) -> None:
            text = frame if isinstance(frame, bytes) else frames.encode(frame)
            sent.setdefault(player.name, []).append(json.loads(text))

        async def send(frame: frames.ServerFrame | bytes) -> None:
            send_now(frame)
        return Session(player, games, hub, send, send_now=send_now, audience=seen)  # type: ignore[arg-type]

    alice, bob, cara, dan = (session(p) for p in (ALICE, BOB, CARA, DAN))
    for s in (alice, bob, cara, dan):
        await s.start()
    await alice.handle_text(json.dumps({"type": "subscribe", "game_id": "g1", "as": 0}))
    await bob.handle_text(json.dumps({"type": "subscribe", "game_id": "g1", "as": "spectator"}))  # seated
    await cara.handle_text(json.dumps({"type": "subscribe", "game_id": "g1", "as": "spectator"}))
    await dan.handle_text(json.dumps({"type": "subscribe", "game_id": "g1", "as": "spectator"}))
    await settle()
    counts = {name: [f["count"] for f in got if f["type"] == "watching"] for name, got in sent.items()}
    assert counts == {"Alice": [0, 1, 2], "Bob": [0, 1, 2], "Cara": [1, 2], "Dan": [2]}
    await dan.close()
    await settle()
    assert sent["Alice"][-1] == {"type": "watching", "v": 1, "game_id": "g1", "count": 1}
    for s in (alice, bob, cara):
        await s.close()
    assert seen.count("g1") == 0
