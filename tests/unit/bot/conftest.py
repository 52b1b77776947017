"""One warm search pool and handler set shared by the bot tests (worker start-up is slow)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool


@pytest.fixture(scope="session")
async def bot_handlers() -> AsyncIterator[BotHandlers]:
    pool = SearchPool(2)
    await pool.warm_up()
    yield BotHandlers(build_levels(pool))
    pool.close()
