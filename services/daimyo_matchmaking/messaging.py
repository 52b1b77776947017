"""NATS for matchmaking: "match found" on `daimyo.player.<id>`, a private table's challenge kept
on `daimyo.table.<code>.challenge` (durable, for the notifier's pushes), the durable consumer of
finished games that feeds the ratings (acked only after the database commit, so a crash
means a redelivery, which the processed-games checkpoint turns into a no-op), and the durable
consumer of abandoned seats (logged only: a player who left a game to a bot keeps its slot until
the game ends, so one guest never holds two live games — issue 32)."""

from __future__ import annotations

import asyncio
from typing import Any

import nats.errors
import structlog

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import (
    BusMessage,
    GameResult,
    OnlineBeat,
    PlayerNotice,
    SeatAbandoned,
    TableChallenge,
)
from daimyo_matchmaking.handlers import MatchmakingHandlers

log = structlog.get_logger("daimyo_matchmaking")

FINISHED_CONSUMER = "daimyo-matchmaking-ratings"
ABANDONED_CONSUMER = "daimyo-matchmaking-abandoned"


class NatsPlayerNotifier:
    def __init__(self, bus: Bus) -> None:
        self._bus = bus

    async def notify_player(self, player_id: str, message: dict[str, Any]) -> None:
        if message.get("type") not in PlayerNotice.TYPES:
            raise ValueError(f"not a player notice: {message.get('type')!r}")
        await self._bus.publish(subjects.player(player_id), PlayerNotice(message))

    async def announce_challenge(self, challenge: TableChallenge) -> bool:
        """The table and its outbox row are committed already: a stream that cannot keep the
        challenge now is logged and the outbox's relay tries again."""
        try:
            await self._bus.publish_durable(subjects.challenge(challenge.code), challenge,
                                            message_id=f"challenge:{challenge.code}")
        except (nats.errors.Error, TimeoutError) as exc:
            log.warning("challenge_not_kept_yet", code=challenge.code, error=str(exc))
            return False
        return True


async def consume_finished_games(
    bus: Bus, handlers: MatchmakingHandlers, durable: str = FINISHED_CONSUMER, only_new: bool = False
) -> asyncio.Task[None]:
    """Feed every `daimyo.game.*.finished` message to the handlers, durably (replicas share it)."""

    async def on_finished(subject: str, message: BusMessage) -> None:
        if not isinstance(message, GameResult):
            log.error("finished_message_dropped", subject=subject, error="not a game result")
            return
        try:
            await handlers.game_finished(message.to_json())
        except ValueError as exc:  # a malformed message would be redelivered forever: log and drop
            log.error("finished_message_dropped", subject=subject, error=str(exc))

    await bus.wait_for_games_stream()  # the relay creates it
    task: asyncio.Task[None] = await bus.consume(
        subjects.ALL_FINISHED, durable, on_finished, only_new=only_new)
    return task


async def consume_abandoned_seats(
    bus: Bus, handlers: MatchmakingHandlers, durable: str = ABANDONED_CONSUMER, only_new: bool = False
) -> asyncio.Task[None]:
    """Hear every player who left a seat to a bot (`daimyo.game.*.abandoned`), durably; the seat
    keeps its slot until the game's end frees it (`consume_finished_games`)."""

    async def on_abandoned(subject: str, message: BusMessage) -> None:
        if not isinstance(message, SeatAbandoned):
            log.error("abandoned_message_dropped", subject=subject, error="not an abandoned seat")
            return
        try:
            await handlers.seat_abandoned(vars(message))
        except ValueError as exc:
            log.error("abandoned_message_dropped", subject=subject, error=str(exc))

    await bus.wait_for_games_stream()  # the relay creates it
    task: asyncio.Task[None] = await bus.consume(subjects.ALL_ABANDONED, durable, on_abandoned,
                                                     only_new=only_new)
    return task


ONLINE_GROUP = "daimyo-matchmaking-online"


async def listen_online(bus: Bus, handlers: MatchmakingHandlers, group: str = ONLINE_GROUP) -> Any:
    """Players' socket heartbeats keep their tickets alive (one replica handles each beat)."""

    async def on_online(subject: str, message: BusMessage) -> None:
        if not isinstance(message, OnlineBeat):
            log.warning("online_message_dropped", subject=subject, error="not an online beat")
            return
        try:
            await handlers.player_online(vars(message))
        except ValueError as exc:
            log.warning("online_message_dropped", subject=subject, error=str(exc))

    return await bus.subscribe(subjects.ALL_ONLINE, on_online, queue=group)
