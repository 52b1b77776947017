"""The Postgres side of matchmaking (`store_api.MatchmakingStore`): tickets, busy players,
matches, ratings, processed games, rematch offers and private tables.

Every method is one transaction. Matching claims the queued tickets of a game with
`FOR UPDATE SKIP LOCKED`, so replicas working at once each see a disjoint part of the queue and
no ticket is booked twice; the `player_status` primary key keeps a player in one place at a time.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from importlib import resources
from typing import Any

from psycopg import AsyncConnection, sql
from psycopg_pool import AsyncConnectionPool

from daimyo_bus.messages import TableChallenge
from daimyo_matchmaking import rematch as offers
from daimyo_matchmaking import tables as private
from daimyo_matchmaking.allowance import Holdings
from daimyo_matchmaking.domain import (
    CANCELLED,
    DEFAULT_MU,
    DEFAULT_SIGMA,
    LIVE_SLOT,
    MATCHED,
    MATCHING,
    QUEUED,
    MatchRecord,
    NewTicket,
    NotFound,
    PlayerBusy,
    PlayerRating,
    RatingPoint,
    SeatSpec,
    TicketNotCancellable,
    TicketNotFound,
    TicketRecord,
    slot_for,
)
from daimyo_matchmaking.ratings import FinishedGame, board
from daimyo_matchmaking.rematch import Rematch, RematchBusy
from daimyo_matchmaking.store_api import Guard, Rater, no_guard
from daimyo_matchmaking.tables import Table, TableChange
from daimyo_store.pools import schema_pool

DEFAULT_SCHEMA = "daimyo_matchmaking"

_TICKET_COLUMNS = """
    t.ticket_id, t.player_id, t.game, t.players, t.player_counts, t.bots_welcome, t.bots_only,
    t.bot_level, t.display_name, t.time_control_json, t.rating, t.state, t.enqueued_at,
    t.closed_at, coalesce(t.match_id, '') AS match_id, t.fill_now, t.casual
