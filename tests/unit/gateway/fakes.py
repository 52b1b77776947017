"""In-memory stand-ins for the gateway's ports: a game store of numbered versions and a hub."""

from __future__ import annotations

from typing import Any

from daimyo_bus.messages import SeatView, WatchView
from daimyo_gateway.ports import GameInfo, MoveRecord, SeatInfo, ServiceError, Viewer, ViewSnapshot


class FakeGames:
    """One game per id; each version has a view per viewer (`hand` only for seats)."""

    def __init__(self) -> None:
        self.games: dict[str, GameInfo] = {}
        self.versions: dict[str, int] = {}
        self.submitted: list[tuple[str, int, Any, str]] = []

    def add(self, game_id: str, owners: list[str | None], version: int = 1) -> None:
        seats = [SeatInfo(f"seat{n}", owner, None if owner else "random") for n, owner in enumerate(owners)]
        self.games[game_id] = GameInfo(game_id, "samurai", seats)
        self.versions[game_id] = version

    def view(self, game_id: str, viewer: Viewer, version: int) -> dict[str, Any]:
        view: dict[str, Any] = {"version": version, "seat": viewer}
        if viewer is not None:
            view["hand"] = [f"tile-of-{viewer}"]
        return view

    def message(self, game_id: str, viewer: Viewer, version: int) -> SeatView | WatchView:
        kind = WatchView if viewer is None else SeatView
        return kind.build(game_id, version, viewer, "MoveMade", view=self.view(game_id, viewer, version),
                          last_move={"seat": 0, "move": {"type": "pass"}}, effects=[], to_act=[0],
                          finished=False, clock=None, takeovers={})

    def _info(self, game_id: str) -> GameInfo:
        if game_id not in self.games:
            raise ServiceError("not_found", f"no game {game_id}")
        return self.games[game_id]

    async def get_view(self, game_id: str, viewer: Viewer) -> ViewSnapshot:
        self._info(game_id)
        version = self.versions[game_id]
        return ViewSnapshot(game_id, "samurai", version, self.view(game_id, viewer, version), [0], False)

    async def submit_move(self, game_id: str, seat: int, move: Any, expected_version: int,
                          command_id: str, player_id: str) -> int:
        info = self._info(game_id)
        if info.seats[seat].player_id != player_id:
            raise ServiceError("forbidden", "not your seat")
        self.submitted.append((game_id, seat, move, player_id))
        self.versions[game_id] += 1
        return self.versions[game_id]

    async def game_info(self, game_id: str, fresh: bool = False) -> GameInfo:
        return self._info(game_id)

    async def events_since(self, game_id: str, from_version: int, viewer: Viewer) -> list[MoveRecord]:
        return [MoveRecord(v, "MoveMade", 0, {"type": "pass"}, [])
                for v in range(from_version + 1, self.versions[game_id] + 1)]

    async def replay(self, game_id: str, at_version: int, viewer: Viewer) -> ViewSnapshot:
        view = self.view(game_id, viewer, at_version)
        return ViewSnapshot(game_id, "samurai", at_version, view, [0], False)

    async def reveal_all(self, game_id: str, at_version: int) -> ViewSnapshot:
        view = {"version": at_version, "seat": None, "hands": [self.view(game_id, s, at_version)["hand"]
                                                              for s in range(len(self._info(game_id).seats))]}
        return ViewSnapshot(game_id, "samurai", at_version, view, [0], True)

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameInfo]:
        return list(self.games.values())[:limit]


class FakeHub:
    def __init__(self) -> None:
        self.listeners: dict[str, set[Any]] = {}
        self.connection_watchers: set[Any] = set()

    def watch_connection(self, watcher: Any) -> None:
        self.connection_watchers.add(watcher)

    def unwatch_connection(self, watcher: Any) -> None:
        self.connection_watchers.discard(watcher)

    def connection(self, connected: bool) -> None:
        """As if NATS dropped (False) or came back (True)."""
        for watcher in list(self.connection_watchers):
            watcher(connected)

    async def add(self, subject: str, listener: Any) -> None:
        self.listeners.setdefault(subject, set()).add(listener)

    async def remove(self, subject: str, listener: Any) -> None:
        self.listeners.get(subject, set()).discard(listener)

    def publish(self, subject: str, payload: Any) -> None:
        for listener in list(self.listeners.get(subject, ())):
            listener(subject, payload)
