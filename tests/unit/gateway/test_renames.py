"""A rename reaches the open screens that show the player (renames.py): the player's own, those
watching a game the player sits in, and followers' lobbies; nobody else's. The names cache
forgets the player first, and without the bus this gateway's screens still hear of it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from daimyo_bus import subjects
from daimyo_bus.messages import NamesChanged, OnlineBeat
from daimyo_gateway import frames
from daimyo_gateway.accounts import Identity
from daimyo_gateway.frames import ServerFrame
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.renames import Renames


class FakeAccounts:
    def __init__(self, followers: dict[str, list[str]], down: bool = False) -> None:
        self.followers, self.down = followers, down

    async def call(self, method: str, **fields: Any) -> dict[str, Any]:
        assert method == "GetRelations"
        if self.down:
            raise ServiceError("unavailable", "accounts away")
        return {"following": [], "followers": self.followers.get(fields["player_id"], []), "blocked": []}

    async def check_session(self, session_id: str, token_id: str) -> Identity:
        raise NotImplementedError

    async def create_guest(self, name: str, device: str) -> Identity:
        raise NotImplementedError

    async def refresh_session(self, session_id: str, token_id: str) -> Identity:
        raise NotImplementedError


class Screen:
    def __init__(self, player_id: str, seated: Iterable[str] = ()) -> None:
        self.player_id, self.seated = player_id, frozenset(seated)
        self.told: list[ServerFrame] = []

    def seats_any(self, player_ids: frozenset[str]) -> bool:
        return not self.seated.isdisjoint(player_ids)

    def tell(self, frame: ServerFrame) -> None:
        self.told.append(frame)


def screens() -> dict[str, Screen]:
    return {"own": Screen("ann"), "table": Screen("bob", seated=["ann", "bob"]), "fan": Screen("cat"),
            "stranger": Screen("dan", seated=["dan", "eve"])}


async def test_the_screens_showing_the_renamed_player_are_told_and_no_other() -> None:
    renames, shown = Renames(FakeAccounts({"ann": ["cat"]})), screens()
    for screen in shown.values():
        renames.opened(screen)
    await renames.changed(NamesChanged(("ann",)))
    assert {k for k, s in shown.items() if s.told} == {"own", "table", "fan"}
    assert shown["own"].told == [frames.names()] == [{"type": "names", "v": 1}]


async def test_the_names_cache_forgets_the_player_before_any_screen_asks_again() -> None:
    forgotten: list[tuple[str, ...]] = []
    renames = Renames(FakeAccounts({}))
    renames.on_changed(lambda ids: forgotten.append(tuple(ids)))
    await renames.heard(subjects.names_changed(), NamesChanged(("ann",)))
    await renames.heard(subjects.online("ann"), OnlineBeat("ann", 1.0))  # not a rename: nothing
    assert forgotten == [("ann",)]


async def test_a_closed_screen_is_told_nothing_and_followers_unknown_still_tell_the_seats() -> None:
    renames, shown = Renames(FakeAccounts({}, down=True)), screens()
    for screen in shown.values():
        renames.opened(screen)
    renames.closed(shown["own"])
    await renames.changed(NamesChanged(("ann",)))
    assert {k for k, s in shown.items() if s.told} == {"table"}


async def test_a_rename_is_published_for_every_gateway_and_told_here_only_when_the_bus_is_away() -> None:
    published: list[tuple[str, NamesChanged]] = []

    async def publish(subject: str, message: NamesChanged) -> None:
        published.append((subject, message))

    async def away(subject: str, message: NamesChanged) -> None:
        raise OSError("nats away")

    heard, mine = Renames(FakeAccounts({}), publish), Screen("ann")
    heard.opened(mine)
    await heard.announce(["ann", "ann"])
    assert published == [("daimyo.names.changed", NamesChanged(("ann",)))]
    assert not mine.told  # it hears its own message back, as every gateway does
    alone = Renames(FakeAccounts({}), away)
    alone.opened(mine)
    await alone.announce(["ann"])
    assert mine.told == [frames.names()]
