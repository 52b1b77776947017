"""Matchmaking use cases: enqueue, cancel, look up, match a game's queue, record finished games.

Everything outside (Postgres, the game service, NATS, the rules registry, the clock, chance) is
injected, so the same handlers run in production, in tests on a fake clock, and in the bench.
"""

from __future__ import annotations

import random
import statistics
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import structlog

from daimyo_kit import logging as kit_log
from daimyo_kit.bot_levels import BOT_LEVELS
from daimyo_kit.games import counts_text
from daimyo_kit.time_controls import BadTimeControl, parse_time_control_json
from daimyo_matchmaking.domain import (
    QUEUED,
    InvalidRequest,
    MatchRecord,
    NewTicket,
    PlayerRating,
    QuotaExceeded,
    SeatSpec,
    TicketRecord,
)
from daimyo_matchmaking.matching import Plan, Policy, Waiting, plan_matches
from daimyo_matchmaking.ports import (
    Clock,
    GameCatalog,
    GameCreationRejected,
    GameCreator,
    GameServiceUnavailable,
    NewGame,
    PlayerNotifier,
)
from daimyo_matchmaking.ratings import parse_finished, ranks_for, rate
from daimyo_matchmaking.store import PostgresStore

log = structlog.get_logger("daimyo_matchmaking")

@dataclass(frozen=True)
class Enqueue:
    """A player (and optional party) asking for a table."""

    player_id: str
    game: str
    player_counts: Sequence[int] = ()
    bots_welcome: bool = False
    party: Sequence[str] = ()
    bot_level: str = ""
    bots_only: bool = False
    display_name: str = ""
    time_control_json: str = ""


@dataclass(frozen=True)
class TicketStatus:
    """A ticket with how long it has waited and how long it may still wait."""

    ticket: TicketRecord
    waited_seconds: float
    estimated_wait_seconds: float


class MatchMetrics(Protocol):
    def match_formed(self, game: str, waits: Sequence[float]) -> None: ...


class NoMetrics:
    def match_formed(self, game: str, waits: Sequence[float]) -> None:
        return None


