"""Helpers for tests and benchmarks of the game service: an in-process server on a fresh port, a
gRPC client, and a player that picks random legal moves from a seat's view alone (as a web
client would — without importing the engine).

They live in the test tree, not in `daimyo_game`, because they name a game: the games they
create and the moves they read from a view are Samurai's (`create_samurai`, `moves_from_legal`),
and shared service code names no game (issue 15: a game is a plug-in). Tests, benchmarks and the
load run import this as `tests.support.game_service`; a script run by path puts the repository
root on `sys.path` first (as tests/golden/regenerate.py does)."""

from __future__ import annotations

import json
import os
import random
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import grpc

from daimyo_game.bootstrap import GameApp, Settings, build, start_grpc
from daimyo_kit import credentials, grpc_client
from daimyo_kit.grpc_server import RunningServer
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc


def settings_for(database_url: str, nats_url: str, schema: str, **overrides: Any) -> Settings:
    """Settings on a free port whose callers are this process's credentials (tests/conftest.py)."""
    base = Settings(database_url, schema, nats_url, grpc_port=0, metrics_port=0,
                    callers=credentials.grpc_callers(os.environ))
    return replace(base, **overrides)


def role_stub(target: str, role: str) -> tuple[grpc.aio.Channel, Any]:
    """A channel and GameService stub authenticated as `role` (credentials from the environment)."""
    channel = grpc_client.channel(target, role=role)
    return channel, game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call,unused-ignore]


def routed(address: str) -> tuple[list[grpc.aio.Channel], RoutedStub]:
    """One channel per client role to `address`, and the RoutedStub over them."""
    pairs = {role: role_stub(address, role) for role in credentials.GRPC_CLIENT_ROLES}
    return [pair[0] for pair in pairs.values()], RoutedStub({role: pair[1] for role, pair in pairs.items()})


class RoutedStub:
    """The stub most tests use: each call goes out as its real caller would make it — CreateGame
    as matchmaking; a call naming a player, or a spectator's, as the gateway; a seat without a
    player as the bot driver when a bot plays it, else as the gateway serving the seat's player
    (looked up like the gateway does) — so every test also passes the service's caller checks.
    Tests of the checks themselves use `role_stub`."""

    def __init__(self, stubs: dict[str, Any]) -> None:
        self._stubs = stubs

    def __getattr__(self, method: str) -> Any:
        if method.startswith("_"):  # not an RPC (printers and copiers probe such names)
            raise AttributeError(method)

        async def call(request: Any, **kwargs: Any) -> Any:
            role = await self._route(method, request)
            return await getattr(self._stubs[role], method)(request, **kwargs)
        return call

    async def _route(self, method: str, request: Any) -> str:
        if method == "CreateGame":
            return "matchmaking"
        seat = _seat_asked(method, request)
        if seat is None or _asserted_player(request):
            return "gateway"
        owner = await self._human_owner(request.game_id, seat)
        if owner is None:
            return "driver"
        _assert_player(request, owner)
        return "gateway"

    async def _human_owner(self, game_id: str, seat: int) -> str | None:
        """The player of `seat` while no bot plays it (None: a bot plays it, or no such game)."""
        gateway = self._stubs["gateway"]
        try:
            state = await gateway.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))
            events = await gateway.ListEvents(game_pb2.ListEventsRequest(game_id=game_id, viewer=spectator()))
        except grpc.aio.AioRpcError:
            return None
        seats = json.loads(events.events[0].data_json).get("seats", []) if events.events else []
        taken = {t.seat for t in state.takeovers}
        owner = seats[seat].get("player_id") if 0 <= seat < len(seats) else None
        return None if owner is None or (seat in taken and not state.finished) else str(owner)


def _seat_asked(method: str, request: Any) -> int | None:
    if method == "SubmitMove":
        return int(request.seat)
    viewer = getattr(request, "viewer", None)
    return int(viewer.seat) if viewer is not None and viewer.WhichOneof("who") == "seat" else None


def _asserted_player(request: Any) -> str:
    viewer = getattr(request, "viewer", None)
    return str(getattr(request, "player_id", "") or (viewer.player_id if viewer is not None else ""))


def _assert_player(request: Any, player_id: str) -> None:
    if hasattr(request, "player_id"):
        request.player_id = player_id
    else:
        request.viewer.player_id = player_id


@dataclass
class RunningGameService:
    app: GameApp
    server: RunningServer
    channels: list[grpc.aio.Channel]
    stub: Any
    address: str = ""

    async def stop(self, grace: float = 0.5) -> None:
        for channel in self.channels:
            await channel.close()
        await self.server.stop(grace)
        await self.app.close()


