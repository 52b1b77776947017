"""`python -m daimyo_bot [serve|driver]`.

`serve` (the default) runs the bot gRPC service (50053) with its search workers and
`/metrics` (9103); `driver` runs the bot driver, which plays bot seats through the game
service on every turn notice.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

import grpc

from daimyo_bot.bootstrap import Settings, build, servicers
from daimyo_bot.driver import QUEUE_GROUP, Driver
from daimyo_bus import Bus, subjects
from daimyo_kit import logging as log
from daimyo_kit.grpc_server import serve
from daimyo_kit.metrics import serve_metrics
from daimyo_proto.daimyo.bot.v1 import bot_pb2_grpc
from daimyo_proto.daimyo.game.v1 import game_pb2_grpc

_log = log.get_logger("daimyo_bot")


async def _serve(settings: Settings) -> None:
    app = await build(settings)
    serve_metrics(settings.metrics_port)
    try:
        await serve(servicers(app), settings.grpc_port)
    finally:
        app.close()


async def _drive(settings: Settings) -> None:
    bus = await Bus.connect(settings.nats_url, name="daimyo-bot-driver")
    game_channel = grpc.aio.insecure_channel(settings.game_addr)
    bot_channel = grpc.aio.insecure_channel(settings.bot_addr)
    game = game_pb2_grpc.GameServiceStub(game_channel)  # type: ignore[no-untyped-call,unused-ignore]
    bot = bot_pb2_grpc.BotServiceStub(bot_channel)  # type: ignore[no-untyped-call,unused-ignore]
    driver = Driver(game, bot,
                    settings.driver_deadline_ms / 1000)
    await bus.subscribe(subjects.ALL_TURNS, driver.on_turn, queue=QUEUE_GROUP)
    sweeper = asyncio.create_task(driver.sweep_forever(settings.sweep_seconds))
    _log.info("driver_started", game=settings.game_addr, bot=settings.bot_addr)
    try:
        await _until_signalled()
    finally:
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await bus.close()
        await driver.drain()
        await game_channel.close()
        await bot_channel.close()


async def _until_signalled() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m daimyo_bot", description=__doc__)
    parser.add_argument("command", nargs="?", default="serve", choices=("serve", "driver"))
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    log.configure("bot", settings.log_level)
    if args.command == "driver":
        serve_metrics(settings.driver_metrics_port)
        asyncio.run(_drive(settings))
    else:
        asyncio.run(_serve(settings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