@dataclass
class MatchmakingHandlers:
    store: PostgresStore
    games: GameCreator
    notifier: PlayerNotifier
    catalog: GameCatalog
    clock: Clock
    policy: Policy = field(default_factory=Policy)
    rng: random.Random = field(default_factory=random.SystemRandom)
    metrics: MatchMetrics = field(default_factory=NoMetrics)
    on_enqueue: Callable[[str], None] = lambda game: None
    stale_match_seconds: float = 10.0
    bot_games_per_player: int = 1  # bot-only games one player may have in progress

    # -- queue -------------------------------------------------------------------------------

    async def enqueue(self, request: Enqueue) -> TicketStatus:
        players, counts = self._validated(request)
        if request.bots_only:
            await self._check_bot_games(request.player_id)
        ratings = await self.store.ratings(request.game, players)
        ticket = NewTicket(
            ticket_id=str(uuid.uuid4()),
            player_id=request.player_id,
            game=request.game,
            players=players,
            player_counts=counts,
            bots_welcome=request.bots_welcome or request.bots_only,
            bots_only=request.bots_only,
            bot_level=request.bot_level,
            display_name=request.display_name,
            time_control_json=request.time_control_json,
            rating=statistics.fmean(r.mu for r in ratings),
            enqueued_at=self.clock.now(),
        )
        await self.store.insert_ticket(ticket)
        log.info("ticket_enqueued", ticket_id=ticket.ticket_id, game=ticket.game, players=list(players))
        self.on_enqueue(request.game)
        return await self.get_ticket(ticket.ticket_id)

    async def cancel(self, ticket_id: str, player_id: str = "") -> TicketStatus:
        await self.store.cancel_ticket(ticket_id, player_id, self.clock.now())
        return await self.get_ticket(ticket_id)

    async def get_ticket(self, ticket_id: str) -> TicketStatus:
        ticket = await self.store.get_ticket(ticket_id)
        end = self.clock.now() if ticket.closed_at is None else ticket.closed_at
        waited = max(0.0, end - ticket.enqueued_at)
        estimate = await self._estimated_wait(ticket, waited) if ticket.state == QUEUED else 0.0
        return TicketStatus(ticket, waited, estimate)

    async def _estimated_wait(self, ticket: TicketRecord, waited: float) -> float:
        if ticket.bots_only:
            return 0.0
        recent = await self.store.recent_waits(ticket.game)
        typical = statistics.median(recent) if recent else self.policy.backfill_seconds
        if ticket.bots_welcome:  # bots take the empty seats by then at the latest
            typical = min(typical, self.policy.backfill_seconds)
        return max(0.0, typical - waited)

    async def _check_bot_games(self, player_id: str) -> None:
        allowed = self.bot_games_per_player
        if await self.store.bot_games_in_progress(player_id) >= allowed:
            raise QuotaExceeded(f"at most {allowed} game against bots in progress at a time; "
                                "finish it (the bots play on if you leave) before starting another")

    def _validated(self, request: Enqueue) -> tuple[tuple[str, ...], tuple[int, ...]]:
        if not request.player_id:
            raise InvalidRequest("player_id is required")
        allowed = self.catalog.player_counts(request.game)
        players = _party(request.player_id, request.party)
        counts = _counts(request.game, request.player_counts, allowed)
        seated = tuple(n for n in counts if n >= len(players))
        if not seated:
            raise InvalidRequest(f"a party of {len(players)} does not fit a table of {_listed(counts)}")
        if request.bot_level and request.bot_level not in BOT_LEVELS:
            levels = ", ".join(sorted(BOT_LEVELS))
            raise InvalidRequest(f"unknown bot level {request.bot_level!r}; levels: {levels}")
        if request.bots_only and len(players) >= max(seated):
            raise InvalidRequest("bots_only needs a table with at least one seat left for a bot")
        try:
            parse_time_control_json(request.time_control_json)
        except BadTimeControl as exc:  # refused here, so a match never loops on creation
            raise InvalidRequest(str(exc)) from exc
        return players, seated

    # -- ratings -----------------------------------------------------------------------------

    async def leaderboard(self, game: str, limit: int = 20) -> list[PlayerRating]:
        self.catalog.player_counts(game)
        return await self.store.leaderboard(game, max(1, min(limit or 20, 500)))

    async def get_rating(self, player_id: str, game: str) -> PlayerRating:
        if not player_id:
            raise InvalidRequest("player_id is required")
        self.catalog.player_counts(game)
        return (await self.store.ratings(game, [player_id]))[0]

    async def seat_abandoned(self, data: dict[str, Any]) -> bool:
        """A player left their seat to a bot: free them at once (they may queue again)."""
        try:
            game_id, player_id = str(data["game_id"]), data.get("player_id")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed abandoned-seat message: {exc!r}") from exc
        if not player_id:
            return False
        released = await self.store.release_player(game_id, str(player_id))
        log.info("player_released", game_id=game_id, player_id=player_id, released=released)
        return released

    async def game_finished(self, data: dict[str, Any]) -> bool:
        """Apply a finished game once: frees its players; rates them if no bot sat at the table."""
        finished = parse_finished(data)
        ranks = ranks_for(finished)
        rater = (lambda current: rate(current, ranks)) if finished.rated else None
        applied = await self.store.record_finished_game(finished, rater)
        log.info("game_finished", game_id=finished.game_id, rated=finished.rated, duplicate=not applied)
        return applied

    # -- matching ----------------------------------------------------------------------------

    async def match_all(self) -> list[MatchRecord]:
        """One matching round over every game with a queue, then a retry of stuck matches."""
        formed: list[MatchRecord] = []
        for game in await self.store.queued_games():
            formed += await self.match_round(game)
        await self.retry_stale_matches()
        return formed

    async def match_round(self, game: str) -> list[MatchRecord]:
        """Form the tables the policy allows now from the part of the queue this replica claims."""
        now = self.clock.now()
        async with self.store.claim_queue(game) as claim:
            by_id = {t.ticket_id: t for t in claim.tickets}
            plans = plan_matches([_waiting(t) for t in claim.tickets], now, self.policy)
            matches = [self._match(game, plan, by_id, now) for plan in plans]
            for match in matches:
                await claim.record_match(match)
        for plan in plans:
            self.metrics.match_formed(game, [now - t.enqueued_at for t in plan.tickets])
        return [m for m in [await self._create_game(m.match_id) for m in matches] if m is not None]

    async def retry_stale_matches(self) -> None:
        for match_id in await self.store.stale_pending_matches(self.clock.now() - self.stale_match_seconds):
            await self._create_game(match_id)

    def _match(self, game: str, plan: Plan, tickets: dict[str, TicketRecord], now: float) -> MatchRecord:
        seats = [_human_seat(tickets[w.ticket_id], p) for w in plan.tickets for p in w.players]
        seats += [SeatSpec(bot_level=plan.bot_level, display_name=f"Bot ({plan.bot_level})")] * plan.bot_seats
        self.rng.shuffle(seats)
        first = tickets[plan.tickets[0].ticket_id]
        return MatchRecord(
            match_id=str(uuid.uuid4()),
            game=game,
            seats=tuple(seats),
            config=self.catalog.table_config(game, plan.table_size),
            time_control_json=first.time_control_json,
            formed_at=now,
            ticket_ids=tuple(w.ticket_id for w in plan.tickets),
        )

    async def _create_game(self, match_id: str) -> MatchRecord | None:
        """Create the match's game (idempotent by match id) and tell its players where to sit."""
        with kit_log.bound(request_id=f"match:{match_id}"):
            return await self._create_game_now(match_id)

    async def _create_game_now(self, match_id: str) -> MatchRecord | None:
        async with self.store.pending_match(match_id) as pending:
            if pending is None:
                return None
            match = pending.match
            try:
                game_id = await self.games.create_game(_new_game(match))
            except GameServiceUnavailable as exc:
                log.warning("game_creation_deferred", match_id=match_id, error=str(exc))
                return None
            except GameCreationRejected as exc:
                log.error("game_creation_rejected", match_id=match_id, error=str(exc))
                await pending.abandon()
                return None
            await pending.created(game_id)
        await self._announce(match, game_id)
        return MatchRecord(**{**vars(match), "state": "created", "game_id": game_id})

    async def _announce(self, match: MatchRecord, game_id: str) -> None:
        log.info("match_created", match_id=match.match_id, game_id=game_id, seats=len(match.seats))
        for seat, spec in enumerate(match.seats):
            if not spec.is_bot:
                message = {
                    "type": "match_found",
                    "game_id": game_id,
                    "seat": seat,
                    "game": match.game,
                    "ticket_id": spec.ticket_id,
                }
                await self.notifier.notify_player(spec.player_id, message)


