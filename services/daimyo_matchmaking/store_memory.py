"""An in-memory matchmaking store: the fast fake for handler tests, held to the same contract as
Postgres (tests/contract/test_matchmaking_store_contract.py).

One event loop, so a method that never awaits is atomic, like a transaction. The two blocks
(`claim_queue`, `pending_match`) hold their tickets or match while their caller awaits elsewhere:
their changes apply when the block ends without an error, and what waits on a held row in
Postgres (`FOR UPDATE`, an update of a locked row) waits here until the holder lets go.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from daimyo_bus.messages import TableChallenge
from daimyo_matchmaking import rematch as offers
from daimyo_matchmaking import tables as private
from daimyo_matchmaking.allowance import Holdings
from daimyo_matchmaking.domain import (
    CANCELLED,
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

PLAYING = "playing"


@dataclass
class _Status:
    """A busy player's row in one slot: queued on a ticket, or playing a match."""

    state: str
    ticket_id: str
    match_id: str = ""
    game_id: str = ""


@dataclass
class _Rows:
    """Every table's rows, shared by the store, its rematch offers and its private tables."""

    tickets: dict[str, TicketRecord] = field(default_factory=dict)
    seen_at: dict[str, float] = field(default_factory=dict)
    status: dict[tuple[str, str], _Status] = field(default_factory=dict)  # (player, slot)
    matches: dict[str, MatchRecord] = field(default_factory=dict)
    ratings: dict[tuple[str, str], PlayerRating] = field(default_factory=dict)  # (game, player)
    processed: set[str] = field(default_factory=set)
    leaves: dict[tuple[str, str], float] = field(default_factory=dict)  # (player, game) → when
    history: list[tuple[str, str, RatingPoint]] = field(default_factory=list)  # (game, player, point)
    rematches: dict[str, Rematch] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)  # by code
    challenges: dict[str, tuple[float, TableChallenge]] = field(default_factory=dict)  # the outbox, by code
    held_tickets: set[str] = field(default_factory=set)
    held_matches: set[str] = field(default_factory=set)
    released: asyncio.Condition = field(default_factory=asyncio.Condition)

    async def until_free(self, ticket_ids: Callable[[], Iterable[str]]) -> None:
        """Wait until no claim holds any of the tickets `ticket_ids()` names (re-read on each wake)."""
        async with self.released:
            await self.released.wait_for(lambda: self.held_tickets.isdisjoint(ticket_ids()))

    async def release(self, tickets: Iterable[str] = (), match_id: str = "") -> None:
        self.held_tickets.difference_update(tickets)
        self.held_matches.discard(match_id)
        async with self.released:
            self.released.notify_all()

    def drop_status(self, keep: Callable[[_Status], bool]) -> int:
        gone = [key for key, row in self.status.items() if not keep(row)]
        for key in gone:
            del self.status[key]
        return len(gone)

    def status_rows(self, match: Callable[[str, _Status], bool]) -> list[_Status]:
        return [row for (player, _), row in self.status.items() if match(player, row)]

    def tickets_holding(self, players: Sequence[str]) -> list[str]:
        """The tickets (or matches) that keep `players` busy."""
        return [row.ticket_id for row in self.status_rows(lambda p, _: p in players)]

    def is_queued(self, player_id: str) -> bool:
        return any(p == player_id and row.state == QUEUED for (p, _), row in self.status.items())

    def update_tickets(self, of_match: str, **changes: Any) -> None:
        for ticket_id, ticket in list(self.tickets.items()):
            if ticket.match_id == of_match:
                self.tickets[ticket_id] = replace(ticket, **changes)

    def holdings(self, player_id: str, since: float) -> Holdings:
        mine = [t for t in self.tickets.values() if t.player_id == player_id]
        asked = sum(1 for t in mine if t.state == QUEUED and (t.bots_only or t.fill_now))
        return Holdings(live_slot=(player_id, LIVE_SLOT) in self.status, queued=self.is_queued(player_id),
                        bot_games=asked + sum(1 for m in self.matches.values() if _bot_game_of(m, player_id)),
                        recent_joins=sum(1 for t in mine if t.enqueued_at > since))

    def guard(self, match: MatchRecord, guard: Guard) -> None:
        """`guard` for each person of a match with bots (one step: nothing else runs meanwhile)."""
        if any(s.is_bot for s in match.seats):
            for seat in _people(match):
                guard(seat.player_id, self.holdings(seat.player_id, 0.0))

    def busy_people(self, match: MatchRecord) -> list[str]:
        """The names of the match's people whose slot for it is taken (sorted by player id)."""
        slot = slot_for(match.time_control_json, match.match_id)
        return [s.display_name or "a player" for s in _people(match) if (s.player_id, slot) in self.status]

    def insert_match(self, match: MatchRecord) -> None:
        if match.match_id in self.matches:
            raise ValueError(f"match {match.match_id} exists already")
        ticket_ids = tuple(sorted({s.ticket_id for s in match.seats if s.ticket_id}))
        self.matches[match.match_id] = replace(
            match, state="pending", game_id="", ticket_ids=ticket_ids, config=_copied(match.config))

    def seat_people(self, match: MatchRecord) -> None:
        slot = slot_for(match.time_control_json, match.match_id)
        for seat in _people(match):
            self.status[(seat.player_id, slot)] = _Status(PLAYING, match.match_id, match.match_id)

    def record_match(self, match: MatchRecord) -> None:
        """A match formed from queued tickets: they are matching, their players playing."""
        self.insert_match(match)
        for ticket_id in match.ticket_ids:
            ticket = self.tickets[ticket_id]
            self.tickets[ticket_id] = replace(ticket, state=MATCHING, match_id=match.match_id,
                                              closed_at=match.formed_at)
        for row in self.status_rows(lambda _, row: row.ticket_id in match.ticket_ids):
            row.state, row.match_id = PLAYING, match.match_id

    def game_created(self, match_id: str, game_id: str) -> None:
        self.matches[match_id] = replace(self.matches[match_id], state="created", game_id=game_id)
        self.update_tickets(match_id, state=MATCHED)
        for row in self.status_rows(lambda _, row: row.match_id == match_id):
            row.game_id = game_id

    def match_abandoned(self, match_id: str) -> None:
        self.matches[match_id] = replace(self.matches[match_id], state="abandoned")
        self.update_tickets(match_id, state=QUEUED, match_id="", closed_at=None)
        for row in self.status_rows(lambda _, row: row.match_id == match_id):
            row.state, row.match_id = QUEUED, ""


