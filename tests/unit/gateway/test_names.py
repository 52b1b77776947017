"""Seats under the names players have now: a rename shows, a deleted player's seat is marked,
and the accounts service is asked once per cache life."""

from __future__ import annotations

from typing import Any

from daimyo_gateway.accounts import Identity
from daimyo_gateway.http_api.games import game_json
from daimyo_gateway.names import Names
from daimyo_gateway.ports import GameInfo, SeatInfo, ServiceError


class FakeAccounts:
    def __init__(self, names: dict[str, str], up: bool = True) -> None:
        self.names, self.up, self.asked = names, up, 0

    async def call(self, method: str, **fields: Any) -> dict[str, Any]:
        assert method == "GetNames"
        self.asked += 1
        if not self.up:
            raise ServiceError("unavailable", "down")
        return {"display_names": {p: self.names[p] for p in fields["player_ids"] if p in self.names}}

    async def create_guest(self, name: str, device: str) -> Identity:
        raise NotImplementedError

    async def check_session(self, session_id: str, token_id: str) -> Identity:
        raise NotImplementedError

    async def refresh_session(self, session_id: str, token_id: str) -> Identity:
        raise NotImplementedError


GAME = GameInfo("g1", "samurai", [SeatInfo("Old Name", "p-ann"), SeatInfo("Ben", "p-ben"),
                                  SeatInfo("Bot (random)", None, "random")], finished=True)


async def test_seats_show_current_names_and_a_deleted_players_seat_is_marked() -> None:
    names = await Names(FakeAccounts({"p-ann": "Anne", "p-ben": ""})).of(["p-ann", "p-ben"])
    seats = game_json(GAME, None, names)["seats"]
    assert [s["display_name"] for s in seats] == ["Anne", "", "Bot (random)"]
    assert [s.get("deleted", False) for s in seats] == [False, True, False]


async def test_names_are_asked_once_per_cache_life_and_missing_ones_keep_the_games() -> None:
    accounts = FakeAccounts({"p-ann": "Anne"})
    names = Names(accounts)
    assert await names.of(["p-ann", "p-x"]) == {"p-ann": "Anne"}
    assert await names.of(["p-ann"]) == {"p-ann": "Anne"}
    assert accounts.asked == 1
    assert game_json(GAME, None, {})["seats"][0]["display_name"] == "Old Name"


async def test_an_accounts_outage_leaves_the_games_names() -> None:
    assert await Names(FakeAccounts({}, up=False)).of(["p-ann"]) == {}
