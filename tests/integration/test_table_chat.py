"""A private Samurai table played by friends who joined by its code, with chat, then a rematch
(real game service, matchmaking, NATS, two gateways): the players' channel reaches the players
on any gateway, the spectators' channel stays with the watchers during the game, bad lines are
refused and change nothing, and after the end both channels are readable with the replay."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import Frame, SocketClient, sign_in
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration.platform import Platform, call, eventually, platform
from tests.support.game_service import moves_from_legal

pytestmark = pytest.mark.integration


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        await running.gateway()
        yield running


async def seated(http: aiohttp.ClientSession, url: str, token: str, game_id: str, seat: Any) -> SocketClient:
    socket = await SocketClient.connect(http, url, token)
    await socket.send({"type": "subscribe", "game_id": game_id, "as": seat})
    await socket.wait_for(lambda f: f.get("type") == "resynced")
    return socket


async def set_up_by_hand(site: Platform, game_id: str, players: list[str]) -> list[str]:
    """Both players place figures in turn, then choose their opening hands; seat 0's choice."""
    rng = random.Random(3)
    chosen: list[str] = []
    while True:
        state = await site.game.stub.GetView(game_pb2.GetViewRequest(
            game_id=game_id, viewer=game_pb2.Viewer(spectator=True)))
        views = {s: json.loads((await site.game.stub.GetView(game_pb2.GetViewRequest(
            game_id=game_id, viewer=game_pb2.Viewer(seat=s)))).view_json) for s in state.to_act}
        if all(v["phase"] == "play" for v in views.values()):
            return chosen
        for seat, view in views.items():
            legal = view["legal"]
            if "choose_hand" in legal:
                offered, count = legal["choose_hand"]["from"], legal["choose_hand"]["count"]
                tiles = offered[-count:] if seat == 0 else rng.sample(offered, count)
                chosen = tiles if seat == 0 else chosen
                move = {"type": "choose_hand", "tiles": tiles}
            else:
                move = moves_from_legal(legal, rng)[0]
            await site.game.stub.SubmitMove(game_pb2.SubmitMoveRequest(
                game_id=game_id, seat=seat, move_json=json.dumps(move), player_id=players[seat]))


async def test_friends_play_a_private_table_with_chosen_hands_and_chat_then_a_rematch(site: Platform) -> None:
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, first.url, "Ann"), await sign_in(http, second.url, "Ben")
        _, table = await call(http, "POST", f"{first.url}/api/tables", ann["token"], {
            "game": "samurai", "seats": 2, "options": {"random_setup": False}, "time_control": "blitz"})
        _, joined = await call(http, "POST", f"{second.url}/api/tables/{table['code']}/join", ben["token"])
        game_id = joined["game_id"]
        ann_tab = await seated(http, first.url, ann["token"], game_id, 0)
        ben_tab = await seated(http, second.url, ben["token"], game_id, 1)
        eve = await sign_in(http, first.url, "Eve")
        eve_tab = await seated(http, second.url, eve["token"], game_id, "spectator")

        await ann_tab.send({"type": "chat", "game_id": game_id, "text": "  good luck <b>Ben</b> ", "ref": 1})
        line = await ben_tab.wait_for(lambda f: f.get("type") == "chat")
        assert (line["channel"], line["name"], line["seat"], line["text"]) == (
            "players", "Ann", 0, "good luck <b>Ben</b>")  # kept as typed: escaping is the client's job
        assert (await ann_tab.wait_for(lambda f: f.get("type") == "chat_sent"))["ref"] == 1
        await eve_tab.send({"type": "chat", "game_id": game_id, "text": "go Ann!"})
        aside = await eve_tab.wait_for(lambda f: f.get("type") == "chat")
        assert aside["channel"] == "spectators" and aside["seat"] is None

        await eve_tab.send({"type": "chat", "game_id": game_id, "channel": "players", "text": "psst",
                            "ref": 2})
        refusal = await eve_tab.wait_for(lambda f: f.get("type") == "error" and f.get("ref") == 2)
        assert refusal["code"] == "forbidden" and "only the game's players" in refusal["message"]
        for ref, text in ((3, "x" * 501), (4, "ding\x07")):
            await ann_tab.send({"type": "chat", "game_id": game_id, "text": text, "ref": ref})
            refusal = await ann_tab.wait_for(error_for(ref))
            assert refusal["code"] == "malformed", refusal
        status, hidden = await call(http, "GET", f"{first.url}/api/games/{game_id}/chat?channel=spectators",
                                    ann["token"])
        assert status == 403 and "once the game is over" in hidden["message"]
        await asyncio.sleep(0.3)
        # neither the watchers' aside nor a refused line reached a player
        assert [f["text"] for f in ann_tab.of_type("chat")] == ["good luck <b>Ben</b>"]

        hand = await set_up_by_hand(site, game_id, [ann["player_id"], ben["player_id"]])
        mine = json.loads((await site.game.stub.GetView(game_pb2.GetViewRequest(
            game_id=game_id, viewer=game_pb2.Viewer(seat=0)))).view_json)
        assert sorted(mine["hand"]) == sorted(hand)  # the opening hand Ann chose

        for socket in (ann_tab, ben_tab):
            await socket.send({"type": "leave", "game_id": game_id})
        await eventually(lambda: _finished(site, game_id), timeout=60)
        for channel, texts in (("players", ["good luck <b>Ben</b>"]), ("spectators", ["go Ann!"])):
            _, log = await call(http, "GET", f"{first.url}/api/games/{game_id}/chat?channel={channel}",
                                eve["token"])
            assert [m["text"] for m in log["messages"]] == texts  # a watcher reads both after the end

        _, offer = await call(http, "POST", f"{first.url}/api/games/{game_id}/rematch", ann["token"])
        _, started = await call(http, "POST", f"{second.url}/api/rematches/{offer['rematch_id']}",
                                ben["token"], {"accept": True})
        assert started["state"] == "started" and started["new_game_id"]
        for socket in (ann_tab, ben_tab, eve_tab):
            await socket.close()


def error_for(ref: int) -> Callable[[Frame], bool]:
    """Whether a frame is the error answering the frame sent with `ref`."""
    return lambda f: f.get("type") == "error" and f.get("ref") == ref


async def _finished(site: Platform, game_id: str) -> bool:
    match = await site.matchmaking.store.match_by_game(game_id)
    return match is not None and match.state == "finished"


async def test_chat_is_rate_limited_per_author(site: Platform) -> None:
    first, _ = site.gateways
    async with aiohttp.ClientSession() as http:
        cid, dan = await sign_in(http, first.url, "Cid"), await sign_in(http, first.url, "Dan")
        _, table = await call(http, "POST", f"{first.url}/api/tables", cid["token"],
                              {"game": "samurai", "seats": 2})
        _, joined = await call(http, "POST", f"{first.url}/api/tables/{table['code']}/join", dan["token"])
        tab = await seated(http, first.url, cid["token"], joined["game_id"], 0)
        for n in range(6):
            await tab.send({"type": "chat", "game_id": joined["game_id"], "text": f"line {n}", "ref": n})
        last = await tab.wait_for(lambda f: f.get("ref") == 5 and f.get("type") in ("error", "chat_sent"))
        assert last["type"] == "error" and last["code"] == "rate_limited"
        _, log = await call(http, "GET", f"{first.url}/api/games/{joined['game_id']}/chat", cid["token"])
        assert [m["text"] for m in log["messages"]] == [f"line {n}" for n in range(5)]
        await tab.close()
