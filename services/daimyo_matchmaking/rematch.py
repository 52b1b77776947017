"""Rematch and "new game with the same settings", after a finished game.

A rematch offer seats the same people again with every seat moved one place on; it starts
once every person at the table accepted within `REMATCH_SECONDS` (bots accept at once); a
refusal or the end of the wait closes it. Offers live in Postgres (`rematches`), so any
matchmaking replica may answer; the new game is created like any match (idempotent by id).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from daimyo_matchmaking.domain import MatchRecord, NotAllowed, NotFound, Refused, SeatSpec
from daimyo_matchmaking.ports import Clock, PlayerNotifier
from daimyo_matchmaking.store import PostgresStore, insert_match, seat_players

REMATCH_SECONDS = 60.0
OPEN, STARTED, REFUSED, EXPIRED = "open", "started", "refused", "expired"


@dataclass(frozen=True)
class Rematch:
    rematch_id: str
    game_id: str  # the finished game
    game: str
    seats: tuple[SeatSpec, ...]  # the new game's seats
    config: dict[str, Any]
    time_control_json: str
    rated: bool
    listed: bool
    accepted: tuple[str, ...]
    state: str
    reason: str
    offered_at: float
    expires_at: float
    new_game_id: str = ""

    @property
    def people(self) -> list[str]:
        return [s.player_id for s in self.seats if not s.is_bot]

    @property
    def everyone_accepted(self) -> bool:
        return set(self.people) <= set(self.accepted)

    def expires_in(self, now: float) -> float:
        return max(0.0, self.expires_at - now) if self.state == OPEN else 0.0


def rotated(seats: tuple[SeatSpec, ...]) -> tuple[SeatSpec, ...]:
    """Every occupant one seat on (the last comes first), so whoever started does not again."""
    return (seats[-1], *seats[:-1]) if seats else seats


class RematchStore:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def get(self, rematch_id: str) -> Rematch | None:
        async with self._pool.connection() as conn:
            return await _one(conn, "SELECT * FROM rematches WHERE rematch_id = %s", rematch_id)

    async def for_game(self, game_id: str) -> Rematch | None:
        async with self._pool.connection() as conn:
            return await _one(conn, "SELECT * FROM rematches WHERE game_id = %s", game_id)

    async def offer(self, rematch: Rematch) -> Rematch:
        """Store a new offer; the one already stored if another player offered first."""
        async with self._pool.connection() as conn:
            await conn.execute(
                """INSERT INTO rematches (rematch_id, game_id, game, seats, config, time_control_json, rated,
                       listed, accepted, state, offered_at, expires_at)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, 'open', %s, %s) ON CONFLICT DO NOTHING""",
                (rematch.rematch_id, rematch.game_id, rematch.game,
                 json.dumps([_seat_json(s) for s in rematch.seats]), json.dumps(rematch.config),
                 rematch.time_control_json, rematch.rated, rematch.listed, list(rematch.accepted),
                 rematch.offered_at, rematch.expires_at),
            )
            stored = await _one(conn, "SELECT * FROM rematches WHERE game_id = %s", rematch.game_id)
        assert stored is not None
        return stored

    async def answer(self, rematch_id: str, player_id: str, accept: bool, now: float) -> Rematch:
        """Record one person's answer; the offer closes on a refusal or once it has expired."""
        async with self._pool.connection() as conn, conn.transaction():
            current = await _one(conn, "SELECT * FROM rematches WHERE rematch_id = %s FOR UPDATE", rematch_id)
            if current is None:
                raise NotFound("no such rematch offer")
            _check_answer(current, player_id, now)
            if current.state == STARTED:
                return current
            if now >= current.expires_at:
                return await _close(conn, current, EXPIRED, "nobody answered in time")
            if not accept:
                return await _close(conn, current, REFUSED, f"{_name(current, player_id)} declined")
            accepted = sorted({*current.accepted, player_id})
            await conn.execute("UPDATE rematches SET accepted = %s WHERE rematch_id = %s",
                               (accepted, rematch_id))
            return replace(current, accepted=tuple(accepted))

    async def start(self, rematch: Rematch, now: float) -> tuple[Rematch, MatchRecord | None]:
        """Everyone accepted: the match to create (None, and the offer refused, if someone is busy)."""
        async with self._pool.connection() as conn, conn.transaction():
            current = await _one(conn, "SELECT * FROM rematches WHERE rematch_id = %s FOR UPDATE",
                                 rematch.rematch_id)
            if current is None or current.state != OPEN:
                return current or rematch, None
            match = MatchRecord(current.rematch_id, current.game, current.seats, current.config,
                                current.time_control_json, now, rated=current.rated, listed=current.listed)
            await insert_match(conn, match)
            busy = await seat_players(conn, match)
            if busy:
                raise _Busy(f"{', '.join(busy)} is already playing another live game")
            await conn.execute("UPDATE rematches SET state = 'started' WHERE rematch_id = %s",
                               (current.rematch_id,))
            return replace(current, state=STARTED), match

    async def refuse(self, rematch: Rematch, reason: str) -> Rematch:
        async with self._pool.connection() as conn:
            return await _close(conn, rematch, REFUSED, reason)

    async def started(self, rematch_id: str, game_id: str) -> None:
        async with self._pool.connection() as conn:
            await conn.execute("UPDATE rematches SET new_game_id = %s WHERE rematch_id = %s",
                               (game_id, rematch_id))

    async def expire_due(self, now: float) -> list[Rematch]:
        """Close every open offer whose wait is over (each returned once)."""
        async with self._pool.connection() as conn:
            cursor = await conn.execute(
                """UPDATE rematches SET state = 'expired', reason = 'nobody answered in time'
                       WHERE state = 'open' AND expires_at <= %s RETURNING *""", (now,))
            rows: list[dict[str, Any]] = await cursor.fetchall()  # type: ignore[assignment]
        return [_rematch(r) for r in rows]


