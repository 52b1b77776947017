"""Game service figures on real Postgres and NATS, in one process.

1. Load-and-replay of one long Samurai game (4 players, manual setup, a slow policy: one tile a
   turn) from a cold cache: full replay vs snapshot + tail (snapshots every 50 events).
2. SubmitMove → the mover's view on NATS: 50 games played at once through gRPC from pushed views,
   each move timed from the call until the relay's message for that version reaches a subscriber
   (p50/p99) — once paced (0.5 s think time per move), once flat out (a closed loop: latency
   then is mostly queueing behind the other 49 games on one Python process).

Servers: DAIMYO_DATABASE_URL / DAIMYO_NATS_URL, else 127.0.0.1:5432 / :4222, else embedded.
Everything runs in a fresh schema that is dropped at the end.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: tests.support

import psycopg
import structlog
from psycopg import sql

from daimyo_bus.bus import Bus
from daimyo_devkit.commands import end_with_starter
from daimyo_devkit.embedded import port_answers, start_nats, start_postgres
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.handlers import GameHandlers
from daimyo_game.repository import GameRepository
from daimyo_kit import credentials
from daimyo_proto.daimyo.game.v1 import game_pb2
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from tests.support.game_service import create_samurai, moves_from_legal, settings_for, start_service

DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
GAMES = 50
MOVES_PER_GAME = 12
THINK_SECONDS = (0.5, 0.0)  # paced like bots/people (about 100 moves/s offered), then flat out
LOADS = 20


def servers(stack: ExitStack) -> tuple[str, str]:
    database_url = os.environ.get("DAIMYO_DATABASE_URL") or _local(DEFAULT_DATABASE_URL, 5432)
    nats_url = os.environ.get("DAIMYO_NATS_URL") or _local("nats://127.0.0.1:4222", 4222)
    tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
    if not database_url:
        pg = start_postgres(tmp / "pg", die_with_parent=True)
        stack.callback(pg.stop)
        database_url = pg.url
    if not nats_url:
        nats = start_nats(tmp / "nats", credentials=os.environ, die_with_parent=True)
        os.environ.update(nats.credentials)  # the bench's own bus logs in as the operator
        stack.callback(nats.stop)
        nats_url = nats.url
    return database_url, nats_url


def _local(url: str, port: int) -> str:
    return url if port_answers("127.0.0.1", port) else ""


def slow_move(engine: Any, state: Any, seat: int, rng: Rng) -> Any:
    """End the turn as soon as allowed (long games); otherwise a random legal move."""
    moves = list(engine.legal_moves(state, seat))
    for move in moves:
        if engine.move_to_json(move)["type"] in ("end_turn", "pass"):
            return engine.move_to_json(move)
    return engine.move_to_json(moves[rng.below(len(moves))])


async def longest_game(handlers: GameHandlers, seeds: range) -> tuple[str, int]:
    best = ("", 0)
    for seed in seeds:
        seats = tuple(SeatSpec(bot_level="slow") for _ in range(4))
        config = {"players": 4, "random_setup": False}
        game_id, version = await handlers.create_game(CreateGame("samurai", config, seats, seed=seed))
        rng = Rng(seed)
        record = await handlers.repository.load(game_id)
        while to_act := record.engine.to_act(record.state):
            move = slow_move(record.engine, record.state, to_act[0], rng)
            version = (await handlers.submit_move(SubmitMove(game_id, to_act[0], move, version))).version
            record = await handlers.repository.load(game_id)
        best = max(best, (game_id, version), key=lambda g: g[1])
    return best


async def time_loads(repository: GameRepository, game_id: str) -> float:
    times = []
    for _ in range(LOADS):
        started = time.perf_counter()
        await repository.load(game_id)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def bench_replay(database_url: str, nats_url: str, schema: str) -> list[tuple[str, str]]:
    from daimyo_game.bootstrap import build

    app = await build(settings_for(database_url, nats_url, schema, snapshot_every=50, relay=False))
    try:
        game_id, version = await longest_game(app.handlers, range(6))
        store = app.store
        full = await time_loads(GameRepository(store, get_game, cache_size=0, snapshot_every=0), game_id)
        snap = await time_loads(GameRepository(store, get_game, cache_size=0, snapshot_every=50), game_id)
        started = time.perf_counter()
        for _ in range(LOADS):
            await store.read_stream(f"game-{game_id}")
        read = (time.perf_counter() - started) / LOADS
    finally:
        await app.close()
    return [
        ("events in the longest game (of 6 seeds)", f"{version}"),
        ("load, full replay (median)", f"{full * 1000:.1f} ms"),
        ("load, snapshot + tail (median)", f"{snap * 1000:.1f} ms"),
        ("  of which reading all events", f"{read * 1000:.1f} ms"),
        ("full replay per event", f"{full / version * 1e6:.0f} µs"),
    ]


class Arrivals:
    """Every seat's pushed view, by (game, seat, version), with the time it reached us."""

    def __init__(self) -> None:
        self.waiters: dict[tuple[str, int, int], asyncio.Future[tuple[float, Any]]] = {}

    def expect(self, game_id: str, seat: int, version: int) -> asyncio.Future[tuple[float, Any]]:
        return self.waiters.setdefault((game_id, seat, version), asyncio.get_running_loop().create_future())

    async def __call__(self, subject: str, message: Any) -> None:
        future = self.expect(message.game_id, message.seat, message.version)
        if not future.done():
            future.set_result((time.perf_counter(), message.body))


