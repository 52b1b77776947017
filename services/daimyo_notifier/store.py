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
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from daimyo_notifier.domain import Notice, Preferences, after_quiet_hours
from daimyo_store.migrations import apply_migrations
from daimyo_store.pools import schema_pool

DEFAULT_SCHEMA = "daimyo_notifier"
LEDGER = "notifier_migrations"
SUPERSEDED_KINDS = ("your_turn", "time_low")  # unsent, they mean nothing once the game moved on
DIGESTED = ("your_turn", "game_found", "time_low", "game_ended", "vacation")  # what a digest may say


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
    return schema_pool(database_url, schema, max_size)


async def migrate(database_url: str, schema: str = DEFAULT_SCHEMA) -> list[str]:
    return await apply_migrations(database_url, schema, Path(__file__).parent / "migrations", LEDGER)


class NotifierStore:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    # -- notices ---------------------------------------------------------------------------------

    async def record(self, notices: Sequence[Notice]) -> int:
        """Keep `notices` (those already kept are not kept twice), retiring the unsent turn notices
        of the same games at older versions (kept before, or older in this batch); how many are new."""
        newest: dict[str, int] = {}
        for n in notices:
            newest[n.game_id] = max(newest.get(n.game_id, 0), n.version)
        states = ["superseded" if n.kind in SUPERSEDED_KINDS and n.version < newest[n.game_id]
                  else "waiting" for n in notices]
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute(  # game_id = ANY: the index on waiting notices, whatever the statistics say
                "UPDATE notices n SET state = 'superseded' WHERE n.state = 'waiting' AND n.game_id = ANY(%s)"
                " AND n.kind = ANY(%s) AND n.version < (SELECT g.v FROM unnest(%s::text[], %s::bigint[])"
                " AS g(id, v) WHERE g.id = n.game_id)",
                [list(newest), list(SUPERSEDED_KINDS), list(newest), list(newest.values())])
            cursor = await conn.execute(
                "INSERT INTO notices"
                " (notice_key, player_id, kind, game_id, game, version, deadline_ms, due_ms, state, host)"
                " SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[],"
                " %s::bigint[], %s::bigint[], %s::bigint[], %s::text[], %s::text[])"
                " ON CONFLICT (notice_key) DO NOTHING",
                [[n.key for n in notices], [n.player_id for n in notices], [n.kind for n in notices],
                 [n.game_id for n in notices], [n.game for n in notices], [n.version for n in notices],
                 [n.deadline_ms for n in notices], [n.due_ms for n in notices], states,
                 [n.host for n in notices]])
            return max(0, cursor.rowcount)

    async def expand_due(self, now_ms: int, limit: int = 1000, email: bool = False) -> int:
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
            plan = [_plan(r, prefs[r["player_id"]], devices.get(r["player_id"], []), now_ms, email)
                    for r in rows]
            await _carry_out(conn, plan, now_ms)
            return sum(1 for p in plan if p.later_ms is None)

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
                f"UPDATE deliveries SET {assignment} WHERE (notice_key, channel, subscription_id)"
                " IN (SELECT * FROM unnest(%s::text[], %s::text[], %s::uuid[]))",
                [*args, [k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]],
            )

    # -- devices and preferences -----------------------------------------------------------------

    async def subscribe(self, device: Device, per_player: int) -> Device:
        """Keep `device` (its endpoint again: new keys and language); a device that changes hands
        (another player signs in on that browser) starts afresh, its old owner's unsent notices
        dropped; a player's oldest devices beyond `per_player` are forgotten."""
        async with self._pool.connection() as conn, conn.transaction():
            held = await _all(conn, "SELECT subscription_id FROM subscriptions WHERE endpoint = %s"
                              " AND player_id <> %s FOR UPDATE", [device.endpoint, device.player_id])
            await _forget(conn, [r["subscription_id"] for r in held], "changed hands")
            row = await _one(
                conn,
                "INSERT INTO subscriptions (subscription_id, player_id, endpoint, p256dh, auth, locale)"
                " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (endpoint) DO UPDATE SET"
                " p256dh = excluded.p256dh, auth = excluded.auth, locale = excluded.locale,"
                " created_at = now()"
                " RETURNING subscription_id::text",
                [uuid.uuid4(), device.player_id, device.endpoint, device.p256dh, device.auth, device.locale],
            )
            beyond = await _all(conn, "SELECT subscription_id FROM subscriptions WHERE player_id = %s"
                                " ORDER BY created_at DESC OFFSET %s", [device.player_id, per_player])
            await _forget(conn, [r["subscription_id"] for r in beyond], "too many devices")
            return replace(device, subscription_id=str(row["subscription_id"]))

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        async with self._pool.connection() as conn, conn.transaction():
            held = await _all(conn, "SELECT subscription_id FROM subscriptions WHERE player_id = %s"
                              " AND endpoint = %s", [player_id, endpoint])
            await _forget(conn, [r["subscription_id"] for r in held], "unsubscribed")
            return bool(held)

    async def forget_device(self, subscription_id: str) -> None:
        """The push service says the device is gone (404/410): no more deliveries to it."""
        async with self._pool.connection() as conn, conn.transaction():
            await _forget(conn, [subscription_id], "gone")

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
                "INSERT INTO preferences"
                " (player_id, muted, time_zone, quiet_start_minute, quiet_end_minute, locale)"
                " VALUES (%s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (player_id) DO UPDATE SET muted = excluded.muted,"
                " time_zone = excluded.time_zone, quiet_start_minute = excluded.quiet_start_minute,"
                " quiet_end_minute = excluded.quiet_end_minute, locale = excluded.locale",
                [prefs.player_id, json.dumps(sorted(prefs.muted)), prefs.time_zone, prefs.quiet_start_minute,
                 prefs.quiet_end_minute, prefs.locale],
            )

    # -- email digests ----------------------------------------------------------------------------

    async def digest_due(self, now_ms: int, interval_ms: int, limit: int = 100) -> list[str]:
        """Players with notices waiting for a digest whose last one left `interval_ms` ago or more."""
        async with self._pool.connection() as conn:
            rows = await _all(
                conn, "SELECT DISTINCT e.player_id FROM email_notices e LEFT JOIN digests d USING (player_id)"
                " WHERE e.sent_ms IS NULL AND coalesce(d.last_sent_ms, 0) + %s <= %s LIMIT %s",
                [interval_ms, now_ms, limit])
            return [r["player_id"] for r in rows]

    async def claim_digest(self, player_id: str, now_ms: int, interval_ms: int) -> bool:
        """Take this interval's digest of `player_id` (False: another sender has it, or it left)."""
        async with self._pool.connection() as conn:
            cursor = await conn.execute(
                "INSERT INTO digests (player_id, last_sent_ms) VALUES (%s, %s) ON CONFLICT (player_id)"
                " DO UPDATE SET last_sent_ms = excluded.last_sent_ms"
                " WHERE digests.last_sent_ms + %s <= excluded.last_sent_ms RETURNING player_id",
                [player_id, now_ms, interval_ms])
            return (await cursor.fetchone()) is not None

    async def waiting_for_digest(self, player_id: str) -> list[Notice]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn, "SELECT n.* FROM email_notices e JOIN notices n USING (notice_key)"
                " WHERE e.player_id = %s AND e.sent_ms IS NULL ORDER BY n.created_at LIMIT 200", [player_id])
            return [Notice(r["notice_key"], r["player_id"], r["kind"], r["game_id"], r["game"], r["version"],
                           r["due_ms"], r["deadline_ms"], r["host"]) for r in rows]

    async def mark_digested(self, keys: Sequence[str], sent_ms: int) -> None:
        """`sent_ms` -1: there was no address to send them to."""
        async with self._pool.connection() as conn:
            await conn.execute("UPDATE email_notices SET sent_ms = %s WHERE notice_key = ANY(%s)",
                               [sent_ms, list(keys)])

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
            r["locale"],
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


