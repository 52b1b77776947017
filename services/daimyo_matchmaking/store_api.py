"""Matchmaking's storage port: what the handlers need from any store (Postgres or in-memory).

Both implementations (`store.PostgresStore`, `store_memory.InMemoryStore`) pass one contract
suite (tests/contract/test_matchmaking_store_contract.py). The rules they share, and that the
suite holds them to:

- every method is atomic; a block (`claim_queue`, `pending_match`) commits its changes when it
  ends and none of them when it raises, and others see them only then;
- a player waits on one ticket at a time, and holds one live slot (queued for or playing a live
  game) beside any number of correspondence games;
- a queue claim skips the tickets another claim holds, and a cancel of a held ticket waits for
  the claim to end; a match is driven by one holder at a time;
- a finished game is applied once however often it is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from daimyo_bus.messages import TableChallenge
from daimyo_matchmaking.allowance import Holdings
from daimyo_matchmaking.domain import MatchRecord, NewTicket, PlayerRating, RatingPoint, TicketRecord
from daimyo_matchmaking.ratings import FinishedGame
from daimyo_matchmaking.rematch import Rematch
from daimyo_matchmaking.tables import Table, TableChange

Rater = Callable[[list[PlayerRating]], list[PlayerRating]]
Guard = Callable[[str, Holdings], None]
"""Raises if the player may not be seated in the game about to start, given what they hold
(the handlers pass the decider, `allowance.refusal`). A store calls it for each person of a game
with bots, inside the change and with that person's holdings locked, so two requests racing to
start games for one player are decided one after the other."""


def no_guard(player_id: str, held: Holdings) -> None:
    return None


class QueueClaim(Protocol):
    """Tickets claimed for one matching round, and the matches formed from them."""

    @property
    def tickets(self) -> Sequence[TicketRecord]: ...

    async def record_match(self, match: MatchRecord) -> None:
        """Store the match, move its tickets to 'matching' and its players to 'playing'."""
        ...


class PendingMatch(Protocol):
    """A match held while its game is created: mark the game created, or give the tickets back."""

    @property
    def match(self) -> MatchRecord: ...

    async def created(self, game_id: str) -> None: ...

    async def abandon(self) -> None:
        """The game cannot be created: the tickets queue again with their original wait."""
        ...


class RematchOffers(Protocol):
    """Rematch offers, one per finished game."""

    async def get(self, rematch_id: str) -> Rematch | None: ...

    async def for_game(self, game_id: str) -> Rematch | None: ...

    async def offer(self, rematch: Rematch) -> Rematch:
        """Store a new offer; the one already stored if another player offered first."""
        ...

    async def answer(self, rematch_id: str, player_id: str, accept: bool, now: float) -> Rematch:
        """Record one person's answer (`rematch.answered`); NotFound for an unknown offer."""
        ...

    async def start(self, rematch: Rematch, now: float,
                    guard: Guard = no_guard) -> tuple[Rematch, MatchRecord | None]:
        """Everyone accepted: the pending match, its people seated; no match if no longer open.
        RematchBusy (and nothing changed) when one of them holds the slot the game needs; what
        `guard` raises (nothing changed) for a person of a game with bots."""
        ...

    async def refuse(self, rematch: Rematch, reason: str) -> Rematch: ...

    async def started(self, rematch_id: str, game_id: str) -> None: ...

    async def expire_due(self, now: float) -> list[Rematch]:
        """Close every open offer whose wait is over (each returned once)."""
        ...


class PrivateTables(Protocol):
    """Private tables, found by their invitation code."""

    async def insert(self, table: Table, challenge: TableChallenge | None = None) -> None:
        """Keep `table` and, in the same transaction, its `challenge` in the outbox."""
        ...

    async def unsent_challenges(self, before: float, limit: int = 50) -> list[TableChallenge]:
        """Challenges of tables created before `before` that the games stream may not have yet."""
        ...

    async def challenge_sent(self, code: str) -> None:
        """The games stream has table `code`'s challenge: out of the outbox."""
        ...

    async def open_tables_of(self, host_id: str, now: float) -> int: ...

    async def by_code(self, code: str) -> Table | None: ...

    async def live_slot_taken(self, player_id: str) -> bool:
        """The player waits for or plays a live game (the one live slot)."""
        ...

    async def change(self, code: str, change: TableChange, now: float,
                     guard: Guard = no_guard) -> tuple[Table, MatchRecord | None]:
        """Apply `change` to the open table (`tables.check_open`); once it is full, the pending
        match with its people seated. Refused (and nothing changed) when one of them is busy, or
        what `guard` raises for a person of a game with bots."""
        ...

    async def started(self, table_id: str, game_id: str) -> None: ...