"""


# Games being created or played with a bot seat beside the player's (a partial GIN index, 0004).
_BOT_GAMES = """SELECT count(*) AS n FROM matches
    WHERE state IN ('pending', 'created') AND seats @> %s::jsonb
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(seats) AS seat WHERE seat ? 'bot_level')"""
# A queued ticket that asked for bots, and the tickets opened since a moment (index of 0004).
_MY_TICKETS = """SELECT count(*) FILTER (WHERE state = 'queued' AND (bots_only OR fill_now)) AS asked,
           count(*) FILTER (WHERE enqueued_at > %s) AS joins
    FROM tickets WHERE player_id = %s AND (state = 'queued' OR enqueued_at > %s)"""


def open_pool(database_url: str, schema: str = DEFAULT_SCHEMA, max_size: int = 10) -> AsyncConnectionPool:
    """A pool (not yet opened) whose connections work inside `schema`."""
    return schema_pool(database_url, schema, max_size)


class PostgresStore:
    def __init__(self, pool: AsyncConnectionPool, schema: str = DEFAULT_SCHEMA) -> None:
        self._pool = pool
        self._schema = schema
        self._rematches = PostgresRematchOffers(pool)
        self._tables = PostgresTables(pool)

    @property
    def rematches(self) -> PostgresRematchOffers:
        return self._rematches

    @property
    def tables(self) -> PostgresTables:
        return self._tables

    @property
    def schema(self) -> str:
        return self._schema

    async def execute(self, query: str, params: Sequence[Any] = ()) -> None:
        """Run one statement in this schema (operators' and tests' escape hatch)."""
        async with self._pool.connection() as conn:
            await conn.execute(query, params)

    async def migrate(self) -> list[str]:
        """Apply the migrations not applied yet (idempotent; concurrent starts wait on a lock)."""
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"{self._schema}.migrate",))
            await conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self._schema)))
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, "
                "applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {r["name"] for r in await _all(conn, "SELECT name FROM schema_migrations")}
            applied = []
            for name, text in _migration_files():
                if name not in done:
                    await conn.execute(text.encode())  # our own trusted SQL files
                    await conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (name,))
                    applied.append(name)
            return applied

    # -- tickets -----------------------------------------------------------------------------

    async def insert_ticket(self, ticket: NewTicket) -> None:
        """Store a queued ticket; PlayerBusy if any of its players is queued or playing."""
        async with self._pool.connection() as conn, conn.transaction():
            slot = slot_for(ticket.time_control_json, ticket.ticket_id)
            for player in sorted(ticket.players):
                await _mark_queued(conn, player, ticket.ticket_id, slot, player == ticket.player_id)
            await conn.execute(
                """INSERT INTO tickets (ticket_id, player_id, game, players, player_counts, bots_welcome,
                       bots_only, bot_level, display_name, time_control_json, rating, state, enqueued_at,
                       seen_at, casual)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 'queued', %s, %s, %s)""",
                (
                    ticket.ticket_id,
                    ticket.player_id,
                    ticket.game,
                    list(ticket.players),
                    list(ticket.player_counts),
                    ticket.bots_welcome,
                    ticket.bots_only,
                    ticket.bot_level,
                    ticket.display_name,
                    ticket.time_control_json,
                    ticket.rating,
                    ticket.enqueued_at,
                    ticket.enqueued_at,
                    ticket.casual,
                ),
            )
            if ticket.display_name:
                await _remember_name(conn, ticket.game, ticket.player_id, ticket.display_name)

    async def get_ticket(self, ticket_id: str) -> TicketRecord:
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                f"""SELECT {_TICKET_COLUMNS}, coalesce(m.game_id, '') AS game_id, m.seats
                        FROM tickets t LEFT JOIN matches m ON m.match_id = t.match_id
                        WHERE t.ticket_id = %s""",
                (ticket_id,),
            )
        if row is None:
            raise TicketNotFound("no such ticket")
        return _ticket(row)

    async def cancel_ticket(self, ticket_id: str, player_id: str, now: float) -> None:
        """Cancel a queued ticket; waits for a matcher holding it, then refuses if it was matched."""
        async with self._pool.connection() as conn, conn.transaction():
            query = "SELECT state, players FROM tickets WHERE ticket_id = %s FOR UPDATE"
            row = await _one(conn, query, (ticket_id,))
            if row is None:
                raise TicketNotFound("no such ticket")
            if player_id and player_id not in row["players"]:
                raise TicketNotCancellable("this ticket is not yours")
            if row["state"] != QUEUED:
                raise TicketNotCancellable(f"this ticket is {row['state']}: too late to cancel")
            await conn.execute(
                "UPDATE tickets SET state = %s, closed_at = %s WHERE ticket_id = %s",
                (CANCELLED, now, ticket_id),
            )
            await conn.execute("DELETE FROM player_status WHERE ticket_id = %s", (ticket_id,))

    async def touch_player(self, player_id: str, seen_at: float) -> int:
        """The player's socket is alive: their queued tickets live on (how many)."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                """UPDATE tickets SET seen_at = greatest(seen_at, %s)
                       WHERE player_id = %s AND state = 'queued'""",
                (seen_at, player_id),
            )
        return cur.rowcount

    async def player_gone(self, player_id: str, seen_at: float) -> int:
        """A gateway lost the player's last socket: their tickets count as last seen at `seen_at`
        (a heartbeat from another gateway raises it again)."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                """UPDATE tickets SET seen_at = least(seen_at, %s)
                       WHERE player_id = %s AND state = 'queued'""",
                (seen_at, player_id),
            )
        return cur.rowcount

    async def cancel_unseen(self, seen_before: float, now: float) -> list[tuple[str, str]]:
        """Cancel queued tickets whose player was last seen before `seen_before`: (ticket, player)."""
        async with self._pool.connection() as conn, conn.transaction():
            rows = await _all(
                conn,
                """UPDATE tickets SET state = 'cancelled', closed_at = %s
                       WHERE ticket_id IN (SELECT ticket_id FROM tickets
                           WHERE state = 'queued' AND NOT bots_only AND seen_at < %s
                           FOR UPDATE SKIP LOCKED)
                       RETURNING ticket_id, player_id""",
                (now, seen_before),
            )
            ids = [r["ticket_id"] for r in rows]
            await conn.execute("DELETE FROM player_status WHERE ticket_id = ANY(%s)", (ids,))
        return [(r["ticket_id"], r["player_id"]) for r in rows]

    async def fill_now(self, ticket_id: str, player_id: str) -> None:
        """The ticket's owner wants bots in the empty seats now (refused unless still queued)."""
        async with self._pool.connection() as conn, conn.transaction():
            query = "SELECT state, player_id FROM tickets WHERE ticket_id = %s FOR UPDATE"
            row = await _one(conn, query, (ticket_id,))
            if row is None or row["player_id"] != player_id:
                raise TicketNotFound("no such ticket")
            if row["state"] != QUEUED:
                raise TicketNotCancellable(f"this ticket is {row['state']}: too late to ask for bots")
            await conn.execute(
                "UPDATE tickets SET fill_now = true, bots_welcome = true WHERE ticket_id = %s", (ticket_id,)
            )

    async def queued_games(self) -> list[str]:
        """Games with at least one queued ticket."""
        async with self._pool.connection() as conn:
            rows = await _all(conn, "SELECT DISTINCT game FROM tickets WHERE state = 'queued'")
        return sorted(r["game"] for r in rows)

    async def recent_waits(self, game: str, limit: int = 50) -> list[float]:
        """How long the most recently matched tickets of `game` waited."""
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                """SELECT closed_at - enqueued_at AS waited FROM tickets
                       WHERE game = %s AND state = 'matched' ORDER BY closed_at DESC LIMIT %s""",
                (game, limit),
            )
        return [r["waited"] for r in rows]

    # -- matching ----------------------------------------------------------------------------

    @asynccontextmanager
    async def claim_queue(self, game: str) -> AsyncIterator[PostgresQueueClaim]:
        """The queued tickets of `game` not claimed by another replica, locked until the block ends."""
        async with self._pool.connection() as conn, conn.transaction():
            rows = await _all(
                conn,
                f"""SELECT {_TICKET_COLUMNS}, '' AS game_id, NULL::jsonb AS seats FROM tickets t
                        WHERE t.game = %s AND t.state = 'queued'
                        ORDER BY t.enqueued_at FOR UPDATE SKIP LOCKED""",
                (game,),
            )
            yield PostgresQueueClaim(conn, [_ticket(r) for r in rows])

    @asynccontextmanager
    async def pending_match(self, match_id: str) -> AsyncIterator[PostgresPendingMatch | None]:
        """The match while its game is created, locked; None if done or another replica drives it."""
        async with self._pool.connection() as conn, conn.transaction():
            row = await _one(
                conn,
                "SELECT * FROM matches WHERE match_id = %s AND state = 'pending' FOR UPDATE SKIP LOCKED",
                (match_id,),
            )
            yield None if row is None else PostgresPendingMatch(conn, _match(row))

    async def stale_pending_matches(self, formed_before: float) -> list[str]:
        """Matches whose game creation never completed (a crash, the game service down)."""
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                "SELECT match_id FROM matches WHERE state = 'pending' AND formed_at < %s ORDER BY formed_at",
                (formed_before,),
            )
        return [r["match_id"] for r in rows]

    async def match_by_game(self, game_id: str) -> MatchRecord | None:
        async with self._pool.connection() as conn:
            row = await _one(conn, "SELECT * FROM matches WHERE game_id = %s", (game_id,))
        return None if row is None else _match(row)

    async def ticket_of_match(self, match_id: str, player_id: str) -> TicketRecord | None:
        """The ticket that brought `player_id` into `match_id` (None: seated without one)."""
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                f"""SELECT {_TICKET_COLUMNS}, '' AS game_id, NULL::jsonb AS seats FROM tickets t
                        WHERE t.match_id = %s AND %s = ANY(t.players)""",
                (match_id, player_id),
            )
        return None if row is None else _ticket(row)

    async def busy_state(self, player_id: str) -> str | None:
        """'queued', 'playing' or None."""
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                "SELECT state FROM player_status WHERE player_id = %s",
                (player_id,),
            )
        return None if row is None else str(row["state"])

    async def holdings(self, player_id: str, since: float) -> Holdings:
        """What the player holds now, in one snapshot (see `allowance.Holdings`)."""
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            return await _holdings(conn, player_id, since)

    async def release_player(self, game_id: str, player_id: str) -> bool:
        """`player_id` no longer plays `game_id` (a bot took their seat); False if not seated there."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "DELETE FROM player_status WHERE player_id = %s AND game_id = %s", (player_id, game_id)
            )
        return cur.rowcount > 0

    # -- ratings -----------------------------------------------------------------------------

    async def ratings(self, game: str, players: Sequence[str]) -> list[PlayerRating]:
        """The ratings of `players` in `game` (defaults for newcomers), in the order given."""
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                "SELECT * FROM ratings WHERE game = %s AND player_id = ANY(%s)",
                (game, list(players)),
            )
        known = {r["player_id"]: _rating(r) for r in rows}
        return [known.get(p, PlayerRating(p, game)) for p in players]

    async def record_leaves(self, game_id: str, player_ids: Sequence[str], at: float) -> None:
        async with self._pool.connection() as conn:
            for player in player_ids:
                await conn.execute(
                    "INSERT INTO rated_leaves (player_id, game_id, left_at) VALUES (%s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (player, game_id, at),
                )

    async def leaves_since(self, player_id: str, since: float) -> list[float]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                "SELECT left_at FROM rated_leaves WHERE player_id = %s AND left_at >= %s ORDER BY left_at",
                (player_id, since),
            )
        return [float(r["left_at"]) for r in rows]

    async def rating_history(self, game: str, player_id: str, limit: int) -> list[RatingPoint]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                "SELECT game_id, mu, sigma FROM rating_history WHERE player_id = %s AND game = %s "
                "ORDER BY position DESC LIMIT %s",
                (player_id, game, limit),
            )
        return [RatingPoint(**r) for r in reversed(rows)]

    async def leaderboard(self, game: str, limit: int) -> list[PlayerRating]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                """SELECT * FROM ratings WHERE game = %s AND games > 0
                       ORDER BY mu - 3 * sigma DESC, player_id LIMIT %s""",
                (game, limit),
            )
        return [_rating(r) for r in rows]

    async def record_finished_game(self, finished: FinishedGame, rate: Rater | None) -> bool:
        """Free the game's players and apply `rate` to their ratings, once per game id.

        False when the game was already processed (a redelivery): nothing changes then.
        """
        async with self._pool.connection() as conn, conn.transaction():
            game_id = finished.game_id
            inserted = await conn.execute(
                "INSERT INTO processed_games (game_id) VALUES (%s) ON CONFLICT DO NOTHING", (game_id,)
            )
            if inserted.rowcount == 0:
                return False
            await conn.execute("DELETE FROM player_status WHERE game_id = %s", (game_id,))
            await conn.execute("UPDATE matches SET state = 'finished' WHERE game_id = %s", (game_id,))
            if rate is not None:
                await _rate_game(conn, finished, rate)
            return True


class PostgresQueueClaim:
    """Tickets claimed for one matching round, and the matches formed from them."""

    def __init__(self, conn: AsyncConnection[Any], tickets: list[TicketRecord]) -> None:
        self._conn = conn
        self.tickets = tickets

    async def record_match(self, match: MatchRecord) -> None:
        """Store the match, move its tickets to 'matching' and its players to 'playing'."""
        await _insert_match(self._conn, match)
        await self._conn.execute(
            "UPDATE tickets SET state = %s, match_id = %s, closed_at = %s WHERE ticket_id = ANY(%s)",
            (MATCHING, match.match_id, match.formed_at, list(match.ticket_ids)),
        )
        await self._conn.execute(
            "UPDATE player_status SET state = 'playing', match_id = %s WHERE ticket_id = ANY(%s)",
            (match.match_id, list(match.ticket_ids)),
        )


async def _insert_match(conn: AsyncConnection[Any], match: MatchRecord) -> None:
    """A pending match row: the game to create (by the matchmaker, idempotently by match id)."""
    await conn.execute(
        """INSERT INTO matches (match_id, game, state, seats, config, time_control_json, formed_at,
                                rated, listed)
           VALUES (%s, %s, 'pending', %s, %s, %s, %s, %s, %s)""",
        (
            match.match_id,
            match.game,
            json.dumps([_seat_json(s) for s in match.seats]),
            json.dumps(match.config),
            match.time_control_json,
            match.formed_at,
            match.rated,
            match.listed,
        ),
    )


async def _seat_players(conn: AsyncConnection[Any], match: MatchRecord) -> list[str]:
    """Mark the match's people as playing it; the ones refused (their live slot is taken)."""
    slot = slot_for(match.time_control_json, match.match_id)
    busy = []
    for seat in sorted((s for s in match.seats if not s.is_bot), key=lambda s: s.player_id):
        cur = await conn.execute(
            """INSERT INTO player_status (player_id, state, ticket_id, match_id, slot)
               VALUES (%s, 'playing', %s, %s, %s) ON CONFLICT DO NOTHING""",
            (seat.player_id, match.match_id, match.match_id, slot),
        )
        if cur.rowcount == 0:
            busy.append(seat.display_name or "a player")
    return busy


