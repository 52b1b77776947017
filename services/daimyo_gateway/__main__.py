"""`python -m daimyo_gateway`: serve HTTP + WebSocket until SIGTERM/SIGINT."""

from __future__ import annotations

import asyncio
import signal
import sys

from daimyo_gateway.bootstrap import MissingSecret, start_gateway, token_secret
from daimyo_kit.config import Config
from daimyo_kit.logging import configure, get_logger


async def serve() -> None:
    config = Config.from_env("gateway")
    configure("gateway", config.log_level)
    gateway = await start_gateway(config, token_secret(), host=config.bind_host)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print(f"daimyo gateway on {gateway.url}", flush=True)
    await stop.wait()
    get_logger("daimyo_gateway").info("gateway_stopping")
    await gateway.stop()


def main() -> None:
    try:
        asyncio.run(serve())
    except MissingSecret as e:
        print(f"daimyo-gateway: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
