"""The notifier's Postgres schema: devices, preferences, notices and their deliveries.

Every method is one transaction. The sender claims due deliveries with `FOR UPDATE SKIP LOCKED`
and moves their `next_ms` past a claim lease, so replicas never send the same delivery at once
and a process killed mid-send leaves its claims to be taken again once the lease runs out —
at least once, and the push `Topic` (the notice's key) lets the push service keep one copy.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from daimyo_kit.retry import POOL_RECONNECT_TIMEOUT
from daimyo_notifier.domain import Notice, Preferences, after_quiet_hours
from daimyo_store.migrations import apply_migrations

DEFAULT_SCHEMA = "daimyo_notifier"
LEDGER = "notifier_migrations"
SUPERSEDED_KINDS = ("your_turn", "time_low")  # unsent, they mean nothing once the game moved on


@dataclass(frozen=True)
class Device:
    subscription_id: str
    player_id: str
    endpoint: str
    p256dh: str
    auth: str
    locale: str


@dataclass(frozen=True)
class Delivery:
    """One notice to one device, claimed for sending."""

    notice: Notice
    channel: str
    device: Device
    attempts: int


def open_pool(database_url: str, schema: str = DEFAULT_SCHEMA, max_size: int = 10) -> AsyncConnectionPool:
    """A pool (not yet opened) whose connections work inside `schema`."""
    return AsyncConnectionPool(
        database_url,
        min_size=1,
        max_size=max_size,
        open=False,
        kwargs={"options": f"-c search_path={schema}", "row_factory": dict_row},
        reconnect_timeout=POOL_RECONNECT_TIMEOUT,
    )


async def migrate(database_url: str, schema: str = DEFAULT_SCHEMA) -> list[str]:
    return await apply_migrations(database_url, schema, Path(__file__).parent / "migrations", LEDGER)


class NotifierStore:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    # -- notices ---------------------------------------------------------------------------------

    async def record(self, notices: Sequence[Notice]) -> int:
        """Keep `notices` (those already kept are not kept twice), first retiring the unsent turn
        notices of the same games at older versions; how many are new."""
        async with self._pool.connection() as conn, conn.transaction():
            for game_id, version in {(n.game_id, n.version) for n in notices}:
                await conn.execute(
                    "UPDATE notices SET state = 'superseded' WHERE game_id = %s AND version < %s"
                    " AND state = 'waiting' AND kind = ANY(%s)",
                    [game_id, version, list(SUPERSEDED_KINDS)],
                )
            cursor = conn.cursor()
            await cursor.executemany(
                "INSERT INTO notices"
                " (notice_key, player_id, kind, game_id, game, version, deadline_ms, due_ms)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (notice_key) DO NOTHING",
                [
                    (n.key, n.player_id, n.kind, n.game_id, n.game, n.version, n.deadline_ms, n.due_ms)
                    for n in notices
                ],
                returning=False,
            )
            return max(0, cursor.rowcount)

    async def expand_due(self, now_ms: int, limit: int = 1000) -> int:
        """Turn due notices into deliveries to the devices their players hold now (as their
        preferences allow; in quiet hours a notice waits until they end); how many expanded."""
        async with self._pool.connection() as conn, conn.transaction():
            rows = await _all(
                conn,
                "SELECT * FROM notices WHERE state = 'waiting' AND due_ms <= %s"
                " ORDER BY due_ms LIMIT %s FOR UPDATE SKIP LOCKED",
                [now_ms, limit],
            )
            players = {r["player_id"] for r in rows}
            prefs = await _preferences(conn, players)
            devices = await _devices(conn, players)
            expanded = [
                r
                for r in rows
                if await _expand(conn, r, prefs[r["player_id"]], devices.get(r["player_id"], []), now_ms)
            ]
            return len(expanded)

    async def claim(self, now_ms: int, lease_ms: int, limit: int) -> list[Delivery]:
        """Due deliveries, claimed for `lease_ms` (another sender takes them only after that)."""
        async with self._pool.connection() as conn, conn.transaction():
            rows = await _all(
                conn,
                "WITH due AS (SELECT notice_key, channel, subscription_id FROM deliveries"
                " WHERE sent_at IS NULL AND dropped IS NULL AND next_ms <= %s ORDER BY next_ms LIMIT %s"
                " FOR UPDATE SKIP LOCKED),"
                " claimed AS (UPDATE deliveries d SET next_ms = %s FROM due"
                " WHERE (d.notice_key, d.channel, d.subscription_id)"
                " = (due.notice_key, due.channel, due.subscription_id) RETURNING d.*)"
                " SELECT c.channel, c.attempts, n.*, s.subscription_id::text AS sid, s.player_id AS owner,"
                " s.endpoint, s.p256dh, s.auth, s.locale FROM claimed c JOIN notices n USING (notice_key)"
                " JOIN subscriptions s ON s.subscription_id = c.subscription_id",
                [now_ms, limit, now_ms + lease_ms],
            )
            return [_delivery(row) for row in rows]

    async def mark_sent(self, deliveries: Iterable[Delivery]) -> None:
        await self._update(deliveries, "sent_at = now()")

    async def drop(self, deliveries: Iterable[Delivery], reason: str) -> None:
        await self._update(deliveries, "dropped = %s", reason)

    async def retry(self, delivery: Delivery, next_ms: int) -> None:
        await self._update([delivery], "attempts = attempts + 1, next_ms = %s", next_ms)

    async def _update(self, deliveries: Iterable[Delivery], assignment: str, *args: Any) -> None:
        keys = [(d.notice.key, d.channel, d.device.subscription_id) for d in deliveries]
        if not keys:
            return
        async with self._pool.connection() as conn:
            await conn.execute(
                f"UPDATE deliveries SET {assignment} WHERE (notice_key, channel, subscription_id::text)"
                " IN (SELECT * FROM unnest(%s::text[], %s::text[], %s::text[]))",
                [*args, [k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]],
            )

    # -- devices and preferences -----------------------------------------------------------------

    async def subscribe(self, device: Device, per_player: int) -> Device:
        """Keep `device` (its endpoint again: new keys, owner and language); a player's oldest
        devices beyond `per_player` are forgotten."""
        async with self._pool.connection() as conn, conn.transaction():
            row = await _one(
                conn,
                "INSERT INTO subscriptions (subscription_id, player_id, endpoint, p256dh, auth, locale)"
                " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (endpoint) DO UPDATE SET player_id ="
                " excluded.player_id, p256dh = excluded.p256dh, auth = excluded.auth,"
                " locale = excluded.locale,"
                " created_at = now() RETURNING subscription_id::text",
                [uuid.uuid4(), device.player_id, device.endpoint, device.p256dh, device.auth, device.locale],
            )
            await conn.execute(
                "DELETE FROM subscriptions WHERE subscription_id IN"
                " (SELECT subscription_id FROM subscriptions"
                " WHERE player_id = %s ORDER BY created_at DESC OFFSET %s)",
                [device.player_id, per_player],
            )
            return Device(
                str(row["subscription_id"]),
                device.player_id,
                device.endpoint,
                device.p256dh,
                device.auth,
                device.locale,
            )

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        async with self._pool.connection() as conn:
            cursor = await conn.execute(
                "DELETE FROM subscriptions WHERE player_id = %s AND endpoint = %s", [player_id, endpoint]
            )
            return cursor.rowcount > 0

    async def forget_device(self, subscription_id: str) -> None:
        """The push service says the device is gone (404/410): no more deliveries to it."""
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("DELETE FROM subscriptions WHERE subscription_id = %s", [subscription_id])
            await conn.execute(
                "UPDATE deliveries SET dropped = 'gone' WHERE subscription_id = %s"
                " AND sent_at IS NULL AND dropped IS NULL",
                [subscription_id],
            )

    async def devices(self, player_id: str) -> int:
        async with self._pool.connection() as conn:
            row = await _one(
                conn, "SELECT count(*) AS n FROM subscriptions WHERE player_id = %s", [player_id]
            )
            return int(row["n"])

    async def preferences(self, player_id: str) -> Preferences:
        async with self._pool.connection() as conn:
            return (await _preferences(conn, {player_id}))[player_id]

    async def set_preferences(self, prefs: Preferences) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                "INSERT INTO preferences (player_id, muted, time_zone, quiet_start_minute, quiet_end_minute)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (player_id) DO UPDATE SET muted = excluded.muted,"
                " time_zone = excluded.time_zone, quiet_start_minute = excluded.quiet_start_minute,"
                " quiet_end_minute = excluded.quiet_end_minute",
                [
                    prefs.player_id,
                    json.dumps(sorted(prefs.muted)),
                    prefs.time_zone,
                    prefs.quiet_start_minute,
                    prefs.quiet_end_minute,
                ],
            )

    async def counts(self) -> dict[str, int]:
        """Deliveries by state (tests, the bench)."""
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                "SELECT count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent, count(*) FILTER (WHERE dropped"
                " IS NOT NULL) AS dropped, count(*) FILTER (WHERE sent_at IS NULL AND dropped IS NULL)"
                " AS pending FROM deliveries",
                [],
            )
            return {k: int(v) for k, v in row.items()}


async def _preferences(conn: AsyncConnection[Any], players: set[str]) -> dict[str, Preferences]:
    rows = await _all(conn, "SELECT * FROM preferences WHERE player_id = ANY(%s)", [list(players)])
    found = {
        r["player_id"]: Preferences(
            r["player_id"],
            frozenset((m[0], m[1]) for m in r["muted"]),
            r["time_zone"],
            r["quiet_start_minute"],
            r["quiet_end_minute"],
        )
        for r in rows
    }
    return {p: found.get(p) or Preferences(p) for p in players}


async def _devices(conn: AsyncConnection[Any], players: set[str]) -> dict[str, list[str]]:
    rows = await _all(
        conn,
        "SELECT player_id, subscription_id FROM subscriptions WHERE player_id = ANY(%s)",
        [list(players)],
    )
    out: dict[str, list[str]] = {}
    for row in rows:
        out.setdefault(row["player_id"], []).append(row["subscription_id"])
    return out


async def _expand(
    conn: AsyncConnection[Any], row: dict[str, Any], prefs: Preferences, devices: list[str], now_ms: int
) -> bool:
    """Deliveries for one due notice, or a later due time when it falls in quiet hours."""
    later = after_quiet_hours(prefs, now_ms)
    if later > now_ms:
        await conn.execute("UPDATE notices SET due_ms = %s WHERE notice_key = %s", [later, row["notice_key"]])
        return False
    targets = devices if prefs.allows(row["kind"], "push") else []
    if targets:
        await conn.cursor().executemany(
            "INSERT INTO deliveries (notice_key, channel, subscription_id, next_ms)"
            " VALUES (%s, 'push', %s, %s) ON CONFLICT DO NOTHING",
            [(row["notice_key"], device, now_ms) for device in targets],
        )
    await conn.execute("UPDATE notices SET state = 'expanded' WHERE notice_key = %s", [row["notice_key"]])
    return True


async def _all(conn: AsyncConnection[Any], query: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = await (await conn.execute(query, params)).fetchall()
    return rows


async def _one(conn: AsyncConnection[Any], query: str, params: Sequence[Any]) -> dict[str, Any]:
    row: dict[str, Any] | None = await (await conn.execute(query, params)).fetchone()
    assert row is not None, query  # every caller's query returns one row
    return row


def _delivery(row: dict[str, Any]) -> Delivery:
    notice = Notice(
        row["notice_key"],
        row["player_id"],
        row["kind"],
        row["game_id"],
        row["game"],
        row["version"],
        row["due_ms"],
        row["deadline_ms"],
    )
    device = Device(row["sid"], row["owner"], row["endpoint"], row["p256dh"], row["auth"], row["locale"])
    return Delivery(notice, row["channel"], device, row["attempts"])
