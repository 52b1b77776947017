"""The gateway in front of a real game service (Postgres + NATS): seats stay private, bad
frames never break a socket, a reconnect resumes without gaps, and 200 sockets keep up."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import SocketClient, sign_in, start_test_gateway
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import RunningGameService, game_service, moves_from_legal, settings_for

pytestmark = pytest.mark.integration


@dataclass
class Stack:
    game: RunningGameService
    gateway: RunningGateway
    http: aiohttp.ClientSession

    @property
    def url(self) -> str:
        return self.gateway.url


@pytest.fixture
async def stack(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Stack]:
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as game:
        gateway = await start_test_gateway(nats_url, f"127.0.0.1:{game.server.port}")
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            yield Stack(game, gateway, http)
        await gateway.stop()


async def create_game(stack: Stack, player_ids: list[str], seed: int = 7) -> str:
    seats = [game_pb2.Seat(player_id=p, display_name=p) for p in player_ids]
    config = json.dumps({"players": len(seats), "random_setup": True})
    request = game_pb2.CreateGameRequest(game="samurai", seats=seats, command_id=uuid.uuid4().hex,
                                         config_json=config, seed=seed)
    return str((await stack.game.stub.CreateGame(request)).game_id)


async def seat_view(stack: Stack, game_id: str, seat: int) -> game_pb2.ViewResponse:
    request = game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(seat=seat))
    view: game_pb2.ViewResponse = await stack.game.stub.GetView(request)
    return view


async def first_legal_move(stack: Stack, game_id: str, seat: int) -> tuple[dict[str, Any], int]:
    response = await seat_view(stack, game_id, seat)
    return moves_from_legal(json.loads(response.view_json)["legal"], random.Random(1))[0], response.version


async def play_random_moves(stack: Stack, game_id: str, count: int, rng: random.Random,
                            player_ids: list[str]) -> int:
    """`count` random legal moves straight through gRPC; the game's version afterwards."""
    version = 0
    for _ in range(count):
        spectator = await stack.game.stub.GetView(game_pb2.GetViewRequest(
            game_id=game_id, viewer=game_pb2.Viewer(spectator=True)))
        version = spectator.version
        if spectator.finished:
            break
        seat = spectator.to_act[0]
        view = json.loads((await seat_view(stack, game_id, seat)).view_json)
        move = rng.choice(moves_from_legal(view["legal"], rng))
        response = await stack.game.stub.SubmitMove(game_pb2.SubmitMoveRequest(
            game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=version,
            command_id=uuid.uuid4().hex, player_id=player_ids[seat]))
        version = response.version
    return version


async def players(stack: Stack, *names: str) -> list[dict[str, Any]]:
    return [await sign_in(stack.http, stack.url, name) for name in names]


def is_type(kind: str, **fields: Any) -> Any:
    return lambda f: f.get("type") == kind and all(f.get(k) == v for k, v in fields.items())


async def test_a_player_cannot_subscribe_to_another_players_seat(stack: Stack) -> None:
    alice, bob = await players(stack, "Alice", "Bob")
    game_id = await create_game(stack, [alice["player_id"], bob["player_id"]])
    socket = await SocketClient.connect(stack.http, stack.url, bob["token"])
    await socket.send({"type": "subscribe", "game_id": game_id, "as": 0, "ref": "peek"})
    error = await socket.wait_for(is_type("error", ref="peek"))
    assert error["code"] == "forbidden"
    await asyncio.sleep(0.3)
    assert not [f for f in socket.of_type("view") if f.get("seat") == 0]
    await socket.close()


async def test_a_seat_view_carries_the_hand_and_a_spectator_view_none(stack: Stack) -> None:
    alice, bob = await players(stack, "Alice", "Bob")
    game_id = await create_game(stack, [alice["player_id"], bob["player_id"]])
    owner = await SocketClient.connect(stack.http, stack.url, alice["token"])
    watcher = await SocketClient.connect(stack.http, stack.url, bob["token"])
    await owner.send({"type": "subscribe", "game_id": game_id, "as": 0})
    await watcher.send({"type": "subscribe", "game_id": game_id, "as": "spectator"})
    mine = await owner.wait_for(is_type("view", game_id=game_id))
    watched = await watcher.wait_for(is_type("view", game_id=game_id))
    assert len(mine["view"]["hand"]) == 5
    assert "hand" not in watched["view"] and watched["view"]["legal"] == {}
    await owner.close()
    await watcher.close()


