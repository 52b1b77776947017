"""Matchmaking use cases: enqueue, cancel, look up, match a game's queue, record finished games.

Everything outside (the store, the game service, NATS, the rules registry, the clock, chance) is
injected behind ports, so the same handlers run in production on Postgres, in fast tests on the
in-memory store and a fake clock, and in the bench.
"""

from __future__ import annotations

import math
import random
import statistics
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import structlog

from daimyo_bus.messages import TableChallenge
from daimyo_kit import logging as kit_log
from daimyo_kit.bot_levels import BOT_LEVELS
from daimyo_kit.games import counts_text
from daimyo_kit.time_controls import BadTimeControl, parse_time_control_json
from daimyo_matchmaking import tables
from daimyo_matchmaking.allowance import (
    WINDOW_SECONDS,
    Holdings,
    Quota,
    Wish,
    check_bots,
    may_have_bots,
    refusal,
)
from daimyo_matchmaking.domain import (
    LIVE_SLOT,
    QUEUED,
    InvalidRequest,
    MatchRecord,
    NewTicket,
    NotFound,
    PlayerRating,
    RatingPoint,
    Refused,
    SeatSpec,
    TicketRecord,
    slot_for,
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
from daimyo_matchmaking.ratings import board, parse_finished, ranks_for, rate
from daimyo_matchmaking.rematch_handlers import Rematches
from daimyo_matchmaking.store_api import MatchmakingStore, PrivateTables
from daimyo_matchmaking.tables import NewTable, Table

MAX_INVITED = 5  # players one table may challenge
CHALLENGE_RELAY_AFTER_S = 5.0  # an outbox row this old was not announced at its table's creation
LEAVES_FREE_PER_DAY = 2  # rated games one may leave to a bot in a day without waiting
LEAVE_WAIT_SECONDS = 1800.0  # the wait after one more, doubling with each further leave
DAY_SECONDS = 86_400.0
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
    casual: bool = False  # a guest's ticket (rated games need an account on every human seat)


@dataclass(frozen=True)
class TicketStatus:
    """A ticket with how long it has waited and how long it may still wait."""

    ticket: TicketRecord
    waited_seconds: float
    estimated_wait_seconds: float
    bots_in_seconds: float = -1.0  # until bots would fill the empty seats (-1: never)


class MatchMetrics(Protocol):
    def match_formed(self, game: str, waits: Sequence[float]) -> None: ...


class NoMetrics:
    def match_formed(self, game: str, waits: Sequence[float]) -> None:
        return None


@dataclass
class MatchmakingHandlers:
    store: MatchmakingStore
    games: GameCreator
    notifier: PlayerNotifier
    catalog: GameCatalog
    clock: Clock
    policy: Policy = field(default_factory=Policy)
    rng: random.Random = field(default_factory=random.SystemRandom)
    metrics: MatchMetrics = field(default_factory=NoMetrics)
    on_enqueue: Callable[[str], None] = lambda game: None
    stale_match_seconds: float = 10.0
    bot_games_per_player: int = 1  # games with bots one player may have in progress
    queue_joins_per_minute: int = 10  # tickets one player may open a minute, whatever the route
    rematches: Rematches = field(init=False)

    def __post_init__(self) -> None:
        self.rematches = Rematches(self.store, self.notifier, self.clock, self._create_game, self.allow,
                                   self.guard)

    @property
    def quota(self) -> Quota:
        return Quota(self.bot_games_per_player, self.queue_joins_per_minute)

    def guard(self, player_id: str, held: Holdings) -> None:
        """The decider for a person of a game with bots about to start (a store calls it, locked)."""
        check_bots(player_id, held, self.quota)

    async def allow(self, player_id: str, wish: Wish) -> Holdings:
        """What `player_id` holds, if `wish` is allowed to them now; else the refusal (see allowance.py)."""
        held = await self.store.holdings(player_id, self.clock.now() - WINDOW_SECONDS)
        refused = refusal(held, wish, self.quota, player_id)
        if refused is not None:
            raise refused
        return held

    @property
    def tables(self) -> PrivateTables:
        return self.store.tables

    # -- private tables ----------------------------------------------------------------------

    async def create_table(self, request: NewTable) -> Table:
        """A private table with the host in seat 0 and an invitation code for the others."""
        if not request.host_id:
            raise InvalidRequest("player_id is required")
        _counts(request.game, (request.seat_count,), self.catalog.player_counts(request.game))
        _check_time_control(request.time_control_json)
        rules, tutorial = tables.tutorial_of(request.options)
        config = self.catalog.table_config(request.game, rules)
        if tutorial:  # the same deal for every newcomer, never rated
            config, request = {**config, tables.SEED_KEY: tables.TUTORIAL_SEED}, replace(request, rated=False)
        await self.allow(request.host_id, Wish(live=tables.live_table(request)))
        if await self.tables.open_tables_of(request.host_id, self.clock.now()) >= tables.MAX_OPEN_PER_HOST:
            raise Refused(f"you already have {tables.MAX_OPEN_PER_HOST} open tables; "
                          "start or leave one first")
        if len(request.invited) > MAX_INVITED or request.host_id in request.invited:
            raise InvalidRequest(f"challenge at most {MAX_INVITED} other players")
        table = tables.new_table(request, config, self.clock.now())
        challenge = TableChallenge(table.code, table.game, request.host_id, request.host_name,
                                   tuple(request.invited)) if request.invited else None
        await self.tables.insert(table, challenge)  # the challenge in the outbox, same transaction
        log.info("table_created", table_id=table.table_id, game=table.game, seats=len(table.seats))
        if challenge is not None:  # for the notifier: a push reaches a friend whose page is closed
            await self._announce_challenge(challenge)
        for player in request.invited:  # a challenge: the friend hears of the table at once
            await self.notifier.notify_player(player, {"type": "challenge", "code": table.code,
                                                       "game": table.game, "host": request.host_name})
        return table

    async def relay_challenges(self) -> int:
        """Announce the challenges left in the outbox (the games stream did not answer, or the
        service stopped between the commit and the publish); how many the stream kept now."""
        waiting = await self.tables.unsent_challenges(self.clock.now() - CHALLENGE_RELAY_AFTER_S)
        return sum([await self._announce_challenge(challenge) for challenge in waiting])

    async def _announce_challenge(self, challenge: TableChallenge) -> bool:
        if not await self.notifier.announce_challenge(challenge):
            return False
        await self.tables.challenge_sent(challenge.code)
        return True

    async def get_table(self, code: str) -> Table:
        table = await self.tables.by_code(code) if code else None
        if table is None:
            raise NotFound("no table has that invitation code")
        return table

    async def join_table(self, code: str, player_id: str, name: str, casual: bool = False) -> Table:
        """`casual`: a guest, who may not sit at a rated table (rated games need accounts)."""
        if not player_id:
            raise InvalidRequest("player_id is required")
        table = await self.get_table(code)
        if casual and table.rated:
            raise Refused("account_needed: a rated table seats accounts only; sign up to join it")
        await self.allow(player_id, Wish(live=tables.live_table(table), bots=table.has_bots))
        return await self._change_table(code, tables.seat_guest(player_id, name[: tables.MAX_NAME]))

    async def seat_table_bots(self, code: str, player_id: str, levels: Sequence[str]) -> Table:
        if not levels:
            raise InvalidRequest("name a bot level for each seat to fill")
        unknown = [lv for lv in levels if lv not in BOT_LEVELS]
        if unknown:
            raise InvalidRequest(f"unknown bot level {unknown[0]!r}; levels: {', '.join(sorted(BOT_LEVELS))}")
        table = await self.get_table(code)
        if player_id == table.host_id:  # everyone at the table would play with bots
            for person in table.people:
                await self.allow(person, Wish(bots=True))
        return await self._change_table(code, tables.seat_bots(player_id, levels))

    async def leave_table(self, code: str, player_id: str) -> Table:
        return await self._change_table(code, tables.leave(player_id))

    async def _change_table(self, code: str, change: Callable[[Table], Table]) -> Table:
        table, match = await self.tables.change(code, change, self.clock.now(), self.guard)
        if match is not None:
            created = await self._create_game(match.match_id)
            if created is not None:
                await self.tables.started(table.table_id, created.game_id)
                table = replace(table, game_id=created.game_id)
        for player in table.people:
            await self.notifier.notify_player(player, {"type": "table_changed", "code": table.code,
                                                       "state": table.state, "game_id": table.game_id})
        return table

    # -- queue -------------------------------------------------------------------------------

    async def enqueue(self, request: Enqueue) -> TicketStatus:
        players, counts = self._validated(request)
        live = slot_for(request.time_control_json, "") == LIVE_SLOT
        held = await self.allow(request.player_id, Wish(queue=True, bots=request.bots_only, live=live))
        if not (request.casual or request.bots_only):
            await self._not_benched(players)
        welcome = request.bots_only or (request.bots_welcome and may_have_bots(held, self.quota))
        ratings = await self.store.ratings(request.game, players)
        ticket = NewTicket(
            ticket_id=str(uuid.uuid4()),
            player_id=request.player_id,
            game=request.game,
            players=players,
            player_counts=counts,
            bots_welcome=welcome,  # at the bot games quota, the ticket waits for people only
            bots_only=request.bots_only,
            bot_level=request.bot_level,
            display_name=request.display_name,
            time_control_json=request.time_control_json,
            rating=statistics.fmean(r.mu for r in ratings),
            enqueued_at=self.clock.now(),
            casual=request.casual,
        )
        await self.store.insert_ticket(ticket)
        log.info("ticket_enqueued", ticket_id=ticket.ticket_id, game=ticket.game, players=list(players))
        self.on_enqueue(request.game)
        return await self.get_ticket(ticket.ticket_id)

    async def play_again(self, game_id: str, player_id: str, display_name: str = "") -> TicketStatus:
        """A new ticket with the finished game's settings: game, table size, clock, bots."""
        match = await self.store.match_by_game(game_id)
        if match is None or player_id not in [s.player_id for s in match.seats]:
            raise NotFound("no game of yours with that id was seated by matchmaking")
        ticket = await self.store.ticket_of_match(match.match_id, player_id)
        bots = [s.bot_level for s in match.seats if s.is_bot]
        name = display_name or next(s.display_name for s in match.seats if s.player_id == player_id)
        return await self.enqueue(Enqueue(
            player_id, match.game, (len(match.seats),),
            bots_welcome=ticket.bots_welcome if ticket else bool(bots),
            bot_level=ticket.bot_level if ticket else (bots[0] if bots else ""),
            bots_only=ticket.bots_only if ticket else False,
            display_name=name, time_control_json=match.time_control_json,
            casual=ticket.casual if ticket else False))

    async def cancel(self, ticket_id: str, player_id: str = "") -> TicketStatus:
        await self.store.cancel_ticket(ticket_id, player_id, self.clock.now())
        return await self.get_ticket(ticket_id)

    async def fill_with_bots(self, ticket_id: str, player_id: str) -> TicketStatus:
        """Bots take the ticket's empty seats at the next matching round (its player asked)."""
        if not player_id:
            raise InvalidRequest("player_id is required")
        mine = await self.store.get_ticket(ticket_id)
        asked_already = mine.fill_now or mine.bots_only  # counted already: no second refusal
        if mine.player_id == player_id and mine.state == QUEUED and not asked_already:
            await self.allow(player_id, Wish(bots=True))
        await self.store.fill_now(ticket_id, player_id)
        ticket = await self.get_ticket(ticket_id)
        self.on_enqueue(ticket.ticket.game)
        return ticket

    async def player_online(self, data: dict[str, Any]) -> int:
        """A gateway's heartbeat (or last word, `gone`) for a player's sockets: their tickets' liveness."""
        player_id = data.get("player_id") if isinstance(data, dict) else None
        if not isinstance(player_id, str) or not player_id:
            raise ValueError(f"malformed online message: {data!r}")
        now = self.clock.now()
        if data.get("gone"):
            policy = self.policy
            return await self.store.player_gone(player_id, now - policy.presence_seconds
                                                + policy.gone_confirm_seconds)
        return await self.store.touch_player(player_id, now)

    async def cancel_absent(self) -> list[tuple[str, str]]:
        """Cancel tickets whose player has had no live socket for `presence_seconds` (0: never)."""
        if self.policy.presence_seconds <= 0:
            return []
        now = self.clock.now()
        cancelled = await self.store.cancel_unseen(now - self.policy.presence_seconds, now)
        for ticket_id, player_id in cancelled:
            log.info("ticket_cancelled_absent", ticket_id=ticket_id, player_id=player_id)
            await self.notifier.notify_player(player_id, {"type": "ticket_cancelled", "ticket_id": ticket_id,
                                                          "reason": "no open page for this ticket",
                                                          "reason_code": "absent"})
        return cancelled

    async def get_ticket(self, ticket_id: str) -> TicketStatus:
        ticket = await self.store.get_ticket(ticket_id)
        end = self.clock.now() if ticket.closed_at is None else ticket.closed_at
        waited = max(0.0, end - ticket.enqueued_at)
        estimate = await self._estimated_wait(ticket, waited) if ticket.state == QUEUED else 0.0
        return TicketStatus(ticket, waited, estimate, self._bots_in(ticket, waited))

    def _bots_in(self, ticket: TicketRecord, waited: float) -> float:
        if ticket.state != QUEUED or not ticket.bots_welcome:
            return -1.0
        if ticket.fill_now or ticket.bots_only:
            return 0.0
        return max(0.0, self.policy.backfill_seconds - waited)

    async def _estimated_wait(self, ticket: TicketRecord, waited: float) -> float:
        if ticket.bots_only or ticket.fill_now:
            return 0.0
        recent = await self.store.recent_waits(ticket.game)
        typical = statistics.median(recent) if recent else self.policy.backfill_seconds
        if ticket.bots_welcome:  # bots take the empty seats by then at the latest
            typical = min(typical, self.policy.backfill_seconds)
        return max(0.0, typical - waited)

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
        _check_time_control(request.time_control_json)
        return players, seated

    # -- ratings -----------------------------------------------------------------------------

    async def leaderboard(self, game: str, limit: int = 20, players: int = 0) -> list[PlayerRating]:
        """The game's board over every player count, or (`players`) that count's own board."""
        counts = self.catalog.player_counts(game)
        if players and players not in counts:
            raise InvalidRequest(f"{game} is played by {', '.join(map(str, counts))} players")
        key = board(game, players) if players else game
        return await self.store.leaderboard(key, max(1, min(limit or 20, 500)))

    async def get_rating(self, player_id: str, game: str) -> PlayerRating:
        if not player_id:
            raise InvalidRequest("player_id is required")
        self.catalog.player_counts(game)
        return (await self.store.ratings(game, [player_id]))[0]

    async def rating_history(self, player_id: str, game: str, limit: int = 50) -> list[RatingPoint]:
        if not player_id:
            raise InvalidRequest("player_id is required")
        self.catalog.player_counts(game)
        return await self.store.rating_history(game, player_id, max(1, min(limit or 50, 200)))

    async def seat_abandoned(self, data: dict[str, Any]) -> bool:
        """A player left their seat to a bot. They keep the game's slot until it ends (the bots
        play on, and they may take the seat back), so one guest never holds two live games."""
        try:
            game_id, player_id = str(data["game_id"]), data.get("player_id")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed abandoned-seat message: {exc!r}") from exc
        log.info("seat_left", game_id=game_id, player_id=player_id)
        return False

    async def game_finished(self, data: dict[str, Any]) -> bool:
        """Apply a finished game once: frees its players; rates them if no bot sat at the table."""
        finished = parse_finished(data)
        ranks = ranks_for(finished)
        match = await self.store.match_by_game(finished.game_id)
        rated = finished.rated and (match is None or match.rated)  # a private table may be unrated
        rater = (lambda current: rate(current, ranks)) if rated else None
        applied = await self.store.record_finished_game(finished, rater)
        leavers = [p for n, p in enumerate(finished.seats) if n in finished.abandoned and p]
        if rated and leavers:
            await self.store.record_leaves(finished.game_id, leavers, self.clock.now())
        log.info("game_finished", game_id=finished.game_id, rated=rated, duplicate=not applied)
        return applied

    async def _not_benched(self, players: Sequence[str]) -> None:
        """Refuses a rated ticket while one of its players waits out leaving rated games: more than
        LEAVES_FREE_PER_DAY in a day cost LEAVE_WAIT_SECONDS after the last, doubling with each."""
        now = self.clock.now()
        for player in players:
            left = await self.store.leaves_since(player, now - DAY_SECONDS)
            over = len(left) - LEAVES_FREE_PER_DAY
            if over > 0:
                until = left[-1] + min(DAY_SECONDS, LEAVE_WAIT_SECONDS * 2 ** (over - 1))
                if now < until:
                    raise Refused(f"left_too_often: {len(left)} rated games left in a day; rated play "
                                  f"resumes in {math.ceil(until - now)} s (casual and bot games are open)")

    # -- matching ----------------------------------------------------------------------------

    async def match_all(self) -> list[MatchRecord]:
        """One matching round over every game with a queue, then a retry of stuck matches."""
        formed: list[MatchRecord] = []
        await self.cancel_absent()
        await self.rematches.expire_due()
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
            config=self.catalog.matchmade_config(game, plan.table_size),
            time_control_json=first.time_control_json,
            formed_at=now,
            ticket_ids=tuple(w.ticket_id for w in plan.tickets),
            rated=not any(tickets[w.ticket_id].casual for w in plan.tickets),
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


def _check_time_control(text: str) -> None:
    """Refuse a clock the game service would refuse, so a match never loops on creation."""
    try:
        parse_time_control_json(text)
    except BadTimeControl as exc:
        raise InvalidRequest(str(exc)) from exc


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
        fill_now=ticket.fill_now,
        casual=ticket.casual,
    )


def _human_seat(ticket: TicketRecord, player: str) -> SeatSpec:
    name = ticket.display_name if player == ticket.player_id else ""
    return SeatSpec(player_id=player, ticket_id=ticket.ticket_id, display_name=name)


def _new_game(match: MatchRecord) -> NewGame:
    config, seed = tables.seed_of(match.config)
    return NewGame(match.game, config, match.seats, match.match_id, match.time_control_json,
                   match.listed, seed)
