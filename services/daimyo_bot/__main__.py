"""`python -m daimyo_bot [serve|driver]`.

`serve` (the default) runs the bot gRPC service (50053) with its search workers, `/metrics`
(9103) and — unless DAIMYO_BOT_DRIVER=off — the bot driver in the same process; `driver`
runs only the driver, which plays bot seats through the game service on every turn notice.
"""

from __future__ import annotations

import argparse
import asyncio

from daimyo_bot.bootstrap import Settings, build, caller_auth, servicers, supervise_driver
from daimyo_kit import logging as log
from daimyo_kit import shutdown
from daimyo_kit.grpc_server import serve
from daimyo_kit.metrics import serve_metrics


async def _serve(settings: Settings) -> None:
    auth = caller_auth(settings)  # before anything starts: no callers configured, no service
    app = await build(settings)
    serve_metrics(settings.metrics_port, settings.bind_host)
    driver = asyncio.create_task(supervise_driver(settings)) if settings.driver else None
    try:
        await serve(servicers(app), settings.grpc_port, host=settings.bind_host, interceptors=[auth],
                    on_stopping=lambda: _cancel(driver))
    finally:
        app.close()


async def _cancel(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        await shutdown.bounded(asyncio.gather(task, return_exceptions=True), shutdown.share(0.5), "driver")


async def _drive(settings: Settings) -> None:
    """The driver alone, until `shutdown.run` cancels this on SIGTERM."""
    serve_metrics(settings.metrics_port, settings.bind_host)
    driver = asyncio.create_task(supervise_driver(settings))
    try:
        await asyncio.Event().wait()
    finally:
        await _cancel(driver)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m daimyo_bot", description=__doc__)
    parser.add_argument("command", nargs="?", default="serve", choices=("serve", "driver"))
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    log.configure("bot", settings.log_level)
    shutdown.run(_drive(settings) if args.command == "driver" else _serve(settings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
