"""The words of an email digest, in the player's language (en, pt-BR, es, zh-Hans).

An email has no client to word it, so the notifier does, here and only here: one small catalogue
per language (lines per notice kind, the subject's plural forms) and Babel for what differs
between languages beyond words — plural rules, dates, lists. Pure: notices in, text out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from babel import Locale
from babel.dates import format_date

from daimyo_notifier.domain import Notice

BABEL = {"en": "en", "pt-BR": "pt_BR", "es": "es", "zh-Hans": "zh_Hans"}
TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "subject-one": "Daimyo: {n} game awaits your move",
        "subject-other": "Daimyo: {n} games await your move",
        "subject-none": "Daimyo: news of your games",
        "your_turn": "{game}: it is your move{due}.",
        "game_found": "{game}: a correspondence game has a seat for you.",
        "time_low": "{game}: less than a day is left on your clock{due}.",
        "game_ended": "{game}: the game has ended.",
        "friend_challenge": "{host} challenges you to {game}.", "friend": "A friend",
        "vacation": "{game}: your opponent is on vacation until {until}.", "due": " (until {date})",
        "open": "Your games: {url}", "why": "You get this digest at most once every {hours} hours.",
        "stop": "Stop these emails: {url}",
    },
    "pt-BR": {
        "subject-one": "Daimyo: {n} partida espera sua jogada",
        "subject-other": "Daimyo: {n} partidas esperam sua jogada",
        "subject-none": "Daimyo: novidades das suas partidas",
        "your_turn": "{game}: é a sua jogada{due}.",
        "game_found": "{game}: uma partida por correspondência tem um lugar para você.",
        "time_low": "{game}: resta menos de um dia no seu relógio{due}.",
        "game_ended": "{game}: a partida terminou.",
        "friend_challenge": "{host} desafia você para {game}.", "friend": "Um amigo",
        "vacation": "{game}: seu adversário está de férias até {until}.", "due": " (até {date})",
        "open": "Suas partidas: {url}",
        "why": "Você recebe este resumo no máximo uma vez a cada {hours} horas.",
        "stop": "Parar estes emails: {url}",
    },
    "es": {
        "subject-one": "Daimyo: {n} partida espera tu jugada",
        "subject-other": "Daimyo: {n} partidas esperan tu jugada",
        "subject-none": "Daimyo: novedades de tus partidas",
        "your_turn": "{game}: te toca jugar{due}.",
        "game_found": "{game}: una partida por correspondencia tiene un lugar para ti.",
        "time_low": "{game}: queda menos de un día en tu reloj{due}.",
        "game_ended": "{game}: la partida ha terminado.",
        "friend_challenge": "{host} te desafía a {game}.", "friend": "Un amigo",
        "vacation": "{game}: tu rival está de vacaciones hasta el {until}.", "due": " (hasta el {date})",
        "open": "Tus partidas: {url}", "why": "Recibes este resumen como mucho una vez cada {hours} horas.",
        "stop": "Dejar de recibir estos correos: {url}",
    },
    "zh-Hans": {
        "subject-one": "Daimyo：有 {n} 局对局等你走棋", "subject-other": "Daimyo：有 {n} 局对局等你走棋",
        "subject-none": "Daimyo：你的对局动态",
        "your_turn": "{game}：该你走了{due}。", "game_found": "{game}：一局通信对局为你留了座位。",
        "time_low": "{game}：你的时钟剩不到一天{due}。", "game_ended": "{game}：对局已经结束。",
        "friend_challenge": "{host} 邀你下 {game}。", "friend": "一位好友",
        "vacation": "{game}：对手休假至 {until}。", "due": "（截至 {date}）",
        "open": "你的对局：{url}", "why": "此摘要最多每 {hours} 小时发送一次。",
        "stop": "不再接收这些邮件：{url}",
    },
}


@dataclass(frozen=True)
class Digest:
    subject: str
    body: str


def compose(notices: list[Notice], locale: str, games_url: str, stop_url: str, interval_hours: int) -> Digest:
    """The digest of `notices` in `locale` (English for any other)."""
    locale = locale if locale in TEXTS else "en"
    words, babel = TEXTS[locale], Locale.parse(BABEL[locale])
    awaiting = len({n.game_id for n in notices if n.kind in ("your_turn", "time_low")})
    plural = words.get(f"subject-{babel.plural_form(awaiting)}", words["subject-other"])
    subject = plural if awaiting else words["subject-none"]
    lines = [_line(n, words, babel) for n in notices]
    tail = [words["open"].format(url=games_url), "", words["why"].format(hours=interval_hours),
            words["stop"].format(url=stop_url)]
    return Digest(subject.format(n=awaiting), "\n".join(["- " + line for line in lines] + [""] + tail) + "\n")


def _line(notice: Notice, words: dict[str, str], babel: Locale) -> str:
    day = datetime.fromtimestamp(notice.deadline_ms / 1000, UTC).date() if notice.deadline_ms else None
    date = format_date(day, format="medium", locale=babel) if day else ""
    due = words["due"].format(date=date) if date and notice.kind in ("your_turn", "time_low") else ""
    line = words.get(notice.kind, words["game_ended"])
    host = notice.host or words["friend"]
    return line.format(game=notice.game.capitalize(), due=due, until=date, host=host)
