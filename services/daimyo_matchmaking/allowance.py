"""The one decision every route that could start a game asks first: may this player join a queue,
play with bots, or hold a live game now?

Queue, "play bots", "fill with bots now", "same settings again", private tables (create, join,
seat bots) and rematches all end in matchmaking, so the decision lives here, beside the store that
knows the player's tickets, matches and live slot (`Holdings`, read in one call). The gateway only
shapes requests; the game service keeps its own belt for reclaiming a seat (a left live seat keeps
its slot until its game ends, so a reclaim never needs a second one).

What counts:
- a game with bots: any game being created or played with a bot seat beside the player's, left
  seats included (the bots play on), plus a queued ticket that asked for bots (bots only, or
  "fill now"); at most `Quota.bot_games`;
- queue joins: tickets the player opened within the last minute, whatever the route; at most
  `Quota.queue_joins_per_minute`, so cancel-and-requeue loops stop there;
- the live slot: one live game (or live ticket) at a time, kept by a left seat until its game ends.

The live slot is also enforced atomically by the store (a player's row per slot). The counts are
read before the change, for a clear early refusal, and again inside the change that starts a
private table's game or a rematch, each person's holdings locked (`store_api.Guard`), so
requests racing to start games with bots for one player are decided one after the other. A
queued ticket is one per player and counted while it waits.
"""

from __future__ import annotations

from dataclasses import dataclass

from daimyo_matchmaking.domain import MatchmakingError, PlayerBusy, QuotaExceeded

WINDOW_SECONDS = 60.0


@dataclass(frozen=True)
class Holdings:
    """What one player holds now, as the store knows it."""

    live_slot: bool = False  # queued for or seated in a live game (a left seat included)
    queued: bool = False  # a ticket waiting in a queue
    bot_games: int = 0  # games with a bot seat in progress, plus a queued ticket that asked for bots
    recent_joins: int = 0  # tickets opened within the last WINDOW_SECONDS


@dataclass(frozen=True)
class Quota:
    bot_games: int = 1
    queue_joins_per_minute: int = 10


@dataclass(frozen=True)
class Wish:
    """What a route is about to give the player."""

    queue: bool = False  # a new ticket
    bots: bool = False  # a game with bot seats
    live: bool = False  # a seat in a live game


def refusal(held: Holdings, wish: Wish, quota: Quota, player_id: str = "") -> MatchmakingError | None:
    """Why `wish` is refused for a player holding `held` (None: allowed)."""
    if wish.queue and held.queued:
        return PlayerBusy(player_id, queued=True)
    if wish.queue and held.recent_joins >= quota.queue_joins_per_minute:
        return QuotaExceeded(f"at most {quota.queue_joins_per_minute} queue requests a minute; "
                             "wait a little before queueing again")
    if wish.live and held.live_slot:
        return PlayerBusy(player_id, queued=False)
    if wish.bots and held.bot_games >= quota.bot_games:
        return QuotaExceeded(f"at most {quota.bot_games} game against bots in progress at a time; "
                             "finish it (the bots play on if you leave) before starting another")
    return None


def check_bots(player_id: str, held: Holdings, quota: Quota) -> None:
    """Raise the refusal of a seat in a game with bots (what a store's guard runs as the game starts)."""
    refused = refusal(held, Wish(bots=True), quota, player_id)
    if refused is not None:
        raise refused


def may_have_bots(held: Holdings, quota: Quota) -> bool:
    """Whether bots may still fill a new game's empty seats for this player."""
    return held.bot_games < quota.bot_games