class PostgresPendingMatch:
    """A locked pending match: mark its game created, or give its tickets back to the queue."""

    def __init__(self, conn: AsyncConnection[Any], match: MatchRecord) -> None:
        self._conn = conn
        self.match = match

    async def created(self, game_id: str) -> None:
        match_id = self.match.match_id
        await self._conn.execute(
            "UPDATE matches SET state = 'created', game_id = %s WHERE match_id = %s", (game_id, match_id)
        )
        await self._conn.execute("UPDATE tickets SET state = %s WHERE match_id = %s", (MATCHED, match_id))
        await self._conn.execute(
            "UPDATE player_status SET game_id = %s WHERE match_id = %s", (game_id, match_id)
        )

    async def abandon(self) -> None:
        """The game cannot be created: the tickets queue again with their original wait."""
        match_id = self.match.match_id
        await self._conn.execute("UPDATE matches SET state = 'abandoned' WHERE match_id = %s", (match_id,))
        await self._conn.execute(
            "UPDATE tickets SET state = 'queued', match_id = NULL, closed_at = NULL WHERE match_id = %s",
            (match_id,),
        )
        await self._conn.execute(
            "UPDATE player_status SET state = 'queued', match_id = NULL WHERE match_id = %s", (match_id,)
        )


class PostgresRematchOffers:
    """Rematch offers (`rematches`); starting one seats its people like any match."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def get(self, rematch_id: str) -> Rematch | None:
        async with self._pool.connection() as conn:
            return await _one_rematch(conn, "SELECT * FROM rematches WHERE rematch_id = %s", rematch_id)

    async def for_game(self, game_id: str) -> Rematch | None:
        async with self._pool.connection() as conn:
            return await _one_rematch(conn, "SELECT * FROM rematches WHERE game_id = %s", game_id)

    async def offer(self, rematch: Rematch) -> Rematch:
        """Store a new offer; the one already stored if another player offered first."""
        async with self._pool.connection() as conn:
            await conn.execute(
                """INSERT INTO rematches (rematch_id, game_id, game, seats, config, time_control_json, rated,
                       listed, accepted, state, offered_at, expires_at)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, 'open', %s, %s) ON CONFLICT DO NOTHING""",
                (rematch.rematch_id, rematch.game_id, rematch.game,
                 json.dumps([_seat_json(s, ticket=False) for s in rematch.seats]), json.dumps(rematch.config),
                 rematch.time_control_json, rematch.rated, rematch.listed, list(rematch.accepted),
                 rematch.offered_at, rematch.expires_at),
            )
            stored = await _one_rematch(conn, "SELECT * FROM rematches WHERE game_id = %s", rematch.game_id)
        assert stored is not None
        return stored

    async def answer(self, rematch_id: str, player_id: str, accept: bool, now: float) -> Rematch:
        """Record one person's answer; the offer closes on a refusal or once it has expired."""
        async with self._pool.connection() as conn, conn.transaction():
            query = "SELECT * FROM rematches WHERE rematch_id = %s FOR UPDATE"
            current = await _one_rematch(conn, query, rematch_id)
            if current is None:
                raise NotFound("no such rematch offer")
            after = offers.answered(current, player_id, accept, now)
            if after != current:
                await conn.execute(
                    "UPDATE rematches SET accepted = %s, state = %s, reason = %s WHERE rematch_id = %s",
                    (list(after.accepted), after.state, after.reason, rematch_id),
                )
            return after

    async def start(self, rematch: Rematch, now: float,
                    guard: Guard = no_guard) -> tuple[Rematch, MatchRecord | None]:
        """Everyone accepted: the match to create (None if no longer open); RematchBusy if someone is."""
        async with self._pool.connection() as conn, conn.transaction():
            query = "SELECT * FROM rematches WHERE rematch_id = %s FOR UPDATE"
            current = await _one_rematch(conn, query, rematch.rematch_id)
            if current is None or current.state != offers.OPEN:
                return current or rematch, None
            match = current.match(now)
            await _guard(conn, match, guard)
            await _insert_match(conn, match)
            busy = await _seat_players(conn, match)
            if busy:  # the transaction rolls back
                raise RematchBusy(f"{', '.join(busy)} is already playing another live game")
            await conn.execute("UPDATE rematches SET state = 'started' WHERE rematch_id = %s",
                               (current.rematch_id,))
            return replace(current, state=offers.STARTED), match

    async def refuse(self, rematch: Rematch, reason: str) -> Rematch:
        async with self._pool.connection() as conn:
            await conn.execute("UPDATE rematches SET state = %s, reason = %s WHERE rematch_id = %s",
                               (offers.REFUSED, reason, rematch.rematch_id))
        return offers.closed(rematch, offers.REFUSED, reason)

    async def started(self, rematch_id: str, game_id: str) -> None:
        async with self._pool.connection() as conn:
            await conn.execute("UPDATE rematches SET new_game_id = %s WHERE rematch_id = %s",
                               (game_id, rematch_id))

    async def expire_due(self, now: float) -> list[Rematch]:
        """Close every open offer whose wait is over (each returned once)."""
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                """UPDATE rematches SET state = 'expired', reason = %s
                       WHERE state = 'open' AND expires_at <= %s RETURNING *""",
                (offers.NOBODY_ANSWERED, now),
            )
        return [_rematch(r) for r in rows]


