"""The proof that a game is a plug-in: tic-tac-toe, which lives only in tests/plugins/, is
registered through `DAIMYO_GAME_PLUGINS` and played end to end by a person against a bot —
lobby, matchmaking, game service, bot driver and the browser socket — on the real services,
each its own process, with no line of shared service code knowing the game."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from tests.e2e.stack import Stack, start_stack

pytestmark = pytest.mark.integration
PLUGIN = "tests.plugins.tictactoe:TicTacToeGame"


@pytest.fixture(scope="module")
def stack(database_url: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DAIMYO_GAME_PLUGINS", PLUGIN)
        running = start_stack(database_url, nats_url, tmp_path_factory.mktemp("third-game-logs"))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def queue_against_a_bot(http: aiohttp.ClientSession, stack: Stack, token: str) -> dict[str, Any]:
    body = {"game": "tictactoe", "player_counts": [2], "mode": "bots", "bot_level": "random"}
    async with http.post(f"{stack.url}/api/queue", json=body,
                         headers={"Authorization": f"Bearer {token}"}) as response:
        assert response.status == 200, await response.text()
        ticket: dict[str, Any] = await response.json()
        return ticket


def my_turn(game_id: str, seat: int) -> Any:
    return lambda f: (f.get("type") == "view" and f.get("game_id") == game_id
                      and (seat in f["view"]["to_act"] or f["view"]["finished"]))


async def play_to_the_end(socket: SocketClient, game_id: str, seat: int) -> dict[str, Any]:
    """Take the first legal move each turn (the bot answers between); the finished view."""
    seen = 0
    for _ in range(9):
        frame = await socket.wait_for(my_turn(game_id, seat), timeout=30, after=seen)
        seen = socket.frames.index(frame) + 1
        view: dict[str, Any] = frame["view"]
        if view["finished"]:
            return view
        await socket.send({"type": "move", "game_id": game_id, "move": view["legal"][0],
                           "expected_version": frame["version"], "command_id": uuid.uuid4().hex})
    final = await socket.wait_for(lambda f: f.get("type") == "view" and f["view"]["finished"], timeout=30)
    return dict(final["view"])


async def test_a_plug_in_game_is_played_against_a_bot_through_every_service(
    stack: Stack, http: aiohttp.ClientSession
) -> None:
    player = await sign_in(http, stack.url, "Tess")
    socket = await SocketClient.connect(http, stack.url, player["token"])
    try:
        await queue_against_a_bot(http, stack, player["token"])
        found = await socket.wait_for_notice("match_found", timeout=30)
        assert found["game"] == "tictactoe"
        game_id, seat = found["game_id"], found["seat"]
        await socket.send({"type": "subscribe", "game_id": game_id, "as": seat})
        final = await play_to_the_end(socket, game_id, seat)
    finally:
        await socket.close()
    assert final["outcome"] is not None and final["board"].count("") < 5
    async with http.get(f"{stack.url}/api/games/{game_id}") as response:
        detail = await response.json()
    assert (detail["game"], detail["finished"]) == ("tictactoe", True)
    assert [s["bot_level"] for s in detail["seats"]].count("random") == 1


def test_the_plug_in_lives_only_under_tests() -> None:
    repo = Path(__file__).resolve().parents[2]
    shared = [p for top in ("services", "libs") for p in (repo / top).rglob("*")
              if p.is_file() and p.suffix in (".py", ".js", ".html", ".css", ".proto")
              and "tictactoe" in p.read_text(errors="ignore").lower()]
    assert shared == []