class InMemoryStore:
    """`store_api.MatchmakingStore` in one process's memory."""

    def __init__(self) -> None:
        self._rows = _Rows()
        self._rematches = InMemoryRematchOffers(self._rows)
        self._tables = InMemoryTables(self._rows)

    @property
    def rematches(self) -> InMemoryRematchOffers:
        return self._rematches

    @property
    def tables(self) -> InMemoryTables:
        return self._tables

    def put_rating(self, rating: PlayerRating) -> None:
        """Seed a rating (tests and benchmarks; Postgres ones insert the row)."""
        self._rows.ratings[(rating.game, rating.player_id)] = rating

    # -- tickets -----------------------------------------------------------------------------

    async def insert_ticket(self, ticket: NewTicket) -> None:
        rows = self._rows
        await rows.until_free(lambda: rows.tickets_holding(ticket.players))
        slot = slot_for(ticket.time_control_json, ticket.ticket_id)
        for player in sorted(ticket.players):
            queued = rows.is_queued(player)
            if queued or (player, slot) in rows.status:
                raise PlayerBusy(player, queued=queued or slot != LIVE_SLOT, you=player == ticket.player_id)
        for player in ticket.players:
            rows.status[(player, slot)] = _Status(QUEUED, ticket.ticket_id)
        rows.tickets[ticket.ticket_id] = TicketRecord(**vars(ticket), state=QUEUED)
        rows.seen_at[ticket.ticket_id] = ticket.enqueued_at
        if ticket.display_name:
            key = (ticket.game, ticket.player_id)
            known = rows.ratings.get(key, PlayerRating(ticket.player_id, ticket.game))
            rows.ratings[key] = replace(known, display_name=ticket.display_name)

    async def get_ticket(self, ticket_id: str) -> TicketRecord:
        ticket = self._rows.tickets.get(ticket_id)
        if ticket is None:
            raise TicketNotFound("no such ticket")
        match = self._rows.matches.get(ticket.match_id)
        if match is None:
            return ticket
        seat = next((n for n, s in enumerate(match.seats) if s.player_id == ticket.player_id), -1)
        return replace(ticket, game_id=match.game_id, seat=seat)

    async def cancel_ticket(self, ticket_id: str, player_id: str, now: float) -> None:
        await self._rows.until_free(lambda: [ticket_id])
        ticket = self._rows.tickets.get(ticket_id)
        if ticket is None:
            raise TicketNotFound("no such ticket")
        if player_id and player_id not in ticket.players:
            raise TicketNotCancellable("this ticket is not yours")
        if ticket.state != QUEUED:
            raise TicketNotCancellable(f"this ticket is {ticket.state}: too late to cancel")
        self._cancel(ticket, now)

    async def touch_player(self, player_id: str, seen_at: float) -> int:
        return await self._see(player_id, lambda was: max(was, seen_at))

    async def player_gone(self, player_id: str, seen_at: float) -> int:
        return await self._see(player_id, lambda was: min(was, seen_at))

    async def cancel_unseen(self, seen_before: float, now: float) -> list[tuple[str, str]]:
        rows = self._rows
        unseen = self._queued(lambda t: not t.bots_only and rows.seen_at[t.ticket_id] < seen_before
                              and t.ticket_id not in rows.held_tickets)  # SKIP LOCKED
        for ticket in unseen:
            self._cancel(ticket, now)
        return [(t.ticket_id, t.player_id) for t in unseen]

    async def fill_now(self, ticket_id: str, player_id: str) -> None:
        await self._rows.until_free(lambda: [ticket_id])
        ticket = self._rows.tickets.get(ticket_id)
        if ticket is None or ticket.player_id != player_id:
            raise TicketNotFound("no such ticket")
        if ticket.state != QUEUED:
            raise TicketNotCancellable(f"this ticket is {ticket.state}: too late to ask for bots")
        self._rows.tickets[ticket_id] = replace(ticket, fill_now=True, bots_welcome=True)

    async def queued_games(self) -> list[str]:
        return sorted({t.game for t in self._queued()})

    async def recent_waits(self, game: str, limit: int = 50) -> list[float]:
        matched = [t for t in self._rows.tickets.values() if t.game == game and t.state == MATCHED]
        latest = sorted(matched, key=lambda t: t.closed_at or 0.0, reverse=True)[:limit]
        return [(t.closed_at or 0.0) - t.enqueued_at for t in latest]

    def _queued(self, keep: Callable[[TicketRecord], bool] = lambda t: True) -> list[TicketRecord]:
        return [t for t in self._rows.tickets.values() if t.state == QUEUED and keep(t)]

    def _cancel(self, ticket: TicketRecord, now: float) -> None:
        self._rows.tickets[ticket.ticket_id] = replace(ticket, state=CANCELLED, closed_at=now)
        self._rows.drop_status(lambda row: row.ticket_id != ticket.ticket_id)

    async def _see(self, player_id: str, seen: Callable[[float], float]) -> int:
        rows = self._rows
        await rows.until_free(lambda: [t.ticket_id for t in self._queued(lambda t: t.player_id == player_id)])
        mine = self._queued(lambda t: t.player_id == player_id)
        for ticket in mine:
            rows.seen_at[ticket.ticket_id] = seen(rows.seen_at[ticket.ticket_id])
        return len(mine)

    # -- matching ----------------------------------------------------------------------------

    @asynccontextmanager
    async def claim_queue(self, game: str) -> AsyncIterator[MemoryQueueClaim]:
        rows = self._rows
        free = self._queued(lambda t: t.game == game and t.ticket_id not in rows.held_tickets)
        claim = MemoryQueueClaim(sorted(free, key=lambda t: t.enqueued_at))
        held = [t.ticket_id for t in claim.tickets]
        rows.held_tickets.update(held)
        try:
            yield claim
            for match in claim.formed:  # the commit
                rows.record_match(match)
        finally:
            await rows.release(tickets=held)

    @asynccontextmanager
    async def pending_match(self, match_id: str) -> AsyncIterator[MemoryPendingMatch | None]:
        rows = self._rows
        match = rows.matches.get(match_id)
        if match is None or match.state != "pending" or match_id in rows.held_matches:
            yield None
            return
        rows.held_matches.add(match_id)
        pending = MemoryPendingMatch(_fresh_match(match))
        try:
            yield pending
            if pending.game_id:  # the commit
                rows.game_created(match_id, pending.game_id)
            elif pending.abandoned:
                rows.match_abandoned(match_id)
        finally:
            await rows.release(match_id=match_id)

    async def stale_pending_matches(self, formed_before: float) -> list[str]:
        matches = self._rows.matches.values()
        stale = [m for m in matches if m.state == "pending" and m.formed_at < formed_before]
        return [m.match_id for m in sorted(stale, key=lambda m: m.formed_at)]

    async def match_by_game(self, game_id: str) -> MatchRecord | None:
        found = next((m for m in self._rows.matches.values() if game_id and m.game_id == game_id), None)
        return None if found is None else _fresh_match(found)

    async def ticket_of_match(self, match_id: str, player_id: str) -> TicketRecord | None:
        tickets = self._rows.tickets.values()
        return next((t for t in tickets if t.match_id == match_id and player_id in t.players), None)

    async def busy_state(self, player_id: str) -> str | None:
        states = [row.state for row in self._rows.status_rows(lambda p, _: p == player_id)]
        return states[0] if states else None

    async def holdings(self, player_id: str, since: float) -> Holdings:
        return self._rows.holdings(player_id, since)

    async def release_player(self, game_id: str, player_id: str) -> bool:
        key = next(((p, slot) for (p, slot), row in self._rows.status.items()
                    if p == player_id and row.game_id == game_id), None)
        if key is None:
            return False
        del self._rows.status[key]
        return True

    # -- ratings -----------------------------------------------------------------------------

    async def ratings(self, game: str, players: Sequence[str]) -> list[PlayerRating]:
        return self._ratings(game, players)

    async def record_leaves(self, game_id: str, player_ids: Sequence[str], at: float) -> None:
        for player in player_ids:
            self._rows.leaves.setdefault((player, game_id), at)

    async def leaves_since(self, player_id: str, since: float) -> list[float]:
        return sorted(at for (p, _), at in self._rows.leaves.items() if p == player_id and at >= since)

    async def leaderboard(self, game: str, limit: int) -> list[PlayerRating]:
        rated = [r for (g, _), r in self._rows.ratings.items() if g == game and r.games > 0]
        return sorted(rated, key=lambda r: (-r.ordinal, r.player_id))[:limit]

    async def record_finished_game(self, finished: FinishedGame, rate: Rater | None) -> bool:
        rows = self._rows
        if finished.game_id in rows.processed:
            return False
        current = self._ratings(finished.game, finished.players)
        rated = rate(current) if rate is not None else []  # before any change: a failure changes nothing
        on_board = self._ratings(board(finished.game, len(finished.players)), finished.players)
        board_rated = rate(on_board) if rate is not None else []
        rows.processed.add(finished.game_id)
        rows.drop_status(lambda row: row.game_id != finished.game_id)
        for match in [m for m in rows.matches.values() if m.game_id == finished.game_id]:
            rows.matches[match.match_id] = replace(match, state="finished")
        if rate is not None:
            self._save_ratings(current, rated)
            self._save_ratings(on_board, board_rated)
            rows.history += [(r.game, r.player_id, RatingPoint(finished.game_id, r.mu, r.sigma))
                             for r in rated]
        return True

    async def rating_history(self, game: str, player_id: str, limit: int) -> list[RatingPoint]:
        points = [p for g, who, p in self._rows.history if g == game and who == player_id]
        return points[-limit:] if limit > 0 else []

    def _ratings(self, game: str, players: Sequence[str]) -> list[PlayerRating]:
        return [self._rows.ratings.get((game, p), PlayerRating(p, game)) for p in players]

    def _save_ratings(self, current: list[PlayerRating], rated: list[PlayerRating]) -> None:
        """Every player of the game gets a row; the rated ones their new skill (their name stays)."""
        rows = self._rows.ratings
        for rating in current:
            rows.setdefault((rating.game, rating.player_id), rating)
        for rating in rated:
            key = (rating.game, rating.player_id)
            if key in rows:
                rows[key] = replace(rows[key], mu=rating.mu, sigma=rating.sigma, games=rating.games)