class PostgresTables:
    """Private tables (`private_tables`), locked by their code while they change."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def insert(self, table: Table, challenge: TableChallenge | None = None) -> None:
        async with self._pool.connection() as conn, conn.transaction():
            if challenge is not None:
                await conn.execute(
                    "INSERT INTO challenge_outbox (code, message, created_at) VALUES (%s, %s, %s)",
                    (challenge.code, challenge.encode().decode(), table.created_at))
            await conn.execute(
                """INSERT INTO private_tables (table_id, code, host_id, game, options, config,
                       time_control_json, rated, spectators, seats, state, created_at, expires_at)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 'open', %s, %s)""",
                (table.table_id, table.code, table.host_id, table.game, json.dumps(table.options),
                 json.dumps(table.config), table.time_control_json, table.rated, table.spectators,
                 _table_seats_json(table.seats), table.created_at, table.expires_at),
            )

    async def unsent_challenges(self, before: float, limit: int = 50) -> list[TableChallenge]:
        async with self._pool.connection() as conn:
            cursor = await conn.execute("SELECT message FROM challenge_outbox WHERE created_at < %s"
                                        " ORDER BY created_at LIMIT %s", (before, limit))
            rows: list[Any] = await cursor.fetchall()  # dict rows (the pool's row factory)
            return [TableChallenge.decode(str(row["message"]).encode()) for row in rows]

    async def challenge_sent(self, code: str) -> None:
        async with self._pool.connection() as conn:
            await conn.execute("DELETE FROM challenge_outbox WHERE code = %s", (code,))

    async def open_tables_of(self, host_id: str, now: float) -> int:
        async with self._pool.connection() as conn:
            query = """SELECT count(*) AS n FROM private_tables
                           WHERE host_id = %s AND state = 'open' AND expires_at > %s"""
            row = await _one(conn, query, (host_id, now))
        return int(row["n"]) if row else 0

    async def by_code(self, code: str) -> Table | None:
        async with self._pool.connection() as conn:
            return await _table_by_code(conn, code, lock=False)

    async def live_slot_taken(self, player_id: str) -> bool:
        """The player waits for or plays a live game (the one live slot)."""
        async with self._pool.connection() as conn:
            query = "SELECT 1 FROM player_status WHERE player_id = %s AND slot = %s"
            return await _one(conn, query, (player_id, LIVE_SLOT)) is not None

    async def change(self, code: str, change: TableChange, now: float,
                     guard: Guard = no_guard) -> tuple[Table, MatchRecord | None]:
        """Apply `change` to the open table under a lock; the match when it is now full."""
        async with self._pool.connection() as conn, conn.transaction():
            table = await _table_by_code(conn, code, lock=True)
            if table is None:
                raise NotFound("no table has that invitation code")
            private.check_open(table, now)
            changed = change(table)
            if changed.full:
                return await _start_table(conn, changed, now, guard)
            await _save_table(conn, changed)
            return changed, None

    async def started(self, table_id: str, game_id: str) -> None:
        async with self._pool.connection() as conn:
            await conn.execute("UPDATE private_tables SET game_id = %s WHERE table_id = %s",
                               (game_id, table_id))


async def _holdings(conn: AsyncConnection[Any], player_id: str, since: float) -> Holdings:
    status = await _all(conn, "SELECT state, slot FROM player_status WHERE player_id = %s", (player_id,))
    games = await _one(conn, _BOT_GAMES, (json.dumps([{"player_id": player_id}]),))
    tickets = await _one(conn, _MY_TICKETS, (since, player_id, since))
    asked, joins = (tickets["asked"], tickets["joins"]) if tickets else (0, 0)
    return Holdings(live_slot=any(r["slot"] == LIVE_SLOT for r in status),
                    queued=any(r["state"] == QUEUED for r in status),
                    bot_games=int(games["n"] if games else 0) + int(asked), recent_joins=int(joins))


async def _guard(conn: AsyncConnection[Any], match: MatchRecord, guard: Guard) -> None:
    """`guard` for each person of a match with bots, each one's holdings locked (in player order,
    so two starts never deadlock) until the transaction ends: a racing start waits, then counts
    this one."""
    if not any(s.is_bot for s in match.seats):
        return
    for player in sorted({s.player_id for s in match.seats if not s.is_bot}):
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"holdings:{player}",))
        guard(player, await _holdings(conn, player, 0.0))


async def _start_table(conn: AsyncConnection[Any], table: Table, now: float,
                       guard: Guard) -> tuple[Table, MatchRecord]:
    match = table.match(now)
    await _guard(conn, match, guard)
    await _insert_match(conn, match)
    busy = await _seat_players(conn, match)
    if busy:  # the transaction rolls back: the table stays as it was
        raise private.busy_refusal(busy)
    started = replace(table, state=private.STARTED)
    await _save_table(conn, started)
    return started, match


async def _table_by_code(conn: AsyncConnection[Any], code: str, lock: bool) -> Table | None:
    query = "SELECT * FROM private_tables WHERE code = %s" + (" FOR UPDATE" if lock else "")
    row = await _one(conn, query, (code,))
    return None if row is None else _table(row)


async def _save_table(conn: AsyncConnection[Any], table: Table) -> None:
    await conn.execute("UPDATE private_tables SET seats = %s, state = %s WHERE table_id = %s",
                       (_table_seats_json(table.seats), table.state, table.table_id))


async def _one_rematch(conn: AsyncConnection[Any], query: str, key: str) -> Rematch | None:
    row = await _one(conn, query, (key,))
    return None if row is None else _rematch(row)


async def _one(conn: AsyncConnection[Any], query: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
    row: dict[str, Any] | None = await (await conn.execute(query, params)).fetchone()
    return row


async def _all(conn: AsyncConnection[Any], query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = await (await conn.execute(query, params)).fetchall()
    return rows


async def _mark_queued(conn: AsyncConnection[Any], player: str, ticket_id: str, slot: str, you: bool) -> None:
    """`player` waits on `ticket_id` in `slot`; PlayerBusy when queued already or the slot is taken."""
    cur = await conn.execute(
        """INSERT INTO player_status (player_id, state, ticket_id, slot) VALUES (%s, 'queued', %s, %s)
           ON CONFLICT DO NOTHING""",
        (player, ticket_id, slot),
    )
    if cur.rowcount == 0:
        query = "SELECT 1 FROM player_status WHERE player_id = %s AND state = 'queued'"
        queued = await _one(conn, query, (player,)) is not None
        raise PlayerBusy(player, queued=queued or slot != LIVE_SLOT, you=you)


async def _remember_name(conn: AsyncConnection[Any], game: str, player: str, name: str) -> None:
    await conn.execute(
        """INSERT INTO ratings (game, player_id, mu, sigma, display_name) VALUES (%s, %s, %s, %s, %s)
           ON CONFLICT (game, player_id) DO UPDATE SET display_name = EXCLUDED.display_name""",
        (game, player, DEFAULT_MU, DEFAULT_SIGMA, name),
    )


async def _lock_ratings(conn: AsyncConnection[Any], game: str, players: Sequence[str]) -> list[PlayerRating]:
    """The players' ratings, row-locked in a fixed order so concurrent games never deadlock."""
    for player in sorted(players):
        await conn.execute(
            """INSERT INTO ratings (game, player_id, mu, sigma) VALUES (%s, %s, %s, %s)
               ON CONFLICT DO NOTHING""",
            (game, player, DEFAULT_MU, DEFAULT_SIGMA),
        )
    rows = await _all(
        conn,
        "SELECT * FROM ratings WHERE game = %s AND player_id = ANY(%s) ORDER BY player_id FOR UPDATE",
        (game, list(players)),
    )
    by_player = {r["player_id"]: _rating(r) for r in rows}
    return [by_player[p] for p in players]


