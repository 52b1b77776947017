"""Sending the accounts service's two emails (verify an address, reset a password).

Email is optional. With `DAIMYO_SMTP_URL` (`smtp://user:password@host:port`, or `smtps://` for
TLS from the start; `smtp://` upgrades with STARTTLS when the server offers it) messages go
through that server, one connection each, in a worker thread (smtplib blocks). Without it the
link is written to the service's log instead, which is what `make run` shows a developer.

A message speaks the player's language: the account's saved one, else the language of the request
that asked for it (the client's locale or its Accept-Language), else English. Its texts live in
`locales/<locale>.ftl` (read through daimyo_kit.catalogue); Babel parses the tags asked for.
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
from babel import Locale, negotiate_locale

from daimyo_accounts.domain import LANGUAGES
from daimyo_kit.catalogue import Catalogue

_log = structlog.get_logger("daimyo_accounts.mail")
SOURCE = "en"
SMTP_TIMEOUT = 10.0
MAX_WANTED = 10  # language tags read from one Accept-Language
_ALIASES = {"pt": "pt-BR", "zh": "zh-Hans"}  # a bare language: the variant the client speaks
_TRADITIONAL = {"Hant", "TW", "HK", "MO"}  # Chinese the zh-Hans texts do not serve
CATALOGUE = Catalogue("daimyo_accounts")
KINDS = {  # an email's kind: its subject's and its body's message ids
    "verify": ("accounts-verify-subject", "accounts-verify-body"),
    "reset": ("accounts-reset-subject", "accounts-reset-body"),
}


@dataclass(frozen=True)
class Email:
    subject: str
    body: str


class Mailer(Protocol):
    async def send(self, kind: str, address: str, link: str, language: str = SOURCE) -> None: ...


class LogMailer:
    """No SMTP server configured: the link goes to the log (`make run` prints where)."""

    async def send(self, kind: str, address: str, link: str, language: str = SOURCE) -> None:
        _log.info("email_not_sent_link_logged", kind=kind, to=address, link=link, language=language)


def email(kind: str, language: str, link: str) -> Email:
    """The `kind` email ("verify", "reset") in `language` (one of LANGUAGES; English else).
    The body ends its last line, as the message sent always did."""
    subject, body = KINDS[kind]
    return Email(CATALOGUE.text(subject, language), CATALOGUE.text(body, language, link=link) + "\n")


def mail_language(saved: str, asked: str) -> str:
    """The account's saved language, else the best match for the request's (a tag or an
    Accept-Language value such as "pt-PT,pt;q=0.9,en;q=0.5"), else English."""
    if saved in LANGUAGES:
        return saved
    for tag in accepted(asked):
        found = _served(tag)
        if found:
            return found
    return SOURCE


def accepted(header: str) -> list[str]:
    """An Accept-Language value's tags, most wanted first (q=0 and "*" dropped)."""
    weighted = []
    for n, part in enumerate(header[:500].split(",")[:MAX_WANTED]):
        tag, _, params = part.strip().partition(";")
        q = _quality(params)
        if tag.strip() and tag.strip() != "*" and q > 0:
            weighted.append((-q, n, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def _quality(params: str) -> float:
    name, _, value = params.strip().partition("=")
    try:
        return float(value) if name.strip() == "q" else 1.0
    except ValueError:
        return 0.0


def _served(tag: str) -> str | None:
    """The client locale that serves a language tag (Babel parses it), None when none does."""
    try:
        parsed = Locale.parse(tag.replace("_", "-"), sep="-")
    except (ValueError, TypeError):
        return None
    if parsed.language == "zh" and {parsed.script, parsed.territory} & _TRADITIONAL:
        return None
    return negotiate_locale([str(parsed).replace("_", "-"), parsed.language], LANGUAGES,
                            sep="-", aliases=_ALIASES)


@dataclass(frozen=True)
class SmtpMailer:
    url: str
    sender: str

    async def send(self, kind: str, address: str, link: str, language: str = SOURCE) -> None:
        text = email(kind, language, link)
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, address, text.subject
        message.set_content(text.body)
        message["Content-Language"] = language  # after set_content, which clears Content-* headers
        await asyncio.to_thread(self._deliver, message)
        _log.info("email_sent", kind=kind, language=language)

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
