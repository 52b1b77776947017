"""Seats under the names players have now: a rename shows, a deleted player's seat is marked,
and the accounts service is asked once per cache life — in game details, the caller's games,
leaderboards and chat lines alike."""

from __future__ import annotations

from typing import Any

from daimyo_gateway.accounts import Identity
from daimyo_gateway.http_api.games import chat_author, game_json
from daimyo_gateway.http_api.lists import ranked
from daimyo_gateway.names import Names, rename_rows
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


async def test_a_forgotten_name_is_asked_again_so_a_rename_shows_at_once() -> None:
    accounts = FakeAccounts({"p-ann": "Anne"})
    names = Names(accounts)
    await names.of(["p-ann"])
    accounts.names["p-ann"] = "Annette"
    names.forget(["p-ann"])
    assert await names.of(["p-ann"]) == {"p-ann": "Annette"}


async def test_leaderboard_rows_and_my_games_seats_take_current_names_and_drop_ids() -> None:
    names = await Names(FakeAccounts({"p-ann": "Anne", "p-ben": ""})).of(["p-ann", "p-ben", "p-cy"])
    rows: list[dict[str, Any]] = [{"player_id": "p-ann", "display_name": "Old", "ordinal": 3.0},
            {"player_id": "p-ben", "display_name": "Ben", "ordinal": 2.0},
            {"player_id": "p-cy", "display_name": "Cy", "ordinal": 1.0},
            {"player_id": None, "display_name": "Bot (random)", "bot_level": "random"}]
    shown = rename_rows(rows, names)
    assert [r["display_name"] for r in shown] == ["Anne", "", "Cy", "Bot (random)"]
    assert [r.get("deleted", False) for r in shown] == [False, True, False, False]
    assert all("player_id" not in r for r in shown)
    assert ranked(rename_rows(rows[:2], names))[1]["deleted"] is True


async def test_a_seats_chat_line_shows_its_players_current_name_and_a_spectators_keeps_its_own() -> None:
    names = await Names(FakeAccounts({"p-ann": "Anne", "p-ben": ""})).of(["p-ann", "p-ben"])
    lines: list[dict[str, Any]] = [{"seat": 0, "name": "Old Name", "text": "hi"},
                                   {"seat": 1, "name": "Ben", "text": "yo"},
                                   {"seat": None, "name": "Watcher", "text": "gg"}]
    shown = [chat_author(m, GAME, names) for m in lines]
    assert [(m["name"], m.get("deleted", False)) for m in shown] == [
        ("Anne", False), ("", True), ("Watcher", False)]
