"""`python -m daimyo_gateway`: serve HTTP + WebSocket until SIGTERM/SIGINT (`daimyo_kit.shutdown`)."""

from __future__ import annotations

import asyncio
import sys

from daimyo_gateway.bootstrap import MissingSecret, start_gateway, token_secret
from daimyo_kit import shutdown
from daimyo_kit.config import Config
from daimyo_kit.logging import configure, get_logger


async def serve() -> None:
    config = Config.from_env("gateway")
    configure("gateway", config.log_level)
    gateway = await start_gateway(config, token_secret(), host=config.bind_host)
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