async def _rate_game(conn: AsyncConnection[Any], finished: FinishedGame, rate: Rater) -> None:
    """The players' ratings under the game (with their history) and under its player count's board."""
    current = await _lock_ratings(conn, finished.game, finished.players)
    for rating in rate(current):
        await _save_rating(conn, rating)
        await conn.execute(
            "INSERT INTO rating_history (game, player_id, game_id, mu, sigma) VALUES (%s, %s, %s, %s, %s)",
            (rating.game, rating.player_id, finished.game_id, rating.mu, rating.sigma),
        )
    on_board = await _lock_ratings(conn, board(finished.game, len(finished.players)), finished.players)
    for rating in rate(on_board):
        await _save_rating(conn, rating)


async def _save_rating(conn: AsyncConnection[Any], rating: PlayerRating) -> None:
    await conn.execute(
        "UPDATE ratings SET mu = %s, sigma = %s, games = %s WHERE game = %s AND player_id = %s",
        (rating.mu, rating.sigma, rating.games, rating.game, rating.player_id),
    )


def _migration_files() -> list[tuple[str, str]]:
    folder = resources.files("daimyo_matchmaking.migrations")
    files = sorted((f.name, f.read_text()) for f in folder.iterdir() if f.name.endswith(".sql"))
    return files