class MatchmakingStore(Protocol):
    """Tickets, busy players, matches, ratings and processed games; offers and tables beside."""

    @property
    def rematches(self) -> RematchOffers: ...

    @property
    def tables(self) -> PrivateTables: ...

    # -- tickets -----------------------------------------------------------------------------

    async def insert_ticket(self, ticket: NewTicket) -> None:
        """Store a queued ticket; PlayerBusy (and nothing stored) if a player is queued already
        or the ticket's slot is taken."""
        ...

    async def get_ticket(self, ticket_id: str) -> TicketRecord:
        """The ticket with its game and seat once matched; TicketNotFound."""
        ...

    async def cancel_ticket(self, ticket_id: str, player_id: str, now: float) -> None:
        """Cancel a queued ticket (any player of it, or anyone when `player_id` is empty);
        TicketNotFound, TicketNotCancellable."""
        ...

    async def touch_player(self, player_id: str, seen_at: float) -> int:
        """The player's socket is alive: their queued tickets live on (how many)."""
        ...

    async def player_gone(self, player_id: str, seen_at: float) -> int:
        """The player's last socket closed: their queued tickets were last seen at `seen_at` at
        the latest (how many)."""
        ...

    async def cancel_unseen(self, seen_before: float, now: float) -> list[tuple[str, str]]:
        """Cancel queued tickets (not bots-only) last seen before `seen_before`: (ticket, player)."""
        ...

    async def fill_now(self, ticket_id: str, player_id: str) -> None:
        """The ticket's owner wants bots in the empty seats now; TicketNotFound for anyone else,
        TicketNotCancellable once it is no longer queued."""
        ...

    async def queued_games(self) -> list[str]:
        """Games with at least one queued ticket, sorted."""
        ...

    async def recent_waits(self, game: str, limit: int = 50) -> list[float]:
        """How long the most recently matched tickets of `game` waited."""
        ...

    # -- matching ----------------------------------------------------------------------------

    def claim_queue(self, game: str) -> AbstractAsyncContextManager[QueueClaim]:
        """The queued tickets of `game` (oldest first) no other claim holds, held until the block ends."""
        ...

    def pending_match(self, match_id: str) -> AbstractAsyncContextManager[PendingMatch | None]:
        """The pending match, held until the block ends; None if not pending or held elsewhere."""
        ...

    async def stale_pending_matches(self, formed_before: float) -> list[str]:
        """Pending matches formed before `formed_before`, oldest first."""
        ...

    async def match_by_game(self, game_id: str) -> MatchRecord | None: ...

    async def ticket_of_match(self, match_id: str, player_id: str) -> TicketRecord | None:
        """The ticket that brought `player_id` into `match_id` (None: seated without one)."""
        ...

    async def busy_state(self, player_id: str) -> str | None:
        """'queued', 'playing' or None."""
        ...

    async def holdings(self, player_id: str, since: float) -> Holdings:
        """What the player holds now (`allowance.Holdings`): the live slot, a queued ticket, the
        games with a bot seat being created or played beside them (left seats included) plus a
        queued ticket that asked for bots, and the tickets they opened after `since`."""
        ...

    async def release_player(self, game_id: str, player_id: str) -> bool:
        """`player_id` no longer plays `game_id`; False if not seated there. (An operator's tool:
        a player who leaves a game keeps its slot until it ends.)"""
        ...

    # -- ratings -----------------------------------------------------------------------------

    async def ratings(self, game: str, players: Sequence[str]) -> list[PlayerRating]:
        """The ratings of `players` in `game` (defaults for newcomers), in the order given."""
        ...

    async def record_leaves(self, game_id: str, player_ids: Sequence[str], at: float) -> None:
        """These players left rated game `game_id` to a bot (once per player and game)."""
        ...

    async def leaves_since(self, player_id: str, since: float) -> list[float]:
        """When the player left rated games since `since`, oldest first."""
        ...

    async def rating_history(self, game: str, player_id: str, limit: int) -> list[RatingPoint]:
        """The player's last `limit` rating changes in `game`, oldest first."""
        ...

    async def leaderboard(self, game: str, limit: int) -> list[PlayerRating]:
        """Rated players (at least one game) by conservative skill, then id."""
        ...

    async def record_finished_game(self, finished: FinishedGame, rate: Rater | None) -> bool:
        """Free the game's players, finish its match and apply `rate` to their ratings, once per
        game id; False (nothing changed) for a game already recorded."""
        ...
