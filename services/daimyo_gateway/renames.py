"""A rename reaches the screens already open, on every gateway replica, within the bus's delivery time.

Names live only in the accounts service; views carry ids and the gateway names them (names.py,
cached a while). So when a player is renamed or their account erased, the gateway that handled
it publishes `daimyo.names.changed` with the player's id, and every gateway (that one too,
through its own subscription) forgets the player's cached name and sends a `names` frame to each
of its open sockets whose page shows the player: the player's own (its name in the header), one
watching a game in which the player sits (the seats), and one of a player who follows them (the
lobby's friends online). The frame names nobody — ids stay private — and says only "ask again
for the names you show". A table room's seats are re-read by its own poll.

A gateway that missed the message (NATS away) shows the new name once its cached one expires.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

import structlog
from aiohttp import web
from nats.errors import Error as NatsError

from daimyo_bus import subjects
from daimyo_bus.messages import NAMES_CHANGED_MOST, BusMessage, NamesChanged
from daimyo_gateway import frames
from daimyo_gateway.accounts import AccountsPort
from daimyo_gateway.frames import ServerFrame
from daimyo_gateway.ports import ServiceError

Publish = Callable[[str, NamesChanged], Awaitable[None]]
_log = structlog.get_logger("daimyo_gateway.renames")


class Screen(Protocol):
    """An open socket, as far as names go (sessions.Session)."""

    @property
    def player_id(self) -> str: ...

    def seats_any(self, player_ids: frozenset[str]) -> bool: ...

    def tell(self, frame: ServerFrame) -> None: ...


class Renames:
    def __init__(self, accounts: AccountsPort, publish: Publish | None = None) -> None:
        self._accounts = accounts
        self._publish = publish
        self._screens: set[Screen] = set()
        self._forgetters: list[Callable[[Iterable[str]], None]] = []

    def on_changed(self, forget: Callable[[Iterable[str]], None]) -> None:
        """`forget(player_ids)` hears of every change first (the names cache)."""
        self._forgetters.append(forget)

    def opened(self, screen: Screen) -> None:
        self._screens.add(screen)

    def closed(self, screen: Screen) -> None:
        self._screens.discard(screen)

    async def announce(self, player_ids: Iterable[str]) -> None:
        """These players' names changed: tell every gateway. Without the bus, this one at least."""
        message = NamesChanged(tuple(dict.fromkeys(player_ids))[:NAMES_CHANGED_MOST])
        if self._publish is not None:
            with contextlib.suppress(NatsError, OSError, ValueError):
                await self._publish(subjects.names_changed(), message)
                return  # heard back through this gateway's own subscription
        await self.changed(message)

    async def heard(self, _subject: str, message: BusMessage) -> None:
        """`daimyo.names.changed` from any gateway (this one included)."""
        if isinstance(message, NamesChanged):
            await self.changed(message)

    async def changed(self, message: NamesChanged) -> None:
        for forget in self._forgetters:
            forget(message.player_ids)
        renamed = frozenset(message.player_ids)
        if not renamed or not self._screens:
            return
        people = renamed | await self._followers(renamed)
        for screen in list(self._screens):
            if screen.player_id in people or screen.seats_any(renamed):
                screen.tell(frames.names())

    async def _followers(self, player_ids: frozenset[str]) -> frozenset[str]:
        """Who follows these players (their lobbies list them among friends online)."""
        found: set[str] = set()
        for player_id in player_ids:
            try:
                relations = await self._accounts.call("GetRelations", player_id=player_id)
            except ServiceError as e:  # the seats and the player's own pages still hear of it
                _log.warning("followers_unavailable", error=e.message)
                continue
            found.update(str(p) for p in relations.get("followers", []))
        return frozenset(found)


RENAMES: web.AppKey[Renames] = web.AppKey("renames")
