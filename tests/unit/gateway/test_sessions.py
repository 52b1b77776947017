"""One browser session over fake ports: seats stay with their owners, views arrive once and in
order, a gap or a reconnect is healed by a resync that lists what was missed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from daimyo_bus import subjects
from daimyo_bus.messages import PlayerNotice
from daimyo_gateway import frames
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.sessions import Session
from daimyo_gateway.tokens import Player
from tests.unit.gateway.fakes import FakeGames, FakeHub

ALICE, BOB = Player("g-alice", "Alice"), Player("g-bob", "Bob")


class Harness:
    """A session whose frames land in `sent`; `straight` gives it the socket's direct way out
    (the next view of an up-to-date watch skips the inbox), as the gateway does."""

    def __init__(self, player: Player = ALICE, straight: bool = True) -> None:
        self.games, self.hub = FakeGames(), FakeHub()
        self.sent: list[dict[str, Any]] = []
        self.games.add("g1", [ALICE.player_id, BOB.player_id], version=3)

        def send_now(frame: frames.ServerFrame | bytes) -> None:  # a forwarded view is the bytes it came as
            self.sent.append(json.loads(frame if isinstance(frame, bytes) else frames.encode(frame)))

        async def send(frame: frames.ServerFrame | bytes) -> None:
            send_now(frame)
        self.session = Session(player, self.games, self.hub, send,  # type: ignore[arg-type]
                               send_now=send_now if straight else None)

    async def frame(self, **frame: Any) -> None:
        await self.session.handle_text(json.dumps(frame))
        await settle()

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.sent if f["type"] == kind]

    def notices(self, code: str) -> list[dict[str, Any]]:
        """The arguments of every `notice` frame with this code, in order."""
        return [f["args"] for f in self.of("notice") if f["code"] == code]

    def publish(self, seat: int | None, version: int) -> None:
        subject = subjects.watch("g1") if seat is None else subjects.seat("g1", seat)
        self.games.versions["g1"] = max(self.games.versions["g1"], version)
        self.hub.publish(subject, self.games.message("g1", seat, version))


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


@pytest.fixture(params=[True, False], ids=["straight", "through-the-inbox"])
async def harness(request: pytest.FixtureRequest) -> Any:
    h = Harness(straight=request.param)
    await h.session.start()
    yield h
    await h.session.close()


async def test_subscribing_to_your_seat_sends_the_current_view_then_resynced(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    view, resynced = harness.of("view")[0], harness.of("resynced")[0]
    assert view["version"] == 3 and view["view"]["hand"] == ["tile-of-0"]
    assert resynced["version"] == 3


async def test_subscribing_to_another_seat_is_forbidden_and_subscribes_nothing(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", ref="x", **{"as": 1})
    error = harness.of("error")[0]
    assert error["code"] == "forbidden" and error["ref"] == "x"
    assert not harness.hub.listeners.get(subjects.seat("g1", 1))
    assert not harness.of("view")


async def test_live_views_arrive_once_each_in_version_order(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    for version in (4, 4, 3, 5, 5, 6):
        harness.publish(0, version)
    await settle()
    assert [f["version"] for f in harness.of("view")] == [3, 4, 5, 6]


async def test_a_gap_is_healed_by_a_resync_listing_the_missed_versions(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    harness.publish(0, 6)
    await settle()
    catch_up = harness.of("view")[-1]
    assert catch_up["version"] == 6
    assert [m["version"] for m in catch_up["missed"]] == [4, 5, 6]
    harness.publish(0, 7)
    await settle()
    assert [f["version"] for f in harness.of("view")] == [3, 6, 7]


async def test_a_reconnect_at_the_current_version_sends_no_view_again(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", since_version=3, **{"as": 0})
    assert not harness.of("view")
    assert harness.of("resynced")[0]["version"] == 3


async def test_a_spectator_never_gets_a_seat_view(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": "spectator"})
    harness.publish(0, 4)
    harness.publish(None, 4)
    await settle()
    assert all("hand" not in f["view"] for f in harness.of("view"))
    assert [f["version"] for f in harness.of("view")] == [3, 4]


async def test_a_move_is_submitted_for_the_players_own_seat(harness: Harness) -> None:
    await harness.frame(type="move", game_id="g1", move={"type": "pass"}, command_id="c1")
    assert harness.games.submitted == [("g1", 0, {"type": "pass"}, ALICE.player_id)]
    ack = harness.of("ack")[0]
    assert ack == {"type": "ack", "v": 1, "game_id": "g1", "command_id": "c1", "version": 4, "ref": None}


async def test_a_stale_move_brings_the_page_up_to_the_view_it_missed(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    harness.games.versions["g1"] = 5  # versions 4 and 5 were made, their views never reached this socket

    async def stale(*_: Any) -> int:
        raise ServiceError("stale", "stale version: you saw version 3, the game is at 5")
    harness.games.submit_move = stale  # type: ignore[method-assign, assignment]
    await harness.frame(type="move", game_id="g1", move={"type": "pass"}, expected_version=3, ref="m")
    assert harness.of("error")[0]["code"] == "stale"
    assert harness.of("view")[-1]["version"] == 5 and harness.of("resynced")[-1]["version"] == 5


async def test_a_move_in_a_game_without_your_seat_is_forbidden() -> None:
    h = Harness(Player("g-carol", "Carol"))
    await h.frame(type="move", game_id="g1", move={"type": "pass"}, ref="m")
    assert h.of("error")[0]["code"] == "forbidden"
    assert not h.games.submitted


async def test_after_a_malformed_frame_the_session_still_answers(harness: Harness) -> None:
    await harness.session.handle_text("{{{")
    await harness.frame(type="ping", ref=9)
    assert harness.of("error")[0]["code"] == "malformed"
    assert harness.of("pong") == [{"type": "pong", "v": 1, "ref": 9}]


async def test_a_frame_of_another_protocol_version_is_refused_and_changes_nothing(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", v=2, ref="r", **{"as": 0})
    error = harness.of("error")[0]
    assert error["code"] == "unsupported_version" and error["ref"] == "r"
    assert error["args"] == {"version": 2, "supported": 1}
    assert not harness.of("view") and not harness.hub.listeners.get(subjects.seat("g1", 0))


async def test_a_frame_saying_version_1_is_served_like_one_without_a_version(harness: Harness) -> None:
    await harness.frame(type="ping", v=1, ref="a")
    await harness.frame(type="ping", ref="b")
    assert [f["ref"] for f in harness.of("pong")] == ["a", "b"]


async def test_match_found_on_the_players_subject_reaches_the_browser(harness: Harness) -> None:
    harness.hub.publish(subjects.player(ALICE.player_id), PlayerNotice.match_found("g9", 1, "samurai"))
    await settle()
    found = {"game_id": "g9", "seat": 1, "game": "samurai", "ticket_id": None}
    assert harness.of("notice") == [{"type": "notice", "v": 1, "code": "match_found", "args": found}]


def your_turn(game_id: str, seat: int, version: int) -> PlayerNotice:
    return PlayerNotice({"type": "your_turn", "game_id": game_id, "game": "samurai", "version": version,
                         "seat": seat, "time_left_ms": -1, "deadline_ms": 0, "time_control": ""})


async def test_your_turn_reaches_the_browser_unless_its_view_already_did(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    harness.publish(0, 4)
    await settle()
    for notice in (your_turn("g1", 0, 4), your_turn("g1", 0, 5), your_turn("g9", 0, 2)):
        harness.hub.publish(subjects.player(ALICE.player_id), notice)
    await settle()
    assert [(a["game_id"], a["version"]) for a in harness.notices("your_turn")] == [("g1", 5), ("g9", 2)]


async def test_closing_releases_every_subscription(harness: Harness) -> None:
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    await harness.session.close()
    assert not any(harness.hub.listeners.values())


async def test_a_resubscribe_while_the_first_snapshot_is_still_loading_shows_each_version_once(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    database_back = asyncio.Event()
    real_get_view = harness.games.get_view

    async def slow_get_view(game_id: str, viewer: Any) -> Any:  # the database is away for a while
        await database_back.wait()
        return await real_get_view(game_id, viewer)
    monkeypatch.setattr(harness.games, "get_view", slow_get_view)
    await harness.frame(type="subscribe", game_id="g1", **{"as": 0})
    await harness.frame(type="subscribe", game_id="g1", since_version=2, **{"as": 0})
    database_back.set()
    await settle()
    assert [f["version"] for f in harness.of("view")] == [3]
