"""`python -m daimyo_gateway`: serve HTTP + WebSocket until SIGTERM/SIGINT (`daimyo_kit.shutdown`)."""

from __future__ import annotations

import asyncio
import sys

from daimyo_gateway.bootstrap import start_gateway
from daimyo_gateway.settings import MissingSecret, Settings
from daimyo_kit import shutdown
from daimyo_kit.logging import configure, get_logger


async def serve() -> None:
    settings = Settings.from_env()
    configure("gateway", settings.config.log_level)
    gateway = await start_gateway(settings.config, settings.secret, host=settings.config.bind_host,
                                  edge=settings.edge, with_accounts=True)
    print(f"daimyo gateway on {gateway.url}", flush=True)
    try:
        await asyncio.Event().wait()  # until SIGTERM cancels this
    finally:
        get_logger("daimyo_gateway").info("gateway_stopping")
        await gateway.stop()


def main() -> None:
    try:
        shutdown.run(serve())
    except MissingSecret as e:
        print(f"daimyo-gateway: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