class MemoryQueueClaim:
    """Claimed tickets; the matches formed from them are stored when the claim ends."""

    def __init__(self, tickets: list[TicketRecord]) -> None:
        self.tickets = tickets
        self.formed: list[MatchRecord] = []

    async def record_match(self, match: MatchRecord) -> None:
        self.formed.append(match)


class MemoryPendingMatch:
    """A held pending match; what became of it is stored when the hold ends."""

    def __init__(self, match: MatchRecord) -> None:
        self.match = match
        self.game_id = ""
        self.abandoned = False

    async def created(self, game_id: str) -> None:
        self.game_id = game_id

    async def abandon(self) -> None:
        self.abandoned = True


class InMemoryRematchOffers:
    """`store_api.RematchOffers` on the shared rows."""

    def __init__(self, rows: _Rows) -> None:
        self._rows = rows

    async def get(self, rematch_id: str) -> Rematch | None:
        found = self._rows.rematches.get(rematch_id)
        return None if found is None else _fresh_rematch(found)

    async def for_game(self, game_id: str) -> Rematch | None:
        found = self._for_game(game_id)
        return None if found is None else _fresh_rematch(found)

    async def offer(self, rematch: Rematch) -> Rematch:
        if rematch.rematch_id not in self._rows.rematches and self._for_game(rematch.game_id) is None:
            self._rows.rematches[rematch.rematch_id] = replace(
                rematch, seats=offers.without_tickets(rematch.seats), config=_copied(rematch.config),
                state=offers.OPEN, reason="", new_game_id="")
        stored = self._for_game(rematch.game_id)
        assert stored is not None
        return _fresh_rematch(stored)

    async def answer(self, rematch_id: str, player_id: str, accept: bool, now: float) -> Rematch:
        current = self._rows.rematches.get(rematch_id)
        if current is None:
            raise NotFound("no such rematch offer")
        after = offers.answered(current, player_id, accept, now)
        self._rows.rematches[rematch_id] = after
        return _fresh_rematch(after)

    async def start(self, rematch: Rematch, now: float,
                    guard: Guard = no_guard) -> tuple[Rematch, MatchRecord | None]:
        current = self._rows.rematches.get(rematch.rematch_id)
        if current is None or current.state != offers.OPEN:
            return current or rematch, None
        match = current.match(now)
        busy = self._rows.busy_people(match)
        if busy:
            raise RematchBusy(f"{', '.join(busy)} is already playing another live game")
        self._rows.guard(match, guard)
        self._rows.insert_match(match)
        self._rows.seat_people(match)
        started = replace(current, state=offers.STARTED)
        self._rows.rematches[current.rematch_id] = started
        return _fresh_rematch(started), match

    async def refuse(self, rematch: Rematch, reason: str) -> Rematch:
        self._change(rematch.rematch_id, state=offers.REFUSED, reason=reason)
        return offers.closed(rematch, offers.REFUSED, reason)

    async def started(self, rematch_id: str, game_id: str) -> None:
        self._change(rematch_id, new_game_id=game_id)

    async def expire_due(self, now: float) -> list[Rematch]:
        due = [r for r in self._rows.rematches.values() if r.state == offers.OPEN and r.expires_at <= now]
        for rematch in due:
            self._change(rematch.rematch_id, state=offers.EXPIRED, reason=offers.NOBODY_ANSWERED)
        return [_fresh_rematch(self._rows.rematches[r.rematch_id]) for r in due]

    def _for_game(self, game_id: str) -> Rematch | None:
        return next((r for r in self._rows.rematches.values() if r.game_id == game_id), None)

    def _change(self, rematch_id: str, **changes: Any) -> None:
        if rematch_id in self._rows.rematches:
            self._rows.rematches[rematch_id] = replace(self._rows.rematches[rematch_id], **changes)


