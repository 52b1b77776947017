"""An account's language over REST (issue 30): a gateway in front of a real accounts service
(Postgres). The account saves it with PUT /api/account/language and reads it in /api/account on
any device; an unknown tag is a 400 `malformed` and changes nothing; a guest keeps its choice in
its browser; the changes are paced per player. An email asked for through the gateway is written
in the asking page's language when the account saved none (a real SMTP server: aiosmtpd)."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, replace
from typing import Any

import aiohttp
import pytest
from aiosmtpd.controller import Controller

from daimyo_accounts.bootstrap import accounts_servicer
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.mail import SmtpMailer
from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.testing import scratch_store
from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import TEST_LIMITS, sign_in, start_test_gateway
from daimyo_kit.grpc_server import start_server
from tests.integration.test_accounts_email_and_data import Inbox

pytestmark = pytest.mark.integration
PASSWORD = "correct horse battery"


@dataclass
class Edge:
    gateway: RunningGateway
    http: aiohttp.ClientSession

    async def call(self, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {token}"}
        async with self.http.request(method, f"{self.gateway.url}{path}", json=body, headers=headers) as r:
            return r.status, await r.json()


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Inbox(), hostname="127.0.0.1", port=port)
    controller.start()
    yield controller.handler, port
    controller.stop()


@pytest.fixture
async def edge(database_url: str, nats_url: str, inbox: tuple[Inbox, int]) -> AsyncIterator[Edge]:
    passwords = Passwords()
    mailer = SmtpMailer(f"smtp://127.0.0.1:{inbox[1]}", "Daimyo <no-reply@localhost>")
    async with scratch_store(database_url) as store:
        handlers = AccountsHandlers(store, passwords, RelyingParty(), mail=mailer)
        server = await start_server([accounts_servicer(handlers)], port=0, host="127.0.0.1")
        gateway = await start_test_gateway(nats_url, "127.0.0.1:1", accounts_addr=f"127.0.0.1:{server.port}",
                                           limits=replace(TEST_LIMITS, guest_signins_per_minute=20))
        async with aiohttp.ClientSession() as http:
            yield Edge(gateway, http)
        await gateway.stop()
        await server.stop(grace=0)
    passwords.close()


async def account_token(edge: Edge, name: str) -> str:
    guest = await sign_in(edge.http, edge.gateway.url, "someone")
    status, upgraded = await edge.call("POST", "/api/account/upgrade", guest["token"],
                                       {"name": name, "password": PASSWORD})
    assert status == 200, upgraded
    token: str = upgraded["token"]
    return token


async def test_an_account_saves_its_language_and_another_device_reads_it(edge: Edge) -> None:
    token = await account_token(edge, "Kenji")
    assert (await edge.call("GET", "/api/account", token))[1]["language"] == ""
    status, saved = await edge.call("PUT", "/api/account/language", token, {"language": "pt-BR"})
    assert status == 200 and saved["language"] == "pt-BR"
    async with edge.http.post(f"{edge.gateway.url}/api/account/sign-in",
                              json={"name": "kenji", "password": PASSWORD}) as response:
        elsewhere = (await response.json())["token"]
    assert (await edge.call("GET", "/api/account", elsewhere))[1]["language"] == "pt-BR"


@pytest.mark.parametrize("language", ["klingon", "pt", 7, None])
async def test_an_unknown_language_is_malformed_and_changes_nothing(edge: Edge, language: object) -> None:
    token = await account_token(edge, "Kenji")
    await edge.call("PUT", "/api/account/language", token, {"language": "es"})
    status, refused = await edge.call("PUT", "/api/account/language", token, {"language": language})
    assert (status, refused["error"]) == (400, "malformed")
    assert (await edge.call("GET", "/api/account", token))[1]["language"] == "es"


async def test_a_guest_cannot_save_a_language_on_the_server(edge: Edge) -> None:
    guest = await sign_in(edge.http, edge.gateway.url, "someone")
    status, refused = await edge.call("PUT", "/api/account/language", guest["token"], {"language": "es"})
    assert (status, refused["error"]) == (409, "not_an_account")


async def test_language_changes_are_paced_per_player(edge: Edge) -> None:
    token = await account_token(edge, "Kenji")
    statuses = [(await edge.call("PUT", "/api/account/language", token, {"language": "es"}))[0]
                for _ in range(60)]
    assert statuses[:20] == [200] * 20 and set(statuses[20:]) == {429}


async def test_an_email_speaks_the_asking_pages_language_until_the_account_saves_one(
        edge: Edge, inbox: tuple[Inbox, int]) -> None:
    token = await account_token(edge, "Kenji")
    mails = inbox[0].mails
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "es-MX,es;q=0.9"}
    async with edge.http.post(f"{edge.gateway.url}/api/account/email", json={"address": "k@example.org"},
                              headers=headers):
        assert mails[-1]["Subject"] == "Daimyo: confirma tu dirección de correo"
    await edge.call("POST", "/api/account/email", token, {"address": "k@example.org", "locale": "zh-Hans"})
    assert mails[-1]["Subject"] == "Daimyo：请确认你的电子邮件地址"
    await edge.call("PUT", "/api/account/language", token, {"language": "pt-BR"})
    await edge.call("POST", "/api/account/email", token, {"address": "k@example.org", "locale": "zh-Hans"})
    assert mails[-1]["Subject"] == "Daimyo: confirme seu endereço de e-mail"
