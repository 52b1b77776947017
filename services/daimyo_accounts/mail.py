"""Sending the accounts service's two emails (verify an address, reset a password).

Email is optional. With `DAIMYO_SMTP_URL` (`smtp://user:password@host:port`, or `smtps://` for
TLS from the start; `smtp://` upgrades with STARTTLS when the server offers it) messages go
through that server, one connection each, in a worker thread (smtplib blocks). Without it the
link is written to the service's log instead, which is what `make run` shows a developer. The
messages carry only the link: the client's catalogues have no say in an email, so the text is
short, English, and the link is what matters.
"""

from __future__ import annotations

import asyncio
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Protocol
from urllib.parse import unquote, urlsplit

import structlog

_log = structlog.get_logger("daimyo_accounts.mail")
SUBJECTS = {"verify": "Daimyo: confirm your email address", "reset": "Daimyo: choose a new password"}
BODIES = {
    "verify": "Open this link to confirm this address for your Daimyo account:\n\n{link}\n",
    "reset": "Open this link to choose a new password for your Daimyo account:\n\n{link}\n\n"
    "If you did not ask for it, ignore this message: nothing changes.",
}
SMTP_TIMEOUT = 10.0


class Mailer(Protocol):
    async def send(self, kind: str, address: str, link: str) -> None: ...


class LogMailer:
    """No SMTP server configured: the link goes to the log (`make run` prints where)."""

    async def send(self, kind: str, address: str, link: str) -> None:
        _log.info("email_not_sent_link_logged", kind=kind, to=address, link=link)


@dataclass(frozen=True)
class SmtpMailer:
    url: str
    sender: str

    async def send(self, kind: str, address: str, link: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, address, SUBJECTS[kind]
        message.set_content(BODIES[kind].format(link=link))
        await asyncio.to_thread(self._deliver, message)
        _log.info("email_sent", kind=kind)

    def _deliver(self, message: EmailMessage) -> None:
        parts = urlsplit(self.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or (465 if parts.scheme == "smtps" else 25)
        smtp: smtplib.SMTP = (
            smtplib.SMTP_SSL(host, port, timeout=SMTP_TIMEOUT)
            if parts.scheme == "smtps"
            else smtplib.SMTP(host, port, timeout=SMTP_TIMEOUT)
        )
        with smtp:
            if parts.scheme == "smtp" and smtp.has_extn("starttls"):
                smtp.starttls(context=ssl.create_default_context())
            if parts.username:
                smtp.login(unquote(parts.username), unquote(parts.password or ""))
            smtp.send_message(message)


def mailer(url: str, sender: str) -> Mailer:
    if not url:
        return LogMailer()
    if urlsplit(url).scheme not in ("smtp", "smtps"):
        raise ValueError("DAIMYO_SMTP_URL must be smtp://… or smtps://…")
    return SmtpMailer(url, sender)
