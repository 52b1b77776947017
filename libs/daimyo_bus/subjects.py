"""Every NATS subject Daimyo uses, named in this one module.

Per game: `daimyo.game.<id>.seat.<n>` (that seat's redacted view and last move — only the
seat's owner may read it), `.watch` (spectators), `.turn` (who must act; the bot driver
listens), `.finished` (the outcome, for ratings), `.abandoned` (a player left their seat to a
bot: matchmaking frees them), `.notices` (what a correspondence player should hear of while
away: the notifier's durable feed). Per private table: `daimyo.table.<code>.challenge` (the
friends its host challenged, kept for the notifier). Per player: `daimyo.player.<id>` (match
found, invitations). The JetStream stream `DAIMYO_GAMES` keeps only `.finished`, `.abandoned`,
`.notices` and challenges. Presence heartbeats of a seat's sockets (`daimyo.presence.<id>.<n>`,
between gateways), a player's socket heartbeats (`daimyo.online.<player>`, for matchmaking), a seat's
player dropping and coming back (`daimyo.connection.<id>`, between gateways), each gateway's count of a
game's watchers (`daimyo.audience.<id>`, between gateways) and table chat (`daimyo.chat.<id>.<channel>`)
are not kept. Ended or refreshed sessions
(`daimyo.sessions.revoked`, between gateways) are not kept either: a gateway that missed one
re-asks the accounts service once its cached answer expires. Nor are renamed or erased players
(`daimyo.names.changed`, between gateways): a gateway that missed one shows the old name until
its cached names expire.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "daimyo"
GAMES_STREAM = "DAIMYO_GAMES"
GAMES_STREAM_SUBJECTS = ("daimyo.game.*.finished", "daimyo.game.*.abandoned", "daimyo.game.*.notices",
                         "daimyo.table.*.challenge")
"""Only what a durable consumer (the matchmaker, the notifier) reads; seat views are never retained."""

ALL_TURNS = "daimyo.game.*.turn"
"""Every game's turn notices (the bot driver's subscription)."""

ALL_FINISHED = "daimyo.game.*.finished"
"""Every game's final result (the matchmaker's durable consumer filter)."""

ALL_ABANDONED = "daimyo.game.*.abandoned"
"""Every seat left to a bot (the matchmaker's durable consumer filter)."""

ALL_NOTICES = "daimyo.game.*.notices"
"""Every correspondence game's notices for its players (the notifier's durable consumer filter)."""

ALL_CHALLENGES = "daimyo.table.*.challenge"
"""Every private table whose host challenged friends (matchmaking publishes once the table is committed;
the notifier's durable consumer filter)."""

ALL_WATCH = "daimyo.game.*.watch"

_TOKEN = re.compile(r"^[A-Za-z0-9_\-:]+$")


def _token(value: str) -> str:
    """A subject token: no dots, wildcards or spaces can sneak a reader into another subject."""
    if not _TOKEN.match(value):
        raise ValueError(f"not usable in a NATS subject: {value!r}")
    return value


def seat(game_id: str, seat_number: int) -> str:
    if seat_number < 0:
        raise ValueError(f"seat must be >= 0, got {seat_number}")
    return f"daimyo.game.{_token(game_id)}.seat.{seat_number}"


def watch(game_id: str) -> str:
    return f"daimyo.game.{_token(game_id)}.watch"


def turn(game_id: str) -> str:
    return f"daimyo.game.{_token(game_id)}.turn"


def finished(game_id: str) -> str:
    return f"daimyo.game.{_token(game_id)}.finished"


def abandoned(game_id: str) -> str:
    return f"daimyo.game.{_token(game_id)}.abandoned"


def notices(game_id: str) -> str:
    return f"daimyo.game.{_token(game_id)}.notices"


def challenge(table_code: str) -> str:
    return f"daimyo.table.{_token(table_code)}.challenge"


def presence(game_id: str, seat_number: int) -> str:
    """Heartbeats saying a seat's player has a socket open on some gateway."""
    if seat_number < 0:
        raise ValueError(f"seat must be >= 0, got {seat_number}")
    return f"daimyo.presence.{_token(game_id)}.{seat_number}"


def connection(game_id: str) -> str:
    """A seat's player lost every socket, or is back (told to every gateway serving the game)."""
    return f"daimyo.connection.{_token(game_id)}"


def audience(game_id: str) -> str:
    """How many watch the game on one gateway (each gateway tells the others its own count)."""
    return f"daimyo.audience.{_token(game_id)}"


SESSIONS_REVOKED = "daimyo.sessions.revoked"
"""Sessions ended or refreshed: every gateway drops its cached answer and closes their sockets."""


def sessions_revoked() -> str:
    return SESSIONS_REVOKED


NAMES_CHANGED = "daimyo.names.changed"
"""Players renamed or erased: every gateway forgets their names and redraws the screens showing them."""


def names_changed() -> str:
    return NAMES_CHANGED


ALL_ONLINE = "daimyo.online.*"
"""Every player's socket heartbeats (matchmaking keeps a queued ticket alive while it hears them)."""


def online(player_id: str) -> str:
    """Heartbeats (and a last `gone`) from a gateway holding sockets of this player."""
    return f"daimyo.online.{_token(player_id)}"


def chat(game_id: str, channel: str) -> str:
    """A game's chat messages, per channel ("players" | "spectators")."""
    return f"daimyo.chat.{_token(game_id)}.{_token(channel)}"


def game_all(game_id: str) -> str:
    """Every subject of one game (operators and tests only: includes every seat's hand)."""
    return f"daimyo.game.{_token(game_id)}.>"


def player(player_id: str) -> str:
    return f"daimyo.player.{_token(player_id)}"


@dataclass(frozen=True)
class GameSubject:
    """A parsed per-game subject: kind is seat/watch/turn/finished; seat set for kind seat."""

    game_id: str
    kind: str
    seat: int | None = None


def parse_game_subject(subject: str) -> GameSubject:
    """The parts of a per-game subject; ValueError for any other subject."""
    parts = subject.split(".")
    if parts[:2] != ["daimyo", "game"] or len(parts) < 4:
        raise ValueError(f"not a game subject: {subject!r}")
    game_id, kind, rest = parts[2], parts[3], parts[4:]
    if kind == "seat" and len(rest) == 1 and rest[0].isdigit():
        return GameSubject(game_id, kind, int(rest[0]))
    if kind in ("watch", "turn", "finished", "abandoned", "notices") and not rest:
        return GameSubject(game_id, kind)
    raise ValueError(f"not a game subject: {subject!r}")


def kind_of(subject: str) -> str:
    """Which message `subject` carries: seat, watch, turn, finished, abandoned, notices, presence,
    connection, audience, player, online, chat, challenge, sessions or names (ValueError for a
    subject Daimyo does not use)."""
    if subject == SESSIONS_REVOKED:
        return "sessions"
    if subject == NAMES_CHANGED:
        return "names"
    parts = subject.split(".")
    if parts[:2] == ["daimyo", "presence"] and len(parts) == 4 and parts[3].isdigit():
        return "presence"
    if parts[:2] in (["daimyo", "connection"], ["daimyo", "audience"]) and len(parts) == 3:
        return parts[1]
    if parts[:2] == ["daimyo", "player"] and len(parts) == 3:
        return "player"
    if parts[:2] == ["daimyo", "online"] and len(parts) == 3:
        return "online"
    if parts[:2] == ["daimyo", "chat"] and len(parts) == 4:
        return "chat"
    if parts[:2] == ["daimyo", "table"] and len(parts) == 4 and parts[3] == "challenge":
        return "challenge"
    return parse_game_subject(subject).kind
