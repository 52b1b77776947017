"""Players' names as the accounts service has them now, for the views the gateway builds.

Games keep the name a seat had when it was created; a rename or a deleted account changes only
the accounts service. So a game's seats are shown under the current name, and a deleted
player's under a neutral mark (`deleted`: the client writes "deleted player" in its language).
Names are cached a short while (bounded), so a list of games costs one call at most.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import structlog
from aiohttp import web

from daimyo_gateway.accounts import AccountsPort
from daimyo_gateway.ports import ServiceError
from daimyo_kit.lru import LruCache

TTL_SECONDS = 30.0
ENTRIES = 50_000
MAX_PER_CALL = 500
_log = structlog.get_logger("daimyo_gateway.names")


class Names:
    def __init__(self, accounts: AccountsPort, ttl: float = TTL_SECONDS, entries: int = ENTRIES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._accounts = accounts
        self._ttl = ttl
        self._clock = clock
        self._cache: LruCache[str, tuple[str, float]] = LruCache(entries)

    def forget(self, player_ids: Iterable[str]) -> None:
        """These players were renamed or erased: ask again next time."""
        for pid in player_ids:
            self._cache.pop(pid)

    async def of(self, player_ids: Iterable[str]) -> dict[str, str]:
        """id → current display name ("" for a deleted player); ids the accounts service does not
        know (or cannot tell now) are left out, and their seats keep the game's name."""
        now, found, missing = self._clock(), {}, []
        for pid in dict.fromkeys(p for p in player_ids if p):
            cached = self._cache.get(pid)
            if cached is not None and cached[1] > now:
                found[pid] = cached[0]
            else:
                missing.append(pid)
        if missing:
            found |= await self._ask(missing[:MAX_PER_CALL], now)
        return found

    async def _ask(self, player_ids: list[str], now: float) -> dict[str, str]:
        try:
            answer = await self._accounts.call("GetNames", player_ids=player_ids)
        except ServiceError as e:  # names are a nicety: a view without them still shows the game's
            _log.warning("names_unavailable", error=e.message)
            return {}
        names = {str(k): str(v) for k, v in answer.get("display_names", {}).items()}
        for pid, name in names.items():
            self._cache.put(pid, (name, now + self._ttl))
        return names


NAMES: web.AppKey[Names | None] = web.AppKey("names")


async def current(request: web.Request, player_ids: Iterable[str | None]) -> dict[str, str]:
    """The current names of these players ({} when the gateway runs without accounts)."""
    names = request.app.get(NAMES)
    return await names.of(p for p in player_ids if p) if names is not None else {}


def named(names: Mapping[str, str], player_id: str | None, fallback: str) -> dict[str, Any]:
    """A seat's or a row's name fields: the current name (else `fallback`, the name the other
    service kept), and `deleted` when the account is gone (its name is then "")."""
    name = names.get(player_id or "", fallback)
    return {"display_name": name, "deleted": True} if player_id and not name else {"display_name": name}


def rename_rows(rows: list[dict[str, Any]], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Rows that carry a private `player_id` (seats, ratings) under current names, ids dropped."""
    return [{k: v for k, v in r.items() if k != "player_id"}
            | named(names, r.get("player_id"), r.get("display_name") or "") for r in rows]


async def current_rows(request: web.Request, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`rename_rows` with the names asked of the accounts service (cached)."""
    return rename_rows(rows, await current(request, (r.get("player_id") for r in rows)))