async def start_service(settings: Settings, relay: bool = True,
                        now_ms: Callable[[], int] | None = None) -> RunningGameService:
    """A running service; `now_ms` replaces its clock (game clocks, the timekeeper) in tests."""
    app = await build(settings, now_ms=now_ms) if now_ms else await build(settings)
    if relay:
        app.start_relay()
    server = await start_grpc(app, 0, "127.0.0.1")
    address = f"127.0.0.1:{server.port}"
    channels, stub = routed(address)
    return RunningGameService(app, server, channels, stub, address)


@asynccontextmanager
async def game_service(settings: Settings, relay: bool = True,
                       now_ms: Callable[[], int] | None = None) -> AsyncIterator[RunningGameService]:
    service = await start_service(settings, relay, now_ms)
    try:
        yield service
    finally:
        await service.stop()


async def create_samurai(stub: Any, players: int = 2, seed: int | None = None, **config: Any) -> str:
    seats = [game_pb2.Seat(player_id=f"p{n}") for n in range(players)]
    request = game_pb2.CreateGameRequest(game="samurai", seats=seats, command_id=uuid.uuid4().hex,
                                         config_json=json.dumps({"random_setup": True, **config}))
    if seed is not None:
        request.seed = seed
    return str((await stub.CreateGame(request)).game_id)


def spectator() -> Any:
    return game_pb2.Viewer(spectator=True)


def seat_viewer(seat: int, player_id: str = "") -> Any:
    """A seat's eyes; while the game runs, `player_id` must be its player (or a bot plays it)."""
    return game_pb2.Viewer(seat=seat, player_id=player_id)


def moves_from_legal(legal: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Every move the compact `legal` structure of a Samurai view offers (a sample for hands)."""
    moves: list[dict[str, Any]] = []
    for tile, hexes in legal.get("place", {}).items():
        moves += [{"type": "place", "tile": tile, "hex": h} for h in hexes]
    for settlement, figures in legal.get("place_figure", {}).items():
        moves += [{"type": "place_figure", "settlement": settlement, "figure": f} for f in figures]
    for source, targets in legal.get("tile_swap", {}).items():
        moves += [{"type": "tile_swap", "from": source, "to": t} for t in targets]
    for a_s, a_f, b_s, b_f in legal.get("figure_swap", []):
        moves.append({"type": "figure_swap", "a": {"settlement": a_s, "figure": a_f},
                      "b": {"settlement": b_s, "figure": b_f}})
    choose = legal.get("choose_hand")
    if isinstance(choose, dict):
        moves.append({"type": "choose_hand", "tiles": rng.sample(choose["from"], choose["count"])})
    moves += [{"type": kind} for kind in ("end_turn", "pass") if legal.get(kind) is True]
    return moves


def random_move_from_legal(legal: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """One of the moves `moves_from_legal` lists, each as likely, without building them all (the
    load run draws one per move: listing every placement cost its client a fifth of its CPU)."""
    groups: list[tuple[int, Callable[[int], dict[str, Any]]]] = []
    for kind, key, value in (("place", "tile", "hex"), ("place_figure", "settlement", "figure"),
                             ("tile_swap", "from", "to")):
        for source, targets in legal.get(kind, {}).items():
            groups.append((len(targets), partial(_pair_move, kind, key, value, source, targets)))
    swaps = legal.get("figure_swap", [])
    groups.append((len(swaps), lambda n: {"type": "figure_swap",
                                          "a": {"settlement": swaps[n][0], "figure": swaps[n][1]},
                                          "b": {"settlement": swaps[n][2], "figure": swaps[n][3]}}))
    choose = legal.get("choose_hand")
    if isinstance(choose, dict):
        groups.append((1, lambda _n: {"type": "choose_hand",
                                      "tiles": rng.sample(choose["from"], choose["count"])}))
    for kind in ("end_turn", "pass"):
        if legal.get(kind) is True:
            groups.append((1, partial(_plain_move, kind)))
    total = sum(count for count, _ in groups)
    if not total:
        return None
    pick = rng.randrange(total)
    for count, move_at in groups:
        if pick < count:
            return move_at(pick)
        pick -= count
    raise AssertionError("unreachable: pick < total")


def _pair_move(kind: str, a: str, b: str, source: str, targets: list[Any], n: int) -> dict[str, Any]:
    """The `n`-th move of a group that pairs `source` with each of its `targets`."""
    return {"type": kind, a: source, b: targets[n]}


def _plain_move(kind: str, _n: int) -> dict[str, Any]:
    return {"type": kind}


async def play_random_move(stub: Any, game_id: str, rng: random.Random) -> Any:
    """One random legal move by a seat that may act; the SubmitMove response (None when finished)."""
    state = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))
    if state.finished or not state.to_act:
        return None
    seat = rng.choice(list(state.to_act))
    request = game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(seat, f"p{seat}"))
    view = json.loads((await stub.GetView(request)).view_json)
    move = rng.choice(moves_from_legal(view["legal"], rng))
    return await stub.SubmitMove(game_pb2.SubmitMoveRequest(
        game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=state.version,
        command_id=uuid.uuid4().hex, player_id=f"p{seat}"))
