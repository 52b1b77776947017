"""The matchmaking vocabulary: tickets, seats, ratings and the errors a caller can cause.

Plain immutable data shared by the handlers, the matching policy and the stores; no I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

QUEUED = "queued"
MATCHING = "matching"  # claimed into a match whose game is being created
MATCHED = "matched"
CANCELLED = "cancelled"

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


class MatchmakingError(Exception):
    """A request the service refuses; the message says why in words a player understands."""


class InvalidRequest(MatchmakingError):
    """Malformed or unsupported input: unknown game, a player count the game lacks."""


class PlayerBusy(MatchmakingError):
    """A player is already queued (`queued=True`) or seated in a live game."""

    def __init__(self, player_id: str, queued: bool) -> None:
        where = "is already queued" if queued else "is already playing a game"
        super().__init__(f"player {player_id!r} {where}")
        self.player_id = player_id
        self.queued = queued


class QuotaExceeded(MatchmakingError):
    """The player already has as many games of this kind in progress as one player may."""


class TicketNotFound(MatchmakingError):
    """No ticket has this id."""


class TicketNotCancellable(MatchmakingError):
    """The ticket is already matched or cancelled, or belongs to someone else."""


@dataclass(frozen=True)
class NewTicket:
    """A validated enqueue request, ready to store."""

    ticket_id: str
    player_id: str
    game: str
    players: tuple[str, ...]  # the owner first, then the party
    player_counts: tuple[int, ...]
    bots_welcome: bool
    bots_only: bool
    bot_level: str
    display_name: str
    time_control_json: str
    rating: float  # mean mu of the players when they joined
    enqueued_at: float


@dataclass(frozen=True)
class TicketRecord:
    """A stored ticket and what became of it."""

    ticket_id: str
    player_id: str
    game: str
    players: tuple[str, ...]
    player_counts: tuple[int, ...]
    bots_welcome: bool
    bots_only: bool
    bot_level: str
    display_name: str
    time_control_json: str
    rating: float
    state: str
    enqueued_at: float
    closed_at: float | None = None  # matched or cancelled at
    match_id: str = ""
    game_id: str = ""
    seat: int = -1


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a match: a human (with the ticket that brought them) or a bot."""

    player_id: str = ""
    bot_level: str = ""
    ticket_id: str = ""
    display_name: str = ""

    @property
    def is_bot(self) -> bool:
        return not self.player_id


@dataclass(frozen=True)
class MatchRecord:
    """A table formed from tickets; `seats[n]` sits in seat n of the created game."""

    match_id: str
    game: str
    seats: tuple[SeatSpec, ...]
    config: dict[str, object]
    time_control_json: str
    formed_at: float
    state: str = "pending"
    game_id: str = ""
    ticket_ids: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class PlayerRating:
    """A player's OpenSkill rating in one game."""

    player_id: str
    game: str
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0
    display_name: str = ""

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: a conservative skill estimate, what the leaderboard sorts by."""
        return self.mu - 3.0 * self.sigma
