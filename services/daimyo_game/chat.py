"""Table chat: the players' channel and the spectators' (players do not see it while the game
runs), kept in Postgres beside the game but outside its event stream, so a chat line never
changes a game's versions or replays; after the end both channels are readable with the replay,
and the spectators' channel is closed for writing. A private table without spectators keeps its
chat to its players, during the game and after it.

The game service owns chat because it knows who holds a seat, whether the game is over and
whether a private table admits spectators. The table is the game service's (its migration
`migrations/0003_table_chat.sql`) and so is the small pool it is reached through
(`ChatStore.open`): a burst of chat never takes connections from the event store's appends.
Every message is checked (length, control characters, a line that draws nothing) and
rate-limited per author across all games and replicas (an advisory lock per author makes the
count and the insert one step).
Escaping on output is the client's job.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from daimyo_game.aggregate import GameRecord
from daimyo_game.errors import Malformed, PermissionDenied, RateLimited
from daimyo_game.my_games import seat_of
from daimyo_game.pools import open_side_pool
from daimyo_kit.names import draws_nothing

PLAYERS, SPECTATORS = "players", "spectators"
CHANNELS = (PLAYERS, SPECTATORS)
MAX_TEXT = 500
MAX_NAME = 40
RATE_COUNT, RATE_SECONDS = 5, 10.0  # at most 5 messages per 10 s per author, all games together
PAGE = 200
_BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


@dataclass(frozen=True)
class ChatMessage:
    message_id: int
    game_id: str
    channel: str
    seat: int | None  # the author's seat on the players' channel
    author_name: str
    text: str
    sent_at: datetime


def checked_text(text: str, what: str, limit: int) -> str:
    """`text` trimmed; Malformed when empty, too long or holding control characters."""
    text = text.strip() if isinstance(text, str) else ""
    if not text or draws_nothing(text):
        raise Malformed(f"{what} is empty: it shows nothing")
    if len(text) > limit:
        raise Malformed(f"{what} is longer than {limit} characters")
    if any(unicodedata.category(c) == "Cc" or c in _BIDI_CONTROLS for c in text):
        raise Malformed(f"{what} contains control characters")
    return text


def check_channel(channel: str) -> str:
    if channel not in CHANNELS:
        raise Malformed(f"channel must be one of {', '.join(CHANNELS)}, not {channel!r}")
    return channel


def check_may_write(record: GameRecord, player_id: str, channel: str) -> int | None:
    """The author's seat (players' channel) — or the refusal."""
    seat = seat_of(record, player_id)
    if channel == PLAYERS and seat is None:
        raise PermissionDenied("only the game's players may write on the players' channel")
    if channel == SPECTATORS and seat is not None:
        raise PermissionDenied("players write on the players' channel; "
                               "the spectators' channel is for watchers")
    if channel == SPECTATORS and not record.created.listed:
        raise PermissionDenied("the host of this private table allows no spectators")
    if channel == SPECTATORS and record.finished:
        raise PermissionDenied("the spectators' chat closed when the game ended")
    return seat if channel == PLAYERS else None


def check_may_read(record: GameRecord, player_id: str, channel: str) -> None:
    """Players read their channel, watchers theirs, everyone both once the game is over — except
    at a private table without spectators, whose chat is its players' only, for ever."""
    seated = seat_of(record, player_id) is not None
    if not record.created.listed and not seated:
        raise PermissionDenied("the chat of a private table is for its players only")
    if record.finished:
        return
    if channel == PLAYERS and not seated:
        raise PermissionDenied("the players' chat is shown to others once the game is over")
    if channel == SPECTATORS and seated:
        raise PermissionDenied("the spectators' chat is shown to the players once the game is over")


class ChatStore:
    def __init__(self, pool: AsyncConnectionPool, window_seconds: float = RATE_SECONDS) -> None:
        self._pool = pool
        self.window = window_seconds

    @classmethod
    async def open(cls, database_url: str, schema: str, max_size: int = 4) -> ChatStore:
        """A chat store over its own pool in the game service's `schema`."""
        return cls(await open_side_pool(database_url, schema, max_size))

    async def close(self, timeout: float = 5.0) -> None:
        await self._pool.close(timeout=timeout)

    async def post(self, game_id: str, channel: str, author_id: str, name: str, seat: int | None,
                   text: str) -> ChatMessage:
        """Store one message, or RateLimited when its author wrote too much just now."""
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"chat:{author_id}",))
            cursor = conn.cursor(row_factory=dict_row)
            await cursor.execute(
                """SELECT count(*) AS n FROM chat_messages WHERE author_id = %s
                       AND sent_at > now() - make_interval(secs => %s)""", (author_id, self.window))
            recent = await cursor.fetchone()
            if recent is not None and recent["n"] >= RATE_COUNT:
                raise RateLimited(f"at most {RATE_COUNT} messages every {self.window:g} seconds; "
                                  "wait a moment")
            await cursor.execute(
                """INSERT INTO chat_messages (game_id, channel, author_id, author_name, seat, body)
                   VALUES (%s, %s, %s, %s, %s, %s) RETURNING *""",
                (game_id, channel, author_id, name, seat, text))
            row = await cursor.fetchone()
        assert row is not None
        return _message(row)

    async def read(self, game_id: str, channel: str, after_id: int, limit: int) -> list[ChatMessage]:
        async with self._pool.connection() as conn:
            cursor = conn.cursor(row_factory=dict_row)
            await cursor.execute(
                """SELECT * FROM chat_messages WHERE game_id = %s AND channel = %s AND message_id > %s
                       ORDER BY message_id LIMIT %s""", (game_id, channel, after_id, limit))
            rows = await cursor.fetchall()
        return [_message(r) for r in rows]


def _message(row: dict[str, Any]) -> ChatMessage:
    return ChatMessage(row["message_id"], row["game_id"], row["channel"], row["seat"], row["author_name"],
                       row["body"], row["sent_at"])


class Chat:
    """Post and read a game's chat; `load` gives the game (NotFound for an unknown one)."""

    def __init__(self, store: ChatStore, load: Callable[[str], Any]) -> None:
        self.store = store
        self._load = load

    async def post(self, game_id: str, player_id: str, name: str, channel: str, text: str) -> ChatMessage:
        if not player_id:
            raise Malformed("player_id is required")
        channel, body = check_channel(channel), checked_text(text, "the message", MAX_TEXT)
        name = checked_text(name, "the display name", MAX_NAME)
        record: GameRecord = await self._load(game_id)
        seat = check_may_write(record, player_id, channel)
        return await self.store.post(game_id, channel, player_id, name, seat, body)

    async def read(self, game_id: str, player_id: str, channel: str, after_id: int,
                   limit: int) -> list[ChatMessage]:
        record: GameRecord = await self._load(game_id)
        check_may_read(record, player_id, check_channel(channel))
        limit = min(limit if limit > 0 else PAGE, PAGE)
        return await self.store.read(game_id, channel, max(after_id, 0), limit)
