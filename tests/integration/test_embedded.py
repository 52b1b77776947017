"""Embedded servers for `make run` and tests: they start, answer, keep data, and stop."""

from __future__ import annotations

from pathlib import Path

import nats
import psycopg
import pytest

from daimyo_devkit.embedded import free_port, port_answers, start_nats, start_postgres
from daimyo_kit import credentials

pytestmark = pytest.mark.integration


async def test_an_embedded_nats_has_jetstream_and_stops(tmp_path: Path) -> None:
    server = start_nats(tmp_path / "nats")
    try:
        user, password = credentials.nats_login(None, server.credentials) or ("", "")
        client = await nats.connect(server.url, user=user, password=password)
        await client.jetstream().add_stream(name="EMBEDDED_CHECK", subjects=["embedded.check"])
        info = await client.jetstream().account_info()
        await client.close()
        assert info.streams == 1
    finally:
        server.stop()
    assert server.process.poll() is not None
    assert not port_answers("127.0.0.1", int(server.url.rsplit(":", 1)[1]))


@pytest.mark.slow
def test_an_embedded_postgres_keeps_its_data_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "pg"
    first = start_postgres(data)
    with psycopg.connect(first.url, autocommit=True) as conn:
        conn.execute("CREATE TABLE kept (n int)")
        conn.execute("INSERT INTO kept VALUES (42)")
    first.stop()
    second = start_postgres(data)
    try:
        with psycopg.connect(second.url) as conn:
            assert conn.execute("SELECT n FROM kept").fetchone() == (42,)
    finally:
        second.stop()


def test_a_free_port_is_not_answering() -> None:
    assert not port_answers("127.0.0.1", free_port())