class _Busy(Exception):
    """A person of the rematch is playing another live game (the transaction rolls back)."""


def _check_answer(rematch: Rematch, player_id: str, now: float) -> None:
    if player_id not in rematch.people:
        raise NotAllowed("only the players of that game may answer its rematch")
    if rematch.state in (REFUSED, EXPIRED):
        why = f": {rematch.reason}" if rematch.reason else ""
        raise Refused(f"this rematch offer is {rematch.state}{why}")


async def _close(conn: AsyncConnection[Any], rematch: Rematch, state: str, reason: str) -> Rematch:
    await conn.execute("UPDATE rematches SET state = %s, reason = %s WHERE rematch_id = %s",
                       (state, reason, rematch.rematch_id))
    return replace(rematch, state=state, reason=reason)


def _name(rematch: Rematch, player_id: str) -> str:
    return next((s.display_name for s in rematch.seats if s.player_id == player_id and s.display_name),
                "a player")


async def _one(conn: AsyncConnection[Any], query: str, key: str) -> Rematch | None:
    row = await (await conn.execute(query, (key,))).fetchone()
    return None if row is None else _rematch(row)


def _rematch(row: dict[str, Any]) -> Rematch:
    seats = tuple(SeatSpec(**s) for s in row["seats"])
    return Rematch(row["rematch_id"], row["game_id"], row["game"], seats, row["config"],
                   row["time_control_json"], row["rated"], row["listed"], tuple(row["accepted"]),
                   row["state"], row["reason"], row["offered_at"], row["expires_at"],
                   row["new_game_id"] or "")


def _seat_json(seat: SeatSpec) -> dict[str, str]:
    return {k: v for k, v in vars(seat).items() if v and k != "ticket_id"}


CreateGame = Callable[[str], Awaitable[MatchRecord | None]]


class Rematches:
    """The use cases: offer (or accept) a rematch, answer it, look at it, let offers expire."""

    def __init__(self, store: PostgresStore, notifier: PlayerNotifier, clock: Clock,
                 create_game: CreateGame) -> None:
        self.offers = RematchStore(store.pool)
        self._matches = store
        self._notifier = notifier
        self._clock = clock
        self._create_game = create_game

    async def offer(self, game_id: str, player_id: str) -> Rematch:
        """Offer a rematch of a finished game (or accept the offer already made)."""
        existing = await self.offers.for_game(game_id)
        if existing is not None:
            return await self.answer(existing.rematch_id, player_id, True)
        match = await self._finished_match(game_id, player_id)
        now = self._clock.now()
        offer = Rematch(uuid.uuid4().hex, game_id, match.game, rotated(match.seats), match.config,
                        match.time_control_json, match.rated, match.listed, (player_id,), OPEN, "", now,
                        now + REMATCH_SECONDS)
        stored = await self.offers.offer(offer)
        if stored.rematch_id != offer.rematch_id:  # someone offered at the same moment: accept theirs
            return await self.answer(stored.rematch_id, player_id, True)
        await self._tell(stored, "rematch_offered", player_id)
        return await self._maybe_start(stored)

    async def answer(self, rematch_id: str, player_id: str, accept: bool) -> Rematch:
        rematch = await self.offers.answer(rematch_id, player_id, accept, self._clock.now())
        if rematch.state in (REFUSED, EXPIRED):
            await self._tell(rematch, f"rematch_{rematch.state}", player_id)
            return rematch
        return await self._maybe_start(rematch)

    async def get(self, rematch_id: str, player_id: str) -> Rematch:
        rematch = await self.offers.get(rematch_id)
        if rematch is None or player_id not in rematch.people:
            raise NotFound("no such rematch offer")
        return rematch

    async def expire_due(self) -> None:
        for rematch in await self.offers.expire_due(self._clock.now()):
            await self._tell(rematch, "rematch_expired", "")

    async def _finished_match(self, game_id: str, player_id: str) -> MatchRecord:
        match = await self._matches.match_by_game(game_id)
        if match is None:
            raise NotFound("no rematch for that game: it was not seated by matchmaking")
        if player_id not in [s.player_id for s in match.seats if not s.is_bot]:
            raise NotAllowed("only the players of that game may offer a rematch")
        if match.state != "finished":
            raise Refused("that game is not finished yet")
        return match

    async def _maybe_start(self, rematch: Rematch) -> Rematch:
        if rematch.state != OPEN or not rematch.everyone_accepted:
            return rematch
        try:
            started, match = await self.offers.start(rematch, self._clock.now())
        except _Busy as busy:
            refused = await self.offers.refuse(rematch, str(busy))
            await self._tell(refused, "rematch_refused", "")
            return refused
        if match is None:
            return started
        created = await self._create_game(match.match_id)
        if created is not None:
            await self.offers.started(rematch.rematch_id, created.game_id)
            started = replace(started, new_game_id=created.game_id)
        return started

    async def _tell(self, rematch: Rematch, kind: str, by: str) -> None:
        for player in rematch.people:
            if player != by:
                await self._notifier.notify_player(player, {
                    "type": kind, "rematch_id": rematch.rematch_id, "game_id": rematch.game_id,
                    "by": _name(rematch, by) if by else "", "reason": rematch.reason,
                    "expires_in_seconds": rematch.expires_in(self._clock.now())})