class InMemoryTables:
    """`store_api.PrivateTables` on the shared rows."""

    def __init__(self, rows: _Rows) -> None:
        self._rows = rows

    async def insert(self, table: Table, challenge: TableChallenge | None = None) -> None:
        tables = self._rows.tables
        if table.code in tables or any(t.table_id == table.table_id for t in tables.values()):
            raise ValueError(f"table {table.table_id} ({table.code}) exists already")
        tables[table.code] = replace(_fresh_table(table), state=private.OPEN)
        if challenge is not None:
            self._rows.challenges[challenge.code] = (table.created_at, challenge)

    async def unsent_challenges(self, before: float, limit: int = 50) -> list[TableChallenge]:
        kept = sorted(self._rows.challenges.values(), key=lambda row: row[0])
        return [challenge for at, challenge in kept if at < before][:limit]

    async def challenge_sent(self, code: str) -> None:
        self._rows.challenges.pop(code, None)

    async def open_tables_of(self, host_id: str, now: float) -> int:
        return sum(1 for t in self._rows.tables.values()
                   if t.host_id == host_id and t.state == private.OPEN and t.expires_at > now)

    async def by_code(self, code: str) -> Table | None:
        found = self._rows.tables.get(code)
        return None if found is None else _fresh_table(found)

    async def live_slot_taken(self, player_id: str) -> bool:
        return (player_id, LIVE_SLOT) in self._rows.status

    async def change(self, code: str, change: TableChange, now: float,
                     guard: Guard = no_guard) -> tuple[Table, MatchRecord | None]:
        stored = self._rows.tables.get(code)
        table = None if stored is None else _fresh_table(stored)
        if table is None:
            raise NotFound("no table has that invitation code")
        private.check_open(table, now)
        changed = change(table)
        match = changed.match(now) if changed.full else None
        if match is not None:
            busy = self._rows.busy_people(match)
            if busy:
                raise private.busy_refusal(busy)
            self._rows.guard(match, guard)
            self._rows.insert_match(match)
            self._rows.seat_people(match)
            changed = replace(changed, state=private.STARTED)
        self._rows.tables[code] = replace(self._rows.tables[code], seats=changed.seats, state=changed.state)
        return changed, match

    async def started(self, table_id: str, game_id: str) -> None:
        for code, table in list(self._rows.tables.items()):
            if table.table_id == table_id:
                self._rows.tables[code] = replace(table, game_id=game_id)


def _bot_game_of(match: MatchRecord, player_id: str) -> bool:
    """A match being created or played with a bot seat beside `player_id`'s."""
    return (match.state in ("pending", "created") and any(s.is_bot for s in match.seats)
            and any(s.player_id == player_id for s in match.seats))


def _people(match: MatchRecord) -> list[SeatSpec]:
    return sorted((s for s in match.seats if not s.is_bot), key=lambda s: s.player_id)


def _copied(data: dict[str, Any]) -> dict[str, Any]:
    """What a JSON column gives back: a fresh copy, tuples as lists."""
    copied: dict[str, Any] = json.loads(json.dumps(data))
    return copied


def _fresh_match(match: MatchRecord) -> MatchRecord:
    return replace(match, config=_copied(match.config))


def _fresh_rematch(rematch: Rematch) -> Rematch:
    return replace(rematch, config=_copied(rematch.config))


def _fresh_table(table: Table) -> Table:
    return replace(table, options=_copied(table.options), config=_copied(table.config))