def _party(owner: str, party: Sequence[str]) -> tuple[str, ...]:
    others = [p for p in dict.fromkeys(party) if p and p != owner]
    return (owner, *others)


def _counts(game: str, requested: Sequence[int], allowed: Sequence[int]) -> tuple[int, ...]:
    counts = tuple(sorted(set(requested))) or tuple(allowed)
    wrong = [n for n in counts if n not in allowed]
    if wrong:
        raise InvalidRequest(f"{game} is played by {counts_text(allowed)} players, not {_listed(wrong)}")
    return counts


def _listed(numbers: Sequence[int]) -> str:
    return " or ".join(str(n) for n in numbers)


def _waiting(ticket: TicketRecord) -> Waiting:
    return Waiting(
        ticket_id=ticket.ticket_id,
        players=ticket.players,
        rating=ticket.rating,
        counts=frozenset(ticket.player_counts),
        bots_welcome=ticket.bots_welcome,
        enqueued_at=ticket.enqueued_at,
        bots_only=ticket.bots_only,
        bot_level=ticket.bot_level,
        time_control=ticket.time_control_json,
    )


def _human_seat(ticket: TicketRecord, player: str) -> SeatSpec:
    name = ticket.display_name if player == ticket.player_id else ""
    return SeatSpec(player_id=player, ticket_id=ticket.ticket_id, display_name=name)


def _new_game(match: MatchRecord) -> NewGame:
    return NewGame(match.game, match.config, match.seats, match.match_id, match.time_control_json)