def _ticket(row: dict[str, Any]) -> TicketRecord:
    seats = row.get("seats") or []
    seat = next((i for i, s in enumerate(seats) if s.get("player_id") == row["player_id"]), -1)
    plain = (
        "ticket_id",
        "player_id",
        "game",
        "bots_welcome",
        "bots_only",
        "bot_level",
        "display_name",
        "time_control_json",
        "rating",
        "state",
        "enqueued_at",
        "closed_at",
        "match_id",
        "fill_now",
        "casual",
    )
    return TicketRecord(
        **{k: row[k] for k in plain},
        players=tuple(row["players"]),
        player_counts=tuple(row["player_counts"]),
        game_id=row.get("game_id") or "",
        seat=seat,
    )


def _match(row: dict[str, Any]) -> MatchRecord:
    seats = tuple(SeatSpec(**s) for s in row["seats"])
    return MatchRecord(
        match_id=row["match_id"],
        game=row["game"],
        seats=seats,
        config=row["config"],
        time_control_json=row["time_control_json"],
        formed_at=row["formed_at"],
        state=row["state"],
        game_id=row["game_id"] or "",
        ticket_ids=tuple(sorted({s.ticket_id for s in seats if s.ticket_id})),
        rated=row.get("rated", True),
        listed=row.get("listed", True),
    )


