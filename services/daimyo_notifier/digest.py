"""Email digests: what waits for a player's next email goes out as one message, at most once per
`interval`, to the verified address the accounts service knows, in the player's language, with an
RFC 8058 one-click unsubscribe (`List-Unsubscribe` + `List-Unsubscribe-Post`).

The interval is claimed first (a row per player: one replica wins it), then the mail is sent,
then its notices are marked: a crash between the send and the mark sends that digest again the
next interval (at least once), a crash before the send only delays it — nothing is skipped.
Without `DAIMYO_SMTP_URL` there is no email channel at all. The language: the account's saved one,
else the one the notices panel last saved.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import smtplib
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Protocol
from urllib.parse import unquote, urlencode, urlsplit

import structlog

from daimyo_notifier.accounts_client import Recipient
from daimyo_notifier.digest_text import compose
from daimyo_notifier.domain import Notice
from daimyo_notifier.store import NotifierStore

log = structlog.get_logger("daimyo_notifier")
SMTP_TIMEOUT = 10.0


class Addresses(Protocol):
    async def recipient(self, player_id: str) -> Recipient | None:
        """The player's verified address and language (None: none, or a guest)."""


class Mailer(Protocol):
    async def send(self, message: EmailMessage) -> None: ...


@dataclass(frozen=True)
class DigestConfig:
    public_url: str  # where the site is, for the links in a digest
    sender: str  # the From address
    interval_ms: int = 24 * 3_600_000
    secret: bytes = b""  # signs the one-click unsubscribe links


def unsubscribe_token(secret: bytes, player_id: str) -> str:
    return hmac.new(secret, f"unsubscribe:{player_id}".encode(), hashlib.sha256).hexdigest()


def token_matches(secret: bytes, player_id: str, token: str) -> bool:
    return bool(secret) and hmac.compare_digest(unsubscribe_token(secret, player_id), token)


class SmtpMailer:
    """`smtp://user:password@host:port` (STARTTLS when the server offers it) or `smtps://`; one
    connection a message, in a worker thread (smtplib blocks)."""

    def __init__(self, url: str) -> None:
        self._url = urlsplit(url)

    async def send(self, message: EmailMessage) -> None:
        await asyncio.to_thread(self._send, message)

    def _send(self, message: EmailMessage) -> None:
        url = self._url
        secure = url.scheme == "smtps"
        kind = smtplib.SMTP_SSL if secure else smtplib.SMTP
        port = url.port or (465 if secure else 25)
        with kind(url.hostname or "127.0.0.1", port, timeout=SMTP_TIMEOUT) as smtp:
            if not secure and smtp.has_extn("starttls"):
                smtp.starttls()
            if url.username:
                smtp.login(unquote(url.username), unquote(url.password or ""))
            smtp.send_message(message)


class Digests:
    def __init__(self, store: NotifierStore, addresses: Addresses, mailer: Mailer, config: DigestConfig,
                 now_ms: Callable[[], int]) -> None:
        self.store, self.addresses, self.mailer = store, addresses, mailer
        self.config, self.now_ms = config, now_ms

    async def pass_once(self) -> int:
        """Send every digest due now; how many went out."""
        now, interval = self.now_ms(), self.config.interval_ms
        sent = 0
        for player in await self.store.digest_due(now, interval):
            if await self.store.claim_digest(player, now, interval):
                sent += await self._send(player, now)
        return sent

    async def run(self, every_s: float = 30.0) -> None:
        while True:
            try:
                await self.pass_once()
            except Exception:  # an SMTP or database blip must not end the digests
                log.exception("digest_pass_failed")
            await asyncio.sleep(every_s)

    async def _send(self, player: str, now: int) -> int:
        notices = await self.store.waiting_for_digest(player)
        recipient = await self.addresses.recipient(player)
        if not notices:
            return 0
        if recipient is None:
            await self.store.mark_digested([n.key for n in notices], -1)
            return 0
        language = recipient.language or (await self.store.preferences(player)).locale
        await self.mailer.send(self.message(player, recipient.address, language, notices))
        await self.store.mark_digested([n.key for n in notices], now)
        return 1

    def message(self, player: str, address: str, locale: str, notices: list[Notice]) -> EmailMessage:
        base = self.config.public_url.rstrip("/")
        query = urlencode({"player": player, "token": unsubscribe_token(self.config.secret, player)})
        stop = f"{base}/api/notices/unsubscribe?{query}"
        digest = compose(notices, locale, f"{base}/#/mine", stop, self.config.interval_ms // 3_600_000)
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.config.sender, address, digest.subject
        message["List-Unsubscribe"] = f"<{stop}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(digest.body)
        message["Content-Language"] = locale  # after the content: set_content drops Content-* headers
        return message