async def test_a_player_cannot_move_for_a_seat_they_do_not_hold(stack: Stack) -> None:
    alice, bob, carol = await players(stack, "Alice", "Bob", "Carol")
    game_id = await create_game(stack, [alice["player_id"], bob["player_id"]])
    move, version = await first_legal_move(stack, game_id, 0)
    for intruder in (bob, carol):
        socket = await SocketClient.connect(stack.http, stack.url, intruder["token"])
        await socket.send({"type": "move", "game_id": game_id, "move": move, "expected_version": version,
                           "command_id": "c-" + intruder["name"]})
        error = await socket.wait_for(is_type("error", ref=None))
        assert error["code"] in ("forbidden", "illegal_move")
        await socket.close()
    assert (await seat_view(stack, game_id, 0)).version == version


async def test_a_replay_of_a_live_game_shows_a_seat_only_to_its_owner(stack: Stack) -> None:
    alice, bob = await players(stack, "Alice", "Bob")
    game_id = await create_game(stack, [alice["player_id"], bob["player_id"]])
    url = f"{stack.url}/api/games/{game_id}/replay?seat=0"
    async with stack.http.get(url, headers={"Authorization": f"Bearer {bob['token']}"}) as refused:
        assert refused.status == 403
    async with stack.http.get(url, headers={"Authorization": f"Bearer {alice['token']}"}) as allowed:
        assert allowed.status == 200
        assert len((await allowed.json())["view"]["hand"]) == 5


async def test_malformed_frames_get_an_error_and_the_socket_stays_usable(stack: Stack) -> None:
    (alice,) = await players(stack, "Alice")
    socket = await SocketClient.connect(stack.http, stack.url, alice["token"])
    bad = ["not json", "[1, 2]", json.dumps({"type": "dance", "ref": 1}),
           json.dumps({"type": "subscribe", "ref": 2}),
           json.dumps({"type": "subscribe", "game_id": "g", "as": "king", "ref": 3}),
           json.dumps({"type": "move", "game_id": "g", "move": "place", "ref": 4}),
           json.dumps({"type": "subscribe", "game_id": "no.such.game", "as": "spectator", "ref": 5}),
           json.dumps({"type": "subscribe", "game_id": "missing", "as": "spectator", "ref": 6})]
    for text in bad:
        await socket.send(text)
    await socket.ws.send_bytes(b"\x00\x01")
    await socket.send({"type": "ping", "ref": "still-there"})
    await socket.wait_for(is_type("pong", ref="still-there"))
    errors = socket.of_type("error")
    assert len(errors) == len(bad) + 1
    assert {e["code"] for e in errors} <= {"malformed", "not_found"}
    assert [e["ref"] for e in errors if e["ref"] is not None] == [1, 2, 3, 4, 5, 6]
    await socket.close()


async def test_a_move_over_the_socket_is_seen_live_by_both_seats(stack: Stack) -> None:
    alice, bob = await players(stack, "Alice", "Bob")
    game_id = await create_game(stack, [alice["player_id"], bob["player_id"]])
    a = await SocketClient.connect(stack.http, stack.url, alice["token"])
    b = await SocketClient.connect(stack.http, stack.url, bob["token"])
    await a.send({"type": "subscribe", "game_id": game_id, "as": 0})
    await b.send({"type": "subscribe", "game_id": game_id, "as": 1})
    first = await a.wait_for(is_type("view", game_id=game_id))
    await b.wait_for(is_type("view", game_id=game_id))
    move, _ = await first_legal_move(stack, game_id, 0)
    await a.send({"type": "move", "game_id": game_id, "move": move, "expected_version": first["version"],
                  "command_id": "m1"})
    ack = await a.wait_for(is_type("ack", command_id="m1"))
    seen_by_b = await b.wait_for(is_type("view", version=ack["version"]))
    assert seen_by_b["last_move"] == {"seat": 0, "move": move}
    assert (await a.wait_for(is_type("view", version=ack["version"])))["view"]["hand"]
    await a.send({"type": "move", "game_id": game_id, "move": move, "expected_version": ack["version"],
                  "command_id": "m2", "ref": "again"})
    assert (await a.wait_for(is_type("error", ref="again")))["code"] in ("illegal_move", "stale")
    await a.close()
    await b.close()