def _rating(row: dict[str, Any]) -> PlayerRating:
    return PlayerRating(**{k: row[k] for k in ("player_id", "game", "mu", "sigma", "games", "display_name")})


def _rematch(row: dict[str, Any]) -> Rematch:
    seats = tuple(SeatSpec(**s) for s in row["seats"])
    return Rematch(row["rematch_id"], row["game_id"], row["game"], seats, row["config"],
                   row["time_control_json"], row["rated"], row["listed"], tuple(row["accepted"]),
                   row["state"], row["reason"], row["offered_at"], row["expires_at"],
                   row["new_game_id"] or "")


def _table(row: dict[str, Any]) -> Table:
    seats = tuple(SeatSpec(**s) if s else None for s in row["seats"])
    return Table(row["table_id"], row["code"], row["host_id"], row["game"], row["options"], row["config"],
                 row["time_control_json"], row["rated"], row["spectators"], seats, row["state"],
                 row["created_at"], row["expires_at"], row["game_id"] or "")


def _seat_json(seat: SeatSpec, ticket: bool = True) -> dict[str, str]:
    return {k: v for k, v in vars(seat).items() if v and (ticket or k != "ticket_id")}


def _table_seats_json(seats: Sequence[SeatSpec | None]) -> str:
    return json.dumps([_seat_json(s) if s else {} for s in seats])