async def play_timed(stub: Any, game_id: str, arrivals: Arrivals, think: float, out: list[float]) -> None:
    """Play from pushed views only, as a client would: each move timed until its view arrives."""
    rng = random.Random(game_id)
    version = 1
    for _ in range(MOVES_PER_GAME):
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        _, any_view = await asyncio.wait_for(arrivals.expect(game_id, 0, version), 30)
        if any_view["finished"]:
            return
        seat = any_view["to_act"][0]
        _, message = await asyncio.wait_for(arrivals.expect(game_id, seat, version), 30)
        move = rng.choice(moves_from_legal(message["view"]["legal"], rng))
        started = time.perf_counter()
        response = await stub.SubmitMove(game_pb2.SubmitMoveRequest(
            game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=version,
            command_id=uuid.uuid4().hex))
        version = response.version
        arrived, _ = await asyncio.wait_for(arrivals.expect(game_id, seat, version), 30)
        out.append(arrived - started)


async def bench_latency(database_url: str, nats_url: str, schema: str, think: float) -> list[tuple[str, str]]:
    service = await start_service(settings_for(database_url, nats_url, schema))
    bus = await Bus.connect(nats_url)
    arrivals = Arrivals()
    await bus.subscribe("daimyo.game.*.seat.*", arrivals)
    try:
        games = [await create_samurai(service.stub, players=2, seed=n) for n in range(GAMES)]
        latencies: list[float] = []
        started = time.perf_counter()
        await asyncio.gather(*(play_timed(service.stub, g, arrivals, think, latencies) for g in games))
        wall = time.perf_counter() - started
    finally:
        await bus.close()
        await service.stop()
    ordered = sorted(latencies)
    pace = f"{GAMES} games, think {think:.1f} s" if think else f"{GAMES} games, no think time"
    return [
        (f"[{pace}] moves timed", f"{len(ordered)}"),
        (f"[{pace}] SubmitMove → view on NATS p50", f"{ordered[len(ordered) // 2] * 1000:.1f} ms"),
        (f"[{pace}] SubmitMove → view on NATS p99", f"{ordered[int(len(ordered) * 0.99)] * 1000:.1f} ms"),
        (f"[{pace}] moves per second", f"{len(ordered) / wall:.0f}"),
    ]


async def main() -> None:
    os.environ.update(credentials.env_additions(os.environ))  # the in-process service's callers, as in tests
    logging.disable(logging.WARNING)  # psycopg warns when the relay is cancelled mid-query at the end
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    with ExitStack() as stack:
        database_url, nats_url = servers(stack)
        schema = f"bench_game_{uuid.uuid4().hex[:8]}"
        try:
            rows = await bench_replay(database_url, nats_url, schema)
            for think in THINK_SECONDS:
                rows += await bench_latency(database_url, nats_url, schema, think)
        finally:
            with psycopg.connect(database_url, autocommit=True) as conn:
                conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
    width = max(len(name) for name, _ in rows)
    print(f"{'measure':<{width}}  value")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    sys.exit(asyncio.run(main()))
