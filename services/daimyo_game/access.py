"""Who may see a live seat and move for it, and in whose name a command id is kept.

The gRPC adapter learns the caller's role from the authenticated channel (daimyo_kit.auth);
the gateway asserts the player it serves. A live seat's view and its moves belong to the
seat's player (through the gateway) or, for a seat a bot plays, to the bot driver; nobody
else — not even an authenticated service — sees a seat's secrets before the game ends.
`INTERNAL` is for in-process callers (unit tests, operators' tools), never for the network.
"""

from __future__ import annotations

from dataclasses import dataclass

from daimyo_game.aggregate import GameRecord
from daimyo_game.errors import PermissionDenied

GATEWAY = "gateway"
DRIVER = "driver"
MATCHMAKING = "matchmaking"
INTERNAL = "internal"


@dataclass(frozen=True)
class Caller:
    role: str = INTERNAL
    player_id: str = ""  # the player the gateway acts for

    @property
    def actor(self) -> str:
        """The namespace of this caller's command ids: a player's, or the driver's."""
        return f"player:{self.player_id}" if self.player_id else DRIVER


INTERNAL_CALLER = Caller()


def bot_plays(record: GameRecord, seat: int) -> bool:
    """A bot seat, or a player's seat a bot plays for now (timeout, abandonment)."""
    return bool(record.created.seats[seat].get("bot_level")) or seat in record.takeovers


def check_seat_access(record: GameRecord, seat: int, caller: Caller, what: str) -> None:
    """PermissionDenied unless `caller` may `what` ("see", "move for") `seat` now."""
    if caller.role == INTERNAL and not caller.player_id:
        return
    if caller.role in (GATEWAY, INTERNAL) and caller.player_id:
        if record.created.seats[seat].get("player_id") == caller.player_id:
            return
        raise PermissionDenied(f"you do not hold seat {seat} of this game")
    if caller.role == DRIVER and not caller.player_id and bot_plays(record, seat):
        return
    raise PermissionDenied(f"{caller.role or 'an anonymous caller'} may not {what} seat {seat} of "
                           f"game {record.game_id}: only its player or, while a bot plays it, the bot driver")


def check_live_view(record: GameRecord, viewer: int | None, caller: Caller) -> None:
    """Spectators and finished games are open to every authenticated caller; a live seat is not."""
    if viewer is None or record.finished:
        return
    check_seat_access(record, viewer, caller, "see")