async def test_a_reconnect_with_its_last_version_misses_and_repeats_nothing(stack: Stack) -> None:
    alice, bob = await players(stack, "Alice", "Bob")
    ids = [alice["player_id"], bob["player_id"]]
    game_id = await create_game(stack, ids)
    socket = await SocketClient.connect(stack.http, stack.url, alice["token"])
    await socket.send({"type": "subscribe", "game_id": game_id, "as": 0})
    last = (await socket.wait_for(is_type("resynced", game_id=game_id)))["version"]
    await socket.close()
    now = await play_random_moves(stack, game_id, 6, random.Random(3), ids)
    again = await SocketClient.connect(stack.http, stack.url, alice["token"])
    await again.send({"type": "subscribe", "game_id": game_id, "as": 0, "since_version": last})
    await again.wait_for(is_type("resynced", version=now))
    final = await play_random_moves(stack, game_id, 3, random.Random(4), ids)
    await again.wait_for(is_type("view", version=final))
    assert again.versions(game_id) == list(range(last + 1, final + 1))
    await again.close()


async def test_two_hundred_sockets_receive_every_update_of_their_games_in_order(stack: Stack) -> None:
    games, per_game, moves = 10, 20, 12
    names = [f"P{n}" for n in range(games * per_game)]
    accounts = await asyncio.gather(*(sign_in(stack.http, stack.url, name) for name in names))
    sockets = await asyncio.gather(*(SocketClient.connect(stack.http, stack.url, a["token"])
                                     for a in accounts))
    game_ids, owners = [], []
    for g in range(games):
        table = accounts[g * per_game: g * per_game + 2]
        owners.append([a["player_id"] for a in table])
        game_ids.append(await create_game(stack, owners[-1], seed=g))
    for n, socket in enumerate(sockets):
        g, k = divmod(n, per_game)
        await socket.send({"type": "subscribe", "game_id": game_ids[g], "as": k if k < 2 else "spectator"})
    await asyncio.gather(*(s.wait_for(is_type("resynced")) for s in sockets))
    finals = await asyncio.gather(*(play_random_moves(stack, game_ids[g], moves, random.Random(g), owners[g])
                                    for g in range(games)))
    for n, socket in enumerate(sockets):
        await socket.wait_for(is_type("view", version=finals[n // per_game]), timeout=30)
    for n, socket in enumerate(sockets):
        seen = socket.versions(game_ids[n // per_game])
        assert seen == list(range(seen[0], finals[n // per_game] + 1)), f"socket {n}: {seen}"
    await asyncio.gather(*(s.close() for s in sockets))


async def test_players_on_different_gateways_see_each_others_moves(stack: Stack, nats_url: str) -> None:
    second = await start_test_gateway(nats_url, f"127.0.0.1:{stack.game.server.port}")
    try:
        alice, bob = await players(stack, "Alice", "Bob")
        game_id = await create_game(stack, [alice["player_id"], bob["player_id"]])
        a = await SocketClient.connect(stack.http, stack.url, alice["token"])
        b = await SocketClient.connect(stack.http, second.url, bob["token"])
        await a.send({"type": "subscribe", "game_id": game_id, "as": 0})
        await b.send({"type": "subscribe", "game_id": game_id, "as": 1})
        first = await a.wait_for(is_type("resynced", game_id=game_id))
        await b.wait_for(is_type("resynced", game_id=game_id))
        move, _ = await first_legal_move(stack, game_id, 0)
        await a.send({"type": "move", "game_id": game_id, "move": move, "expected_version": first["version"]})
        ack = await a.wait_for(is_type("ack"))
        assert (await b.wait_for(is_type("view", version=ack["version"])))["last_move"]["move"] == move
        await a.close()
        await b.close()
    finally:
        await second.stop()
