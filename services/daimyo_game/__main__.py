"""`python -m daimyo_game [serve|relay|migrate|replay GAME_ID [--at K] [--seat S]]`.

`serve` (the default) runs gRPC, `/metrics` and — unless DAIMYO_GAME_RELAY=off — the relay in
one process; `relay` runs only the relay; `migrate` applies the event store's and the game
service's migrations and exits; `replay` prints a game rebuilt from the database.
"""

from __future__ import annotations

import argparse
import asyncio
from dataclasses import replace

from daimyo_game.bootstrap import GameApp, Settings, build, caller_auth, migrate, servicers, supervise_relay
from daimyo_game.errors import GameError
from daimyo_kit import logging as log
from daimyo_kit import shutdown
from daimyo_kit.grpc_server import serve
from daimyo_kit.metrics import serve_metrics


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m daimyo_game", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("serve", help="gRPC + metrics (+ the relay unless DAIMYO_GAME_RELAY=off)")
    commands.add_parser("relay", help="only the relay (NATS fan-out)")
    commands.add_parser("migrate", help="apply pending migrations (event store, then catalogue) and exit")
    replay = commands.add_parser("replay", help="print a game rebuilt from the database")
    replay.add_argument("game_id")
    replay.add_argument("--at", type=int, default=0, help="version to show (default: the newest)")
    replay.add_argument("--seat", type=int, default=None, help="whose view (default: a spectator's)")
    return parser


async def _serve(settings: Settings) -> None:
    auth = caller_auth(settings)  # before anything starts: no callers configured, no service
    app = await build(settings)
    serve_metrics(settings.metrics_port, settings.bind_host)
    if settings.relay:
        app.start_relay()
    try:
        await serve(servicers(app), settings.grpc_port, host=settings.bind_host, interceptors=[auth])
    finally:
        await app.close()


async def _relay(settings: Settings) -> None:
    app = await build(replace(settings, relay=True))
    serve_metrics(settings.metrics_port, settings.bind_host)
    try:
        await supervise_relay(app)
    finally:
        await app.close()


async def _replay(settings: Settings, game_id: str, at: int, seat: int | None) -> int:
    app = await build(replace(settings, relay=False))
    try:
        print(await render_game(app, game_id, at, seat))
        return 0
    except GameError as e:
        print(f"error: {e}")
        return 2
    finally:
        await app.close()


async def render_game(app: GameApp, game_id: str, at: int, seat: int | None) -> str:
    """The engine's rendering of `game_id` at version `at` (0: newest) as `seat` sees it."""
    view = await app.handlers.replay(game_id, at, seat)
    record = await app.handlers.repository.load_at(game_id, view.version)
    who = "spectator" if seat is None else f"seat {seat}"
    header = f"game {game_id} ({view.game}) at version {view.version}, as {who}"
    return f"{header}\n{record.engine.render(record.state, seat)}"


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    settings = Settings.from_env()
    log.configure("game", settings.log_level)
    if args.command == "replay":
        return asyncio.run(_replay(settings, args.game_id, args.at, args.seat))
    if args.command == "migrate":
        applied = asyncio.run(migrate(settings))
        print(f"{settings.schema}: applied {', '.join(applied) if applied else 'nothing (up to date)'}")
        return 0
    shutdown.run(_relay(settings) if args.command == "relay" else _serve(settings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
