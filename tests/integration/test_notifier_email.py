"""Email digests through a real SMTP server (aiosmtpd): what waits for a player goes out as one
message in their language, at most once per interval, with an RFC 8058 one-click unsubscribe that
works; a player without an address gets nothing and is not asked again."""

from __future__ import annotations

import email
import email.policy
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

import psycopg
import pytest
from aiosmtpd.controller import Controller
from psycopg import sql

from daimyo_bus.messages import GameNotices, SeatNotice
from daimyo_devkit.embedded import free_port
from daimyo_notifier.accounts_client import Recipient
from daimyo_notifier.bootstrap import connected
from daimyo_notifier.digest import DigestConfig, Digests, SmtpMailer
from daimyo_notifier.domain import Preferences
from daimyo_notifier.handlers import NotifierHandlers, Policy
from daimyo_notifier.push import Outcome
from daimyo_notifier.sender import SenderConfig
from daimyo_notifier.store import Delivery

pytestmark = pytest.mark.integration
HOUR = 3_600_000
NOON = 1_767_268_800_000
SECRET = b"k" * 32


class Inbox:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append(parsed)
        return "250 OK"


class Book:
    async def recipient(self, player_id: str) -> Recipient | None:
        found = {"ana": Recipient("ana@example.test", ""), "bo": Recipient("bo@example.test", "")}
        return found.get(player_id)


@dataclass
class Rig:
    inbox: Inbox
    handlers: NotifierHandlers
    digests: Digests
    clock: list[int]

    async def turn(self, game: str, version: int, player: str) -> None:
        await self.handlers.ingest(GameNotices(game, "samurai", version, (
            SeatNotice("your_turn", 0, player, self.clock[0] + 72 * HOUR),)))

    async def deliver(self) -> None:
        await self.sender.pass_once()
        await self.digests.pass_once()

    sender: Any = None


async def no_push(_delivery: Delivery) -> Outcome:
    return Outcome.SENT


@pytest.fixture
async def rig(database_url: str) -> AsyncIterator[Rig]:
    inbox, port = Inbox(), free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    schema, clock = f"test_notifier_{uuid.uuid4().hex[:10]}", [NOON]
    policy = Policy(("https://push.test",), unsubscribe_secret=SECRET)
    try:
        async with connected(database_url, policy, no_push, SenderConfig(email=True), schema,
                             now_ms=lambda: clock[0]) as (handlers, sender):
            config = DigestConfig("https://daimyo.test", "Daimyo <n@daimyo.test>", 24 * HOUR, SECRET)
            digests = Digests(handlers.store, Book(), SmtpMailer(f"smtp://127.0.0.1:{port}"), config,
                              lambda: clock[0])
            yield Rig(inbox, handlers, digests, clock, sender)
    finally:
        smtp.stop()
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


async def test_turns_waiting_go_out_as_one_digest_in_the_players_language(rig: Rig) -> None:
    await rig.handlers.set_preferences(Preferences("ana", locale="pt-BR"))
    await rig.turn("g1", 3, "ana")
    await rig.turn("g2", 5, "ana")
    await rig.deliver()
    (message,) = rig.inbox.messages
    assert message["To"] == "ana@example.test"
    assert message["Subject"] == "Daimyo: 2 partidas esperam sua jogada"
    assert message["Content-Language"] == "pt-BR"
    body = message.get_content()
    assert body.count("Samurai: é a sua jogada (até 4 de jan. de 2026)") == 2
    assert "https://daimyo.test/#/mine" in body


async def test_at_most_one_digest_per_interval(rig: Rig) -> None:
    await rig.turn("g3", 2, "bo")
    await rig.deliver()
    rig.clock[0] += HOUR
    await rig.turn("g4", 2, "bo")
    await rig.deliver()
    assert len(rig.inbox.messages) == 1  # the second turn waits for the next interval
    rig.clock[0] += 23 * HOUR
    await rig.deliver()
    assert len(rig.inbox.messages) == 2
    assert rig.inbox.messages[1]["Subject"] == "Daimyo: 1 game awaits your move"


async def test_the_one_click_unsubscribe_link_stops_every_email(rig: Rig) -> None:
    await rig.turn("g5", 2, "bo")
    await rig.deliver()
    (message,) = rig.inbox.messages
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message["List-Unsubscribe"].strip("<>")
    assert link.startswith("https://daimyo.test/api/notices/unsubscribe?")
    query = parse_qs(urlsplit(link).query)
    with pytest.raises(ValueError, match="not valid"):
        await rig.handlers.unsubscribe_email("bo", "0" * 64)
    assert await rig.handlers.unsubscribe_email(query["player"][0], query["token"][0])
    rig.clock[0] += 48 * HOUR
    await rig.turn("g6", 2, "bo")
    await rig.deliver()
    assert len(rig.inbox.messages) == 1


async def test_a_player_without_an_address_gets_nothing_and_is_not_asked_again(rig: Rig) -> None:
    await rig.turn("g7", 2, "guest-1")
    await rig.deliver()
    rig.clock[0] += 48 * HOUR
    assert await rig.digests.pass_once() == 0 and rig.inbox.messages == []
    assert await rig.handlers.store.digest_due(rig.clock[0], 24 * HOUR) == []
