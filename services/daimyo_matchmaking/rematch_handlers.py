"""The rematch use cases: offer (or accept) a rematch, answer it, look at it, let offers expire.

The new game is created like any match (idempotent by the offer's id), by the callable the
matchmaking handlers pass in.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import replace

from daimyo_matchmaking.allowance import Holdings, Wish
from daimyo_matchmaking.domain import MatchRecord, NotAllowed, NotFound, Refused
from daimyo_matchmaking.ports import Clock, PlayerNotifier
from daimyo_matchmaking.rematch import (
    EXPIRED,
    OPEN,
    REFUSED,
    REMATCH_SECONDS,
    Rematch,
    RematchBusy,
    name_of,
    rotated,
    without_tickets,
)
from daimyo_matchmaking.store_api import Guard, MatchmakingStore, no_guard
from daimyo_matchmaking.tables import seed_of

CreateGame = Callable[[str], Awaitable[MatchRecord | None]]
Allow = Callable[[str, Wish], Awaitable[Holdings]]
"""The matchmaking decider (`MatchmakingHandlers.allow`): raises when the wish is refused."""


async def _allow_all(player_id: str, wish: Wish) -> Holdings:
    return Holdings()


class Rematches:
    """The use cases on the store's rematch offers."""

    def __init__(self, store: MatchmakingStore, notifier: PlayerNotifier, clock: Clock,
                 create_game: CreateGame, allow: Allow = _allow_all, guard: Guard = no_guard) -> None:
        self.offers = store.rematches
        self._matches = store
        self._notifier = notifier
        self._clock = clock
        self._create_game = create_game
        self._allow = allow
        self._guard = guard

    async def offer(self, game_id: str, player_id: str) -> Rematch:
        """Offer a rematch of a finished game (or accept the offer already made)."""
        existing = await self.offers.for_game(game_id)
        if existing is not None:
            return await self.answer(existing.rematch_id, player_id, True)
        match = await self._finished_match(game_id, player_id)
        await self._allow(player_id, Wish(bots=any(s.is_bot for s in match.seats)))
        now = self._clock.now()
        offer = Rematch(uuid.uuid4().hex, game_id, match.game, without_tickets(rotated(match.seats)),
                        seed_of(match.config)[0],  # a tutorial's rematch: a fresh deal
                        match.time_control_json, match.rated, match.listed, (player_id,),
                        OPEN, "", now, now + REMATCH_SECONDS)
        stored = await self.offers.offer(offer)
        if stored.rematch_id != offer.rematch_id:  # someone offered at the same moment: accept theirs
            return await self.answer(stored.rematch_id, player_id, True)
        await self._tell(stored, "rematch_offered", player_id)
        return await self._maybe_start(stored)

    async def answer(self, rematch_id: str, player_id: str, accept: bool) -> Rematch:
        offered = await self.offers.get(rematch_id) if accept else None
        if offered is not None and offered.state == OPEN and player_id in offered.people:
            await self._allow(player_id, Wish(bots=any(s.is_bot for s in offered.seats)))
        rematch = await self.offers.answer(rematch_id, player_id, accept, self._clock.now())
        if rematch.state in (REFUSED, EXPIRED):
            await self._tell(rematch, f"rematch_{rematch.state}", player_id)
            return rematch
        return await self._maybe_start(rematch)

    async def get(self, rematch_id: str, player_id: str) -> Rematch:
        rematch = await self.offers.get(rematch_id)
        if rematch is None or player_id not in rematch.people:
            raise NotFound("no such rematch offer")
        return rematch

    async def expire_due(self) -> None:
        for rematch in await self.offers.expire_due(self._clock.now()):
            await self._tell(rematch, "rematch_expired", "")

    async def _finished_match(self, game_id: str, player_id: str) -> MatchRecord:
        match = await self._matches.match_by_game(game_id)
        if match is None:
            raise NotFound("no rematch for that game: it was not seated by matchmaking")
        if player_id not in [s.player_id for s in match.seats if not s.is_bot]:
            raise NotAllowed("only the players of that game may offer a rematch")
        if match.state != "finished":
            raise Refused("that game is not finished yet")
        return match

    async def _maybe_start(self, rematch: Rematch) -> Rematch:
        if rematch.state != OPEN or not rematch.everyone_accepted:
            return rematch
        try:
            started, match = await self.offers.start(rematch, self._clock.now(), self._guard)
        except RematchBusy as busy:
            refused = await self.offers.refuse(rematch, str(busy))
            await self._tell(refused, "rematch_refused", "")
            return refused
        if match is None:
            return started
        created = await self._create_game(match.match_id)
        if created is not None:
            await self.offers.started(rematch.rematch_id, created.game_id)
            started = replace(started, new_game_id=created.game_id)
        return started

    async def _tell(self, rematch: Rematch, kind: str, by: str) -> None:
        for player in rematch.people:
            if player != by:
                await self._notifier.notify_player(player, {
                    "type": kind, "rematch_id": rematch.rematch_id, "game_id": rematch.game_id,
                    "by": name_of(rematch, by) if by else "", "reason": rematch.reason,
                    "expires_in_seconds": rematch.expires_in(self._clock.now())})
