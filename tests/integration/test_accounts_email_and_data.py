"""Email (verification and password reset, through a real SMTP server: aiosmtpd), export and
deletion of an account, on real Postgres."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import AsyncIterator, Iterator
from email import message_from_bytes, policy
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from daimyo_accounts.domain import Refused
from daimyo_accounts.grpc_api import AccountsServicer
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.mail import SmtpMailer
from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.testing import FakeClock, scratch_store
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2 as pb

pytestmark = pytest.mark.integration
PASSWORD = "correct horse battery"


class Inbox:
    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def link(self, kind: str) -> str:
        body = self.mails[-1].get_payload(decode=True).decode()
        found = re.search(rf"#{kind}=([A-Za-z0-9_-]+)", body)
        assert found, body
        return found.group(1)


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


@pytest.fixture
async def accounts(database_url: str, inbox: tuple[Inbox, int]) -> AsyncIterator[AccountsHandlers]:
    passwords = Passwords()
    mailer = SmtpMailer(f"smtp://127.0.0.1:{inbox[1]}", "Daimyo <no-reply@localhost>")
    async with scratch_store(database_url) as store:
        yield AccountsHandlers(store, passwords, RelyingParty(), clock=FakeClock(), mail=mailer,
                               public_url="http://localhost:8080")
    passwords.close()


async def account(accounts: AccountsHandlers, name: str = "Kenji") -> str:
    guest = await accounts.create_guest("someone", "test")
    await accounts.upgrade_with_password(guest.account.player_id, name, PASSWORD)
    return guest.account.player_id


async def verified(accounts: AccountsHandlers, mails: Inbox, player_id: str) -> None:
    await accounts.set_email(player_id, "kenji@example.org")
    assert mails.mails[-1]["To"] == "kenji@example.org"
    done = await accounts.verify_email(mails.link("verify"))
    assert done.email_verified


async def test_an_address_is_verified_by_the_link_mailed_to_it(accounts: AccountsHandlers,
                                                               inbox: tuple[Inbox, int]) -> None:
    player_id = await account(accounts)
    before = await accounts.set_email(player_id, " kenji@example.org ")
    assert before.email == "kenji@example.org" and not before.email_verified
    token = inbox[0].link("verify")
    assert (await accounts.verify_email(token)).email_verified
    with pytest.raises(Refused) as again:
        await accounts.verify_email(token)
    assert again.value.code == "link_expired"


async def test_a_malformed_address_is_refused(accounts: AccountsHandlers) -> None:
    player_id = await account(accounts)
    for bad in ("kenji", "kenji@localhost", "a b@example.org", "x@y@example.org"):
        with pytest.raises(Refused) as caught:
            await accounts.set_email(player_id, bad)
        assert caught.value.code == "email_invalid"


async def test_a_reset_link_sets_a_password_once_and_ends_every_session(accounts: AccountsHandlers,
                                                                        inbox: tuple[Inbox, int]) -> None:
    player_id = await account(accounts)
    await verified(accounts, inbox[0], player_id)
    signed = await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "phone")
    await accounts.request_password_reset("kenji", "10.0.0.1")
    token = inbox[0].link("reset")
    ended = await accounts.reset_password(token, "a brand new secret")
    assert signed.session.session_id in {s.session_id for s in ended}
    await accounts.sign_in_with_password("Kenji", "a brand new secret", "a", "laptop")
    with pytest.raises(Refused) as again:
        await accounts.reset_password(token, "yet another secret")
    assert again.value.code == "link_expired"


async def test_a_reset_for_an_unknown_name_or_an_unverified_address_sends_nothing(
        accounts: AccountsHandlers, inbox: tuple[Inbox, int]) -> None:
    player_id = await account(accounts)
    await accounts.set_email(player_id, "kenji@example.org")  # not verified
    sent = len(inbox[0].mails)
    await accounts.request_password_reset("Kenji", "10.0.0.1")
    await accounts.request_password_reset("Nobody", "10.0.0.1")
    assert len(inbox[0].mails) == sent


async def test_an_export_holds_the_account_sessions_and_passkeys_but_no_secret(
        accounts: AccountsHandlers) -> None:
    player_id = await account(accounts)
    await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "phone")
    answer = await AccountsServicer(accounts).ExportAccount(pb.PlayerRequest(player_id=player_id), None)
    data = json.loads(answer.json)
    assert data["account"]["name"] == "Kenji" and data["account"]["has_password"]
    assert {s["device"] for s in data["sessions"]} == {"test", "phone"}
    assert "argon2" not in answer.json and "hash" not in answer.json


async def test_a_deleted_account_is_erased_its_sessions_end_and_its_name_frees_after_a_month(
        accounts: AccountsHandlers) -> None:
    player_id = await account(accounts)
    signed = await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "phone")
    ended = await accounts.delete_account(player_id)
    assert signed.session.session_id in {s.session_id for s in ended}
    gone = await accounts.account(player_id)
    assert gone.deleted and gone.display_name == "" and not gone.has_password
    assert await accounts.display_names([player_id]) == {player_id: ""}
    with pytest.raises(Refused):
        await accounts.sign_in_with_password("Kenji", PASSWORD, "b", "d")
    other = await accounts.create_guest("x", "test")
    with pytest.raises(Refused) as taken:
        await accounts.upgrade_with_password(other.account.player_id, "Kenji", PASSWORD)
    assert taken.value.code == "name_taken"
    assert isinstance(accounts.clock, FakeClock)
    accounts.clock.advance(days=31)
    await accounts.upgrade_with_password(other.account.player_id, "Kenji", PASSWORD)


# -- the account's language ---------------------------------------------------------------------


async def test_an_account_saves_its_language_and_an_unknown_tag_changes_nothing(
        accounts: AccountsHandlers) -> None:
    player_id = await account(accounts)
    assert (await accounts.account(player_id)).language == ""
    assert (await accounts.set_language(player_id, "zh-Hans")).language == "zh-Hans"
    with pytest.raises(Refused) as caught:
        await accounts.set_language(player_id, "klingon")
    assert caught.value.code == "malformed"
    assert (await accounts.account(player_id)).language == "zh-Hans"
    assert (await accounts.set_language(player_id, "")).language == ""


async def test_a_guest_keeps_its_language_in_its_browser(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("someone", "test")
    with pytest.raises(Refused) as caught:
        await accounts.set_language(guest.account.player_id, "es")
    assert caught.value.code == "not_an_account"


async def test_a_portuguese_account_is_mailed_in_portuguese_whatever_the_request_speaks(
        accounts: AccountsHandlers, inbox: tuple[Inbox, int]) -> None:
    player_id = await account(accounts)
    await accounts.set_language(player_id, "pt-BR")
    await accounts.set_email(player_id, "kenji@example.org", locale="es")
    assert inbox[0].mails[-1]["Subject"] == "Daimyo: confirme seu endereço de e-mail"
    assert inbox[0].mails[-1]["Content-Language"] == "pt-BR"
    await accounts.verify_email(inbox[0].link("verify"))
    await accounts.request_password_reset("Kenji", "10.0.0.1", locale="en-US,en")
    assert inbox[0].mails[-1]["Subject"] == "Daimyo: escolha uma nova senha"


async def test_without_a_saved_language_the_request_speaks_else_english(
        accounts: AccountsHandlers, inbox: tuple[Inbox, int]) -> None:
    player_id = await account(accounts)
    await accounts.set_email(player_id, "kenji@example.org", locale="es-MX,es;q=0.9")
    assert inbox[0].mails[-1]["Subject"] == "Daimyo: confirma tu dirección de correo"
    await accounts.set_email(player_id, "kenji@example.org", locale="zh-CN")
    assert "确认" in inbox[0].mails[-1]["Subject"]
    await accounts.set_email(player_id, "kenji@example.org")
    assert inbox[0].mails[-1]["Subject"] == "Daimyo: confirm your email address"


async def test_a_deleted_account_forgets_its_language(accounts: AccountsHandlers) -> None:
    player_id = await account(accounts)
    await accounts.set_language(player_id, "es")
    await accounts.delete_account(player_id)
    assert (await accounts.account(player_id)).language == ""
