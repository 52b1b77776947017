"""Private servers for the resilience tests: this directory's tests stop and start them, so
they never touch the machine's shared Postgres and NATS.

One Postgres serves the whole directory (each cluster takes fresh schemas); each test gets
its own NATS, so JetStream streams and durable consumers never leak between tests.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.resilience.servers import PrivateNats, PrivatePostgres, running_nats, running_postgres

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def private_postgres() -> Iterator[PrivatePostgres]:
    with running_postgres("daimyo-resilience-pg-") as server:
        yield server


@pytest.fixture
def private_nats(tmp_path: Path) -> Iterator[PrivateNats]:
    with running_nats(tmp_path / "nats") as server:
        yield server


@pytest.fixture
def log_dir(request: pytest.FixtureRequest) -> Path:
    """Service logs under test-artifacts/, kept after the run for a post-mortem."""
    return REPO / "test-artifacts" / "resilience" / str(request.node.name)


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        yield session
