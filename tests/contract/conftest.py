"""The event-store contract runs against every implementation: in-memory and Postgres."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daimyo_store import InMemoryEventStore, PostgresEventStore, Upcasters
from daimyo_store.api import EventStore
from tests.contract.support import StoreFactory


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.integration)])
def store_target(request: pytest.FixtureRequest) -> tuple[str, str, str]:
    if request.param == "memory":
        return ("memory", "", "")
    return ("postgres", request.getfixturevalue("database_url"), request.getfixturevalue("fresh_schema"))


@pytest.fixture
async def make_store(store_target: tuple[str, str, str]) -> AsyncIterator[StoreFactory]:
    """Opens stores of the implementation under test (Postgres ones share the test's schema)."""
    kind, url, schema = store_target
    opened: list[InMemoryEventStore | PostgresEventStore] = []

    async def make(upcasters: Upcasters | None = None) -> EventStore:
        if kind == "memory":
            store: InMemoryEventStore | PostgresEventStore = InMemoryEventStore(upcasters)
        else:
            store = await PostgresEventStore.open(url, schema, upcasters, max_size=12)
        opened.append(store)
        return store

    yield make
    for store in opened:
        await store.close()


@pytest.fixture
async def store(make_store: StoreFactory) -> EventStore:
    return await make_store()