@dataclass(frozen=True)
class Plan:
    """For one due notice: the devices it goes to now, or (quiet hours) when it is due instead."""

    key: str
    player_id: str
    later_ms: int | None
    devices: list[str]
    email: bool = False  # waits for the player's next digest


def _plan(row: dict[str, Any], prefs: Preferences, devices: list[str], now_ms: int, email: bool) -> Plan:
    key, player, kind = row["notice_key"], row["player_id"], row["kind"]
    later = after_quiet_hours(prefs, now_ms)
    if later > now_ms:
        return Plan(key, player, later, [])
    pushed = devices if prefs.allows(kind, "push") else []
    return Plan(key, player, None, pushed, email and prefs.allows(kind, "email") and kind in DIGESTED)


async def _carry_out(conn: AsyncConnection[Any], plans: list[Plan], now_ms: int) -> None:
    """A batch's plans in three statements: the deliveries, the notices expanded, those put off."""
    pairs = [(p.key, device) for p in plans for device in p.devices]
    if pairs:
        await conn.execute(
            "INSERT INTO deliveries (notice_key, channel, subscription_id, next_ms) SELECT k, 'push', s, %s"
            " FROM unnest(%s::text[], %s::uuid[]) AS d(k, s) ON CONFLICT DO NOTHING",
            [now_ms, [k for k, _ in pairs], [s for _, s in pairs]])
    mailed = [p for p in plans if p.email]
    if mailed:
        await conn.execute(
            "INSERT INTO email_notices (notice_key, player_id) SELECT * FROM unnest(%s::text[], %s::text[])"
            " ON CONFLICT DO NOTHING", [[p.key for p in mailed], [p.player_id for p in mailed]])
    done = [p.key for p in plans if p.later_ms is None]
    if done:
        await conn.execute("UPDATE notices SET state = 'expanded' WHERE notice_key = ANY(%s)", [done])
    put_off = [p for p in plans if p.later_ms is not None]
    if put_off:
        await conn.execute(
            "UPDATE notices n SET due_ms = d.due FROM unnest(%s::text[], %s::bigint[]) AS d(k, due)"
            " WHERE n.notice_key = d.k", [[p.key for p in put_off], [p.later_ms for p in put_off]])


async def _forget(conn: AsyncConnection[Any], subscription_ids: Sequence[Any], reason: str) -> None:
    """Forget devices, dropping what was still to be sent to them (else it would be claimed forever)."""
    if not subscription_ids:
        return
    ids = [str(i) for i in subscription_ids]
    await conn.execute("DELETE FROM subscriptions WHERE subscription_id = ANY(%s::uuid[])", [ids])
    await conn.execute("UPDATE deliveries SET dropped = %s WHERE subscription_id = ANY(%s::uuid[])"
                       " AND sent_at IS NULL AND dropped IS NULL", [reason, ids])


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
        row["host"],
    )
    device = Device(row["sid"], row["owner"], row["endpoint"], row["p256dh"], row["auth"], row["locale"])
    return Delivery(notice, row["channel"], device, row["attempts"])
