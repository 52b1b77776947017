"""Table chat on the socket: which channel a socket reads for a game (a seat's player reads the
players' channel — even when watching as a spectator, so a player never reads the spectators'
aside during the game; a watcher reads the spectators'), and posting a line (the game service checks and
stores it; this gateway then publishes it on `daimyo.chat.<game>.<channel>`, which every gateway
with a reader of that channel delivers).

A block is kept at the door: a line from a player with a block standing (either way) between
them and any player seated at that game is refused (`blocked`), on either channel, so the
blocked player cannot chat to the one who blocked them — and no reader needs filtering."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from daimyo_bus import subjects
from daimyo_bus.messages import ChatLine
from daimyo_gateway import frames
from daimyo_gateway.accounts import AccountsPort
from daimyo_gateway.frames import ChatFrame
from daimyo_gateway.hub import Hub
from daimyo_gateway.ports import GameInfo, GamePort, ServiceError, Viewer
from daimyo_gateway.tokens import Player
from daimyo_gateway.visitors import is_visitor

Listener = Callable[[str, Any], None]
Blocked = Callable[[str, list[str]], Awaitable[bool]]
"""Whether a block stands between a player and any of these others."""
BLOCKED = "a block stands between you and a player at this table: your line was not sent"


def accounts_blocks(accounts: AccountsPort) -> Blocked:
    """The accounts service's blocks (a game has at most a few seats: one call each)."""
    async def any_blocked(player_id: str, others: list[str]) -> bool:
        for other in others:
            if (await accounts.call("Blocked", player_id=player_id, other_id=other))["blocked"]:
                return True
        return False
    return any_blocked


def channel_for(viewer: Viewer) -> str:
    return "spectators" if viewer is None else "players"


def reader_seat(info: GameInfo, player_id: str, asked: Viewer) -> Viewer:
    """The seat whose channel a socket reads: the one asked for, else any seat the player holds
    (a player watching as a spectator still reads the players' channel), else none."""
    if asked is not None:
        return asked
    return next((n for n, s in enumerate(info.seats) if s.player_id == player_id), None)


class ChatReader:
    """The chat channels one socket listens to, at most one per watched game."""

    def __init__(self, hub: Hub, deliver: Callable[[frames.ServerFrame], None]) -> None:
        self._hub = hub
        self._deliver = deliver
        self._listening: dict[str, tuple[str, Listener]] = {}

    async def listen(self, game_id: str, viewer: Viewer) -> None:
        await self.stop(game_id)
        subject = subjects.chat(game_id, channel_for(viewer))

        def heard(_subject: str, message: Any) -> None:
            if isinstance(message, ChatLine):
                self._deliver(frames.chat_of(message))

        self._listening[game_id] = (subject, heard)
        await self._hub.add(subject, heard)

    async def stop(self, game_id: str) -> None:
        entry = self._listening.pop(game_id, None)
        if entry is not None:
            await self._hub.remove(*entry)

    async def close(self) -> None:
        for game_id in list(self._listening):
            await self.stop(game_id)


async def post(games: GamePort, hub: Hub, player: Player, frame: ChatFrame,
               viewer: Viewer, blocked: Blocked | None = None) -> frames.ChatSent:
    """Store the line through the game service, publish it to its channel's readers; the ack frame."""
    if is_visitor(player):
        raise ServiceError("unauthenticated", "sign in to chat")
    if blocked is not None:
        await refuse_if_blocked(games, blocked, player, frame.game_id)
    channel = frame.channel or channel_for(viewer)
    message = await games.post_chat(frame.game_id, player.player_id, player.name, channel, frame.text)
    await hub.publish(subjects.chat(frame.game_id, channel), ChatLine(message))
    return frames.chat_sent(frame.game_id, channel, message["id"], frame.ref)


async def refuse_if_blocked(games: GamePort, blocked: Blocked, player: Player, game_id: str) -> None:
    """Refused (`blocked`) when a block stands between `player` and a player seated at the game."""
    info = await games.game_info(game_id)
    me = player.player_id
    others = list(dict.fromkeys(s.player_id for s in info.seats if s.player_id and s.player_id != me))
    if others and await blocked(player.player_id, others):
        raise ServiceError("blocked", BLOCKED)
