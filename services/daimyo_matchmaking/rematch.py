"""A rematch offer after a finished game, and the rules of answering it (no I/O here).

A rematch offer seats the same people again with every seat moved one place on; it starts
once every person at the table accepted within `REMATCH_SECONDS` (bots accept at once); a
refusal or the end of the wait closes it. Offers are kept by the store (`store_api.RematchOffers`),
so any matchmaking replica may answer; the use cases are in `rematch_handlers`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from daimyo_matchmaking.domain import MatchRecord, NotAllowed, Refused, SeatSpec

REMATCH_SECONDS = 60.0
OPEN, STARTED, REFUSED, EXPIRED = "open", "started", "refused", "expired"
NOBODY_ANSWERED = "nobody answered in time"


@dataclass(frozen=True)
class Rematch:
    rematch_id: str
    game_id: str  # the finished game
    game: str
    seats: tuple[SeatSpec, ...]  # the new game's seats (they carry no ticket)
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

    def match(self, now: float) -> MatchRecord:
        """The match that starts the rematch (its id is the offer's, so creation is idempotent)."""
        return MatchRecord(self.rematch_id, self.game, self.seats, self.config, self.time_control_json, now,
                           rated=self.rated, listed=self.listed)


class RematchBusy(Exception):
    """A person of the rematch holds the slot its game needs (another live game); nothing changed."""


def rotated(seats: tuple[SeatSpec, ...]) -> tuple[SeatSpec, ...]:
    """Every occupant one seat on (the last comes first), so whoever started does not again."""
    return (seats[-1], *seats[:-1]) if seats else seats


def without_tickets(seats: tuple[SeatSpec, ...]) -> tuple[SeatSpec, ...]:
    """A rematch's seats: nobody came through a ticket."""
    return tuple(replace(s, ticket_id="") for s in seats)


def answered(current: Rematch, player_id: str, accept: bool, now: float) -> Rematch:
    """The offer after one person's answer: closed on a refusal or once expired."""
    _check_answer(current, player_id)
    if current.state == STARTED:
        return current
    if now >= current.expires_at:
        return closed(current, EXPIRED, NOBODY_ANSWERED)
    if not accept:
        return closed(current, REFUSED, f"{name_of(current, player_id)} declined")
    return replace(current, accepted=tuple(sorted({*current.accepted, player_id})))


def closed(rematch: Rematch, state: str, reason: str) -> Rematch:
    return replace(rematch, state=state, reason=reason)


def name_of(rematch: Rematch, player_id: str) -> str:
    return next((s.display_name for s in rematch.seats if s.player_id == player_id and s.display_name),
                "a player")


def _check_answer(rematch: Rematch, player_id: str) -> None:
    if player_id not in rematch.people:
        raise NotAllowed("only the players of that game may answer its rematch")
    if rematch.state in (REFUSED, EXPIRED):
        why = f": {rematch.reason}" if rematch.reason else ""
        raise Refused(f"this rematch offer is {rematch.state}{why}")
