"""The words of an email digest, in the player's language (en, pt-BR, es, zh-Hans).

An email has no client to word it, so the notifier does, here and only here, from its catalogue
(`locales/<locale>.ftl`, read through daimyo_kit.catalogue): the subject's plural forms, one line
per notice kind, the links at the end; Fluent writes a deadline's day in the locale's style.
Pure: notices in, text out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from daimyo_kit.catalogue import Catalogue, served
from daimyo_notifier.domain import Notice

CATALOGUE = Catalogue("daimyo_notifier")
AWAITING = ("your_turn", "time_low")  # the kinds that count in the subject and name a deadline
LINES = {  # a notice kind: its line without a deadline, and with one
    "your_turn": ("notifier-your-turn", "notifier-your-turn-until"),
    "time_low": ("notifier-time-low", "notifier-time-low-until"),
    "game_found": ("notifier-game-found", "notifier-game-found"),
    "game_ended": ("notifier-game-ended", "notifier-game-ended"),
    "vacation": ("notifier-vacation", "notifier-vacation"),
}


@dataclass(frozen=True)
class Digest:
    subject: str
    body: str


def compose(notices: list[Notice], locale: str, games_url: str, stop_url: str, interval_hours: int) -> Digest:
    """The digest of `notices` in `locale` (English for any other)."""
    locale = served(locale)
    lines = ["- " + _line(notice, locale) for notice in notices]
    tail = [CATALOGUE.text("notifier-open", locale, url=games_url), "",
            CATALOGUE.text("notifier-why", locale, hours=interval_hours),
            CATALOGUE.text("notifier-stop", locale, url=stop_url)]
    return Digest(_subject(notices, locale), "\n".join([*lines, "", *tail]) + "\n")


def _subject(notices: list[Notice], locale: str) -> str:
    awaiting = len({n.game_id for n in notices if n.kind in AWAITING})
    if not awaiting:
        return CATALOGUE.text("notifier-subject-news", locale)
    return CATALOGUE.text("notifier-subject-awaiting", locale, count=awaiting)


def _line(notice: Notice, locale: str) -> str:
    game = notice.game.capitalize()
    if notice.kind == "friend_challenge":
        if not notice.host:
            return CATALOGUE.text("notifier-friend-challenge-unnamed", locale, game=game)
        return CATALOGUE.text("notifier-friend-challenge", locale, game=game, host=notice.host)
    day = _day(notice.deadline_ms)
    plain, dated = LINES.get(notice.kind, LINES["game_ended"])
    if day and notice.kind in AWAITING:
        return CATALOGUE.text(dated, locale, game=game, date=day)
    return CATALOGUE.text(plain, locale, game=game, date=day or "")


def _day(deadline_ms: int) -> date | None:
    return datetime.fromtimestamp(deadline_ms / 1000, UTC).date() if deadline_ms else None
