"""The matchmaking vocabulary: tickets, seats, ratings and the errors a caller can cause.

Plain immutable data shared by the handlers, the matching policy and the stores; no I/O here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

QUEUED = "queued"
LIVE_SLOT = "live"
CORRESPONDENCE_SLOT = "correspondence:"  # + the ticket or match it belongs to
MATCHING = "matching"  # claimed into a match whose game is being created
MATCHED = "matched"
CANCELLED = "cancelled"

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


def slot_for(time_control_json: str, key: str) -> str:
    """The player_status slot a ticket or table takes: the one live slot, or a correspondence one."""
    try:
        control = json.loads(time_control_json) if time_control_json else {}
    except ValueError:
        control = {}
    kind = control.get("type") if isinstance(control, dict) else None
    return CORRESPONDENCE_SLOT + key if kind == "correspondence" else LIVE_SLOT


class MatchmakingError(Exception):
    """A request the service refuses; the message says why in words a player understands."""


class InvalidRequest(MatchmakingError):
    """Malformed or unsupported input: unknown game, a player count the game lacks."""


class PlayerBusy(MatchmakingError):
    """A player is already queued (`queued=True`) or seated in a live game."""

    def __init__(self, player_id: str, queued: bool, you: bool = True) -> None:
        who = "you are" if you else "a player of your party is"
        if queued:
            message = f"{who} already waiting for a table; cancel that ticket first"
        else:
            message = (f"{who} already in a live game; a seat left to a bot stays yours until that "
                       "game ends (correspondence games have no such limit)")
        super().__init__(message[0].upper() + message[1:])
        self.player_id = player_id
        self.queued = queued


class NotFound(MatchmakingError):
    """No such rematch, table or invitation code (or one the caller may not know of)."""


class NotAllowed(MatchmakingError):
    """The caller may not do this (not a player of that game, not the table's host)."""


class Refused(MatchmakingError):
    """Well-formed but not possible now: an expired offer or invitation, a full table."""


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
    casual: bool = False  # a guest's: sits with casual tickets only, never rated


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
    fill_now: bool = False  # the player asked for bots in the empty seats now
    casual: bool = False  # a guest's ticket: its game is not rated


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
    rated: bool = True  # False: a private table chosen unrated (a bot seat never rates anyway)
    listed: bool = True  # False: a private table without spectators stays out of the live list


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating in one game just after a rated game (`game_id`) changed it."""

    game_id: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


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
