"""A game's watchers counted: each spectator once however many tabs, never a seated player, and
every socket on the game told when the count changes (issue 33, "n watching"); with several
gateways, the sum of their counts, each published on change, at a heartbeat and when asked, and
forgotten when its gateway falls silent."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from daimyo_bus.messages import AudienceCount
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


async def test_a_spectator_counts_once_however_many_sockets_they_open() -> None:
    seen, ear, tab1, tab2 = Audience(), Ear(), Ear(), Ear()
    await seen.join("g1", ear)
    await seen.join("g1", tab1, "cara")
    await seen.join("g1", tab2, "cara")
    assert seen.count("g1") == 1 and ear.heard == [("g1", 0), ("g1", 1)]
    await seen.leave("g1", tab1, "cara")
    assert seen.count("g1") == 1 and ear.heard[-1] == ("g1", 1)
    await seen.leave("g1", tab2, "cara")
    assert seen.count("g1") == 0 and ear.heard[-1] == ("g1", 0)


async def test_a_newcomer_hears_the_count_at_once_and_others_only_when_it_changes() -> None:
    seen, player, other_player = Audience(), Ear(), Ear()
    await seen.join("g1", player)
    await seen.join("g1", other_player)
    assert player.heard == [("g1", 0)] and other_player.heard == [("g1", 0)]


async def test_a_game_nobody_watches_any_more_is_forgotten() -> None:
    seen, ear = Audience(), Ear()
    await seen.join("g1", ear, "cara")
    await seen.leave("g1", ear, "cara")
    assert seen._watchers == {} and seen._listeners == {}


async def test_the_count_shown_is_bounded() -> None:
    seen, ear = Audience(), Ear()
    for n in range(audience.MAX_SHOWN + 5):
        await seen.join("g1", ear, f"p{n}")
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


class Replicas:
    """Gateways sharing one in-memory bus: what one publishes every other's hub delivers."""

    def __init__(self) -> None:
        self.hub, self.now = FakeHub(), 1000.0
        self.published: list[tuple[str, Any]] = []

    async def publish(self, subject: str, message: Any) -> None:
        self.published.append((subject, message))
        self.hub.publish(subject, message)

    def gateway(self, name: str, heartbeat: float = audience.HEARTBEAT_SECONDS) -> Audience:
        return Audience(self.hub, self.publish, replica=name, heartbeat=heartbeat,  # type: ignore[arg-type]
                        clock=lambda: self.now)


async def test_the_count_is_the_sum_over_gateways_and_each_change_reaches_the_other() -> None:
    bus = Replicas()
    first, second = bus.gateway("gw-a"), bus.gateway("gw-b")
    player, cara, dan, eve = Ear(), Ear(), Ear(), Ear()
    await first.join("g1", player)
    await first.join("g1", cara, "cara")
    await second.join("g1", dan, "dan")
    await second.join("g1", eve, "eve")
    await settle()
    assert first.count("g1") == second.count("g1") == 3
    assert player.heard[-1] == ("g1", 3) and dan.heard[-1] == ("g1", 3)
    await second.leave("g1", eve, "eve")
    await settle()
    assert player.heard[-1] == ("g1", 2) and first.count("g1") == 2
    await second.leave("g1", dan, "dan")
    assert first.count("g1") == 1 and second._remote == {}


async def test_a_gateway_new_to_a_game_asks_and_hears_the_others_at_once() -> None:
    bus = Replicas()
    first, second = bus.gateway("gw-a"), bus.gateway("gw-b")
    await first.join("g1", Ear(), "cara")
    await first.join("g1", Ear(), "dan")
    newcomer = Ear()
    await second.join("g1", newcomer)  # a seated player, served by the other gateway
    await settle()
    assert newcomer.heard == [("g1", 0), ("g1", 2)]
    asks = [m for _, m in bus.published if m.ask]
    assert [m.replica for m in asks] == ["gw-a", "gw-b"]  # each asked once, when it began serving g1


async def test_a_silent_gateway_is_forgotten_after_a_few_heartbeats_and_a_live_one_kept() -> None:
    bus = Replicas()
    first, second, third = bus.gateway("gw-a"), bus.gateway("gw-b"), bus.gateway("gw-c")
    player = Ear()
    await first.join("g1", player)
    await second.join("g1", Ear(), "cara")
    await third.join("g1", Ear(), "dan")
    await settle()
    assert first.count("g1") == 2
    bus.now += audience.FRESH_BEATS * audience.HEARTBEAT_SECONDS - 1
    await third._say("g1")  # gw-c's heartbeat; gw-b died without a word
    bus.now += 2
    first.expire()
    assert first.count("g1") == 1 and player.heard[-1] == ("g1", 1)


async def test_a_gateway_heartbeats_its_counts_while_someone_watches() -> None:
    bus = Replicas()
    first = bus.gateway("gw-a", heartbeat=0.02)
    first.start()
    await first.join("g1", Ear(), "cara")
    await asyncio.sleep(0.1)
    await first.stop()
    beats = [m for subject, m in bus.published if subject == "daimyo.audience.g1" and not m.ask]
    assert len(beats) >= 3 and all(m.count == 1 for m in beats)


async def test_the_other_gateways_kept_are_bounded() -> None:
    bus = Replicas()
    first = bus.gateway("gw-a")
    await first.join("g1", Ear())
    for n in range(audience.MAX_REPLICAS + 10):
        await bus.publish("daimyo.audience.g1", AudienceCount(f"gw-{n}", 1, 0.0))
    assert len(first._remote["g1"]) == audience.MAX_REPLICAS and first.count("g1") == audience.MAX_REPLICAS
