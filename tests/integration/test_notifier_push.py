"""The notifier on real Postgres against a local push service that speaks the receiving side of
Web Push: what a game's notices become on a player's devices, decrypted with the device's own key."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import psycopg
import pytest
from psycopg import sql

from daimyo_bus.messages import GameNotices, SeatNotice
from daimyo_kit.credentials import vapid_private_key
from daimyo_notifier.bootstrap import connected
from daimyo_notifier.domain import InvalidRequest, Preferences
from daimyo_notifier.handlers import NotifierHandlers, Policy
from daimyo_notifier.push import PushSender, public_key, vapid_from_key
from daimyo_notifier.sender import Sender
from tests.support.push_service import PushService

pytestmark = pytest.mark.integration
DAY_MS = 86_400_000
NOON = 1_767_268_800_000  # 2026-01-01 12:00 UTC


@dataclass
class Rig:
    push: PushService
    handlers: NotifierHandlers
    sender: Sender
    server_key: str
    clock: list[int]

    async def device(self, player: str) -> str:
        device = self.push.subscribe(self.server_key)
        await self.handlers.subscribe(player, device.endpoint, device.p256dh, device.auth_b64, "en")
        return device.sid


@pytest.fixture
async def rig(database_url: str) -> AsyncIterator[Rig]:
    push = PushService()
    origin = await push.start()
    schema = f"test_notifier_{uuid.uuid4().hex[:10]}"
    vapid = vapid_from_key(vapid_private_key())
    clock = [NOON]
    async with aiohttp.ClientSession() as session:
        sender = PushSender(vapid, "mailto:ops@daimyo.test", session)
        async with connected(database_url, Policy((origin,)), sender.send, schema=schema,
                             now_ms=lambda: clock[0]) as (handlers, loop):
            yield Rig(push, handlers, loop, public_key(vapid), clock)
    await push.stop()
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


def your_turn(game_id: str, version: int, player: str, deadline_ms: int = 0) -> GameNotices:
    return GameNotices(game_id, "samurai", version, (SeatNotice("your_turn", 1, player, deadline_ms),))


async def test_your_turn_reaches_every_device_of_the_player_encrypted_for_each(rig: Rig) -> None:
    phone, laptop = await rig.device("ann"), await rig.device("ann")
    await rig.handlers.ingest(your_turn("g1", 4, "ann", NOON + 3 * DAY_MS))
    assert await rig.sender.pass_once() == 2
    for sid in (phone, laptop):
        assert rig.push.received(sid) == [{"key": "g1:4:your_turn:ann", "kind": "your_turn", "game_id": "g1",
                                           "game": "samurai", "version": 4, "deadline_ms": NOON + 3 * DAY_MS,
                                           "locale": "en"}]
    assert not rig.push.refused


async def test_the_same_event_read_twice_makes_one_notice(rig: Rig) -> None:
    sid = await rig.device("bea")
    assert await rig.handlers.ingest(your_turn("g2", 7, "bea")) == 1
    assert await rig.handlers.ingest(your_turn("g2", 7, "bea")) == 0  # a redelivery
    await rig.sender.pass_once()
    await rig.sender.pass_once()
    assert rig.push.posts == 1 and len(rig.push.received(sid)) == 1


async def test_a_day_before_the_deadline_the_player_hears_that_time_runs_low(rig: Rig) -> None:
    sid = await rig.device("cat")
    await rig.handlers.ingest(your_turn("g3", 2, "cat", NOON + 3 * DAY_MS))
    await rig.sender.pass_once()
    rig.clock[0] = NOON + 2 * DAY_MS - 1
    await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(sid)] == ["your_turn"]
    rig.clock[0] = NOON + 2 * DAY_MS
    await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(sid)] == ["your_turn", "time_low"]


async def test_a_move_made_in_time_cancels_the_reminder(rig: Rig) -> None:
    sid = await rig.device("dan")
    await rig.handlers.ingest(your_turn("g4", 2, "dan", NOON + 3 * DAY_MS))
    await rig.sender.pass_once()
    await rig.handlers.ingest(your_turn("g4", 3, "eve", NOON + 4 * DAY_MS))  # dan moved
    rig.clock[0] = NOON + 2 * DAY_MS
    await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(sid)] == ["your_turn"]


async def test_a_vacation_tells_the_opponent_and_moves_the_reminder_silently(rig: Rig) -> None:
    ann, bob = await rig.device("ann2"), await rig.device("bob2")
    await rig.handlers.ingest(your_turn("g9", 2, "ann2", NOON + 3 * DAY_MS))
    await rig.sender.pass_once()
    away = NOON + 10 * DAY_MS
    await rig.handlers.ingest(GameNotices("g9", "samurai", 3, (
        SeatNotice("deadline_moved", 0, "ann2", NOON + 13 * DAY_MS),
        SeatNotice("vacation", 1, "bob2", away))))
    rig.clock[0] = NOON + 2 * DAY_MS  # the old reminder's time: it is gone
    await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(ann)] == ["your_turn"]
    assert [(n["kind"], n["deadline_ms"]) for n in rig.push.received(bob)] == [("vacation", away)]
    rig.clock[0] = NOON + 12 * DAY_MS
    await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(ann)] == ["your_turn", "time_low"]


async def test_a_muted_kind_is_not_pushed_and_quiet_hours_hold_a_notice_until_they_end(rig: Rig) -> None:
    sid = await rig.device("fay")
    await rig.handlers.set_preferences(Preferences("fay", frozenset({("game_ended", "push")}), "Asia/Tokyo",
                                                   21 * 60, 8 * 60))  # noon UTC is 21:00 in Tokyo
    await rig.handlers.ingest(GameNotices("g5", "samurai", 9, (SeatNotice("game_ended", 0, "fay"),)))
    await rig.handlers.ingest(your_turn("g6", 1, "fay"))
    await rig.sender.pass_once()
    assert rig.push.received(sid) == []
    rig.clock[0] = NOON + 11 * 3600 * 1000 - 1  # 07:59 in Tokyo
    await rig.sender.pass_once()
    assert rig.push.received(sid) == []
    rig.clock[0] = NOON + 11 * 3600 * 1000  # 08:00 in Tokyo
    await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(sid)] == ["your_turn"]


async def test_a_turn_notice_not_yet_sent_when_the_player_moved_is_not_sent(rig: Rig) -> None:
    sid = await rig.device("joe")
    await rig.handlers.ingest(your_turn("g8", 2, "joe"))
    await rig.handlers.ingest(your_turn("g8", 3, "kim"))  # joe moved from another tab meanwhile
    await rig.sender.pass_once()
    assert rig.push.received(sid) == []


async def test_a_device_the_push_service_says_is_gone_is_forgotten(rig: Rig) -> None:
    sid = await rig.device("gus")
    rig.push.gone.add(sid)
    await rig.handlers.ingest(your_turn("g7", 1, "gus"))
    await rig.sender.pass_once()
    assert (await rig.handlers.preferences("gus"))[1] == 0
    await rig.handlers.ingest(your_turn("g7", 3, "gus"))
    assert await rig.sender.pass_once() == 0


async def test_a_failing_push_service_is_tried_again_later_and_given_up_on_at_last(rig: Rig) -> None:
    flaky, broken = await rig.device("lou"), await rig.device("max")
    rig.push.failing.update({flaky: 2, broken: 100})
    await rig.handlers.ingest(your_turn("g10", 1, "lou"), your_turn("g11", 1, "max"))
    await rig.sender.pass_once()
    assert rig.push.received(flaky) == []
    for _ in range(10):  # each retry waits twice as long as the one before: 1 s, 2 s, 4 s, ...
        rig.clock[0] += 600_000
        await rig.sender.pass_once()
    assert [n["kind"] for n in rig.push.received(flaky)] == ["your_turn"]
    assert rig.push.received(broken) == [] and rig.push.failing[broken] == 100 - 8  # 8 attempts, then dropped
    assert (await rig.handlers.store.counts())["pending"] == 0


async def test_a_device_that_changes_hands_never_gets_its_old_owners_notices(rig: Rig) -> None:
    device = rig.push.subscribe(rig.server_key)
    await rig.handlers.subscribe("old", device.endpoint, device.p256dh, device.auth_b64, "en")
    rig.push.failing[device.sid] = 1  # the old owner's notice is still to be sent ...
    await rig.handlers.ingest(your_turn("g12", 1, "old"))
    await rig.sender.pass_once()
    await rig.handlers.subscribe("new", device.endpoint, device.p256dh, device.auth_b64, "en")  # ... when
    rig.clock[0] += 600_000
    await rig.sender.pass_once()
    assert rig.push.received(device.sid) == []
    assert (await rig.handlers.store.counts())["pending"] == 0


async def test_one_subscription_per_device_and_only_allowed_push_services(rig: Rig) -> None:
    device = rig.push.subscribe(rig.server_key)
    for player in ("hal", "ivy"):  # the same browser, signed in as someone else
        await rig.handlers.subscribe(player, device.endpoint, device.p256dh, device.auth_b64, "es")
    assert (await rig.handlers.preferences("hal"))[1] == 0
    assert (await rig.handlers.preferences("ivy"))[1] == 1
    with pytest.raises(InvalidRequest, match="not an allowed push service"):
        await rig.handlers.subscribe("ivy", "http://169.254.169.254/latest", device.p256dh, device.auth_b64,
                                     "en")
    with pytest.raises(InvalidRequest, match="p256dh"):
        await rig.handlers.subscribe("ivy", device.endpoint, "AAAA", device.auth_b64, "en")
