"""The accounts schema in Postgres: players, name keys, passwords, passkeys, challenges, sessions
and sign-in failures. Every method is one transaction, so a refused step leaves nothing behind
(a failed upgrade leaves the guest as it was).

A name is held through its keys (its casefolded confusable skeletons, `daimyo_kit.names`): the
primary key of `name_keys` makes two look-alike names impossible, whichever replica takes them.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from psycopg import AsyncConnection, sql
from psycopg_pool import AsyncConnectionPool

from daimyo_accounts.domain import (
    Account,
    Challenge,
    NewPasskey,
    Passkey,
    Refused,
    Session,
    StoredPasskey,
)
from daimyo_accounts.throttle import Delays
from daimyo_store.migrations import apply_migrations
from daimyo_store.pools import schema_pool

MIGRATIONS = Path(__file__).parent / "migrations"
LEDGER = "accounts_migrations"  # the shared numbered ledger (daimyo_store.migrations)
DEFAULT_SCHEMA = "daimyo_accounts"
PURGE_EVERY = 50
Conn = AsyncConnection[Any]

_ACCOUNT = """
    SELECT p.player_id, p.name, p.guest, p.created_at, p.renamed_at,
           EXISTS (SELECT 1 FROM passwords w WHERE w.player_id = p.player_id) AS has_password,
           (SELECT count(*) FROM passkeys k WHERE k.player_id = p.player_id) AS passkeys,
           coalesce(e.address, '') AS email, e.verified_at IS NOT NULL AS email_verified,
           p.deleted_at IS NOT NULL AS deleted, p.language
    FROM players p LEFT JOIN emails e USING (player_id) WHERE p.player_id = %s
"""
_SESSION = (
    "session_id, player_id, token_id, device, created_at, last_seen_at, revoked_at IS NOT NULL AS revoked"
)


async def migrate(database_url: str, schema: str = DEFAULT_SCHEMA) -> list[str]:
    """Apply this service's migrations not applied yet (idempotent; concurrent starts wait on a lock)."""
    return await apply_migrations(database_url, schema, MIGRATIONS, LEDGER)


def open_pool(database_url: str, schema: str = DEFAULT_SCHEMA, max_size: int = 10) -> AsyncConnectionPool:
    """A pool (not yet opened) whose connections work inside `schema`."""
    return schema_pool(database_url, schema, max_size)


class AccountsStore:
    def __init__(self, pool: AsyncConnectionPool, schema: str = DEFAULT_SCHEMA) -> None:
        self._pool = pool
        self._schema = schema

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        async with self._pool.connection() as conn, conn.transaction():
            yield conn

    @asynccontextmanager
    async def _lone(self) -> AsyncIterator[Conn]:
        """A connection for one statement, which is its own transaction (autocommit): no BEGIN
        and COMMIT round trips around it. A sign-in's look-ups and its challenge's use."""
        async with self._pool.connection() as conn:
            await conn.set_autocommit(True)  # client-side: no round trip
            try:
                yield conn
            finally:
                await conn.set_autocommit(False)

    @asynccontextmanager
    async def _quick_tx(self) -> AsyncIterator[Conn]:
        """A transaction committed without waiting for the disk, its statements pipelined (sent
        without waiting for each answer): for what a crash may lose — a challenge, a sign-in's
        session — and nothing whose errors must be told statement by statement."""
        async with self._pool.connection() as conn, conn.pipeline(), conn.transaction():
            await conn.execute("SET LOCAL synchronous_commit = off")
            yield conn


    # -- players ---------------------------------------------------------------------------------

    async def create_guest(self, player_id: str, name: str, session: Session) -> Account:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO players (player_id, name, created_at) VALUES (%s, %s, %s)",
                (player_id, name, session.created_at),
            )
            await _insert_session(conn, session)
            return await _account(conn, player_id)

    async def account(self, player_id: str) -> Account | None:
        async with self._pool.connection() as conn:
            row = await _one(conn, _ACCOUNT, (player_id,))
        return _to_account(row) if row else None

    async def display_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                "SELECT player_id, name, guest, deleted_at IS NOT NULL AS deleted FROM players "
                "WHERE player_id = ANY(%s)",
                (list(player_ids),),
            )
        return {
            r["player_id"]: Account(
                r["player_id"], r["name"], r["guest"], datetime.min, deleted=r["deleted"]
            ).display_name
            for r in rows
        }

    async def upgrade_with_password(
        self, player_id: str, name: str, keys: Sequence[str], hashed: str, now: datetime
    ) -> Account:
        async with self._tx() as conn:
            await _lock_guest(conn, player_id)
            await _take_name(conn, player_id, keys)
            await conn.execute(
                "INSERT INTO passwords (player_id, hash, changed_at) VALUES (%s, %s, %s)",
                (player_id, hashed, now),
            )
            return await _become_account(conn, player_id, name, now)

    async def add_passkey(
        self,
        player_id: str,
        passkey: NewPasskey,
        now: datetime,
        max_passkeys: int,
        upgrade: tuple[str, Sequence[str]] | None = None,
    ) -> Account:
        """The passkey stored; with `upgrade` (name, keys) the guest becomes an account too."""
        async with self._tx() as conn:
            if upgrade is not None:
                await _lock_guest(conn, player_id)
                await _take_name(conn, player_id, upgrade[1])
            else:
                await _lock_account(conn, player_id)
            count = await _one(
                conn, "SELECT count(*) AS n FROM passkeys WHERE player_id = %s", (player_id,)
            )
            if count and count["n"] >= max_passkeys:
                raise Refused("too_many_passkeys", f"an account has at most {max_passkeys} passkeys")
            await _insert_passkey(conn, player_id, passkey, now)
            if upgrade is not None:
                return await _become_account(conn, player_id, upgrade[0], now)
            return await _account(conn, player_id)

    async def rename(
        self,
        player_id: str,
        name: str,
        keys: Sequence[str],
        now: datetime,
        every: timedelta,
        hold: timedelta,
    ) -> Account:
        """The account's new name; its old one is held for it during `hold`."""
        async with self._tx() as conn:
            row = await _lock_account(conn, player_id)
            last = row["renamed_at"]  # the name picked at the upgrade is not a rename
            if last is not None and now - last < every:
                raise Refused("rename_too_soon", f"a name may change once every {every.days} days")
            await conn.execute(
                "UPDATE name_keys SET held_until = %s WHERE player_id = %s AND held_until IS NULL",
                (now + hold, player_id),
            )
            await _take_name(conn, player_id, keys, now)
            await conn.execute(
                "UPDATE players SET name = %s, renamed_at = %s WHERE player_id = %s",
                (name, now, player_id),
            )
            return await _account(conn, player_id)

    async def set_language(self, player_id: str, language: str) -> Account:
        """The account's language ('' for none); a guest or a deleted player has none to set."""
        async with self._tx() as conn:
            await _lock_account(conn, player_id)
            await conn.execute(
                "UPDATE players SET language = %s WHERE player_id = %s", (language, player_id)
            )
            return await _account(conn, player_id)

    async def name_is_free(self, player_id: str, keys: Sequence[str], now: datetime) -> bool:
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                "SELECT count(*) AS n FROM name_keys WHERE key = ANY(%s) AND player_id <> %s "
                "AND (held_until IS NULL OR held_until > %s)",
                (list(keys), player_id, now),
            )
        return not row or row["n"] == 0

    async def holder_of(self, keys: Sequence[str]) -> str | None:
        """The player whose current name has one of `keys`."""
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                "SELECT player_id FROM name_keys WHERE key = ANY(%s) AND held_until IS NULL LIMIT 1",
                (list(keys),),
            )
        return row["player_id"] if row else None

    async def password_by_name(self, keys: Sequence[str]) -> tuple[str, str] | None:
        """(player id, password hash) of the account currently named by one of `keys`."""
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                "SELECT k.player_id, w.hash FROM name_keys k JOIN passwords w USING (player_id) "
                "WHERE k.key = ANY(%s) AND k.held_until IS NULL LIMIT 1",
                (list(keys),),
            )
        return (row["player_id"], row["hash"]) if row else None

    async def password_of(self, player_id: str) -> str | None:
        async with self._pool.connection() as conn:
            row = await _one(conn, "SELECT hash FROM passwords WHERE player_id = %s", (player_id,))
        return row["hash"] if row else None

    async def change_password(
        self, player_id: str, hashed: str, keep_session: str, now: datetime
    ) -> list[Session]:
        """The account's new password; its other sessions ended (the ones that were live)."""
        async with self._tx() as conn:
            await _lock_account(conn, player_id)
            await conn.execute(
                "INSERT INTO passwords (player_id, hash, changed_at) VALUES (%s, %s, %s) "
                "ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash, "
                "changed_at = excluded.changed_at",
                (player_id, hashed, now),
            )
            return await _end_sessions(conn, player_id, now, keep=keep_session)

    async def set_password_hash(self, player_id: str, hashed: str, now: datetime) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE passwords SET hash = %s, changed_at = %s WHERE player_id = %s",
                (hashed, now, player_id),
            )

    # -- passkeys --------------------------------------------------------------------------------

    async def passkey_ids(self, player_id: str) -> list[str]:
        async with self._pool.connection() as conn:
            rows = await _all(conn, "SELECT passkey_id FROM passkeys WHERE player_id = %s", (player_id,))
        return [r["passkey_id"] for r in rows]

    async def passkeys(self, player_id: str) -> list[Passkey]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                "SELECT passkey_id, label, created_at, last_used_at FROM passkeys "
                "WHERE player_id = %s ORDER BY created_at",
                (player_id,),
            )
        return [Passkey(**r) for r in rows]

    async def passkey(self, passkey_id: str) -> StoredPasskey | None:
        async with self._lone() as conn:
            row = await _one(
                conn,
                "SELECT passkey_id, player_id, public_key, sign_count FROM passkeys WHERE passkey_id = %s",
                (passkey_id,),
            )
        return StoredPasskey(**row) if row else None

    async def remove_passkey(self, player_id: str, passkey_id: str) -> None:
        """Refuses to remove an account's last way to sign in."""
        async with self._tx() as conn:
            account = await _account(conn, player_id, lock=True)
            if account.passkeys <= 1 and not account.has_password:
                raise Refused("last_credential", "this passkey is the account's only way to sign in")
            await conn.execute(
                "DELETE FROM passkeys WHERE player_id = %s AND passkey_id = %s",
                (player_id, passkey_id),
            )

    # -- challenges ------------------------------------------------------------------------------

    async def save_challenge(self, challenge: Challenge, expires_at: datetime) -> None:
        """Committed without waiting for the disk: a challenge lost in a crash is asked again.
        About one save in PURGE_EVERY also deletes the challenges nobody answered (expired an
        hour ago), so the table stays small without a job of its own."""
        async with self._quick_tx() as conn:
            if random.randrange(PURGE_EVERY) == 0:
                await conn.execute(
                    "DELETE FROM challenges WHERE expires_at < %s", (expires_at - timedelta(hours=1),)
                )
            await conn.execute(
                "INSERT INTO challenges (challenge_id, kind, player_id, name, origin, challenge, expires_at) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    challenge.challenge_id,
                    challenge.kind,
                    challenge.player_id,
                    challenge.name,
                    challenge.origin,
                    challenge.challenge,
                    expires_at,
                ),
            )

    async def take_challenge(self, challenge_id: str, kind: str, now: datetime) -> Challenge | None:
        """The challenge, deleted: it can be answered once, and only before it expires (one
        statement: the deletion is committed, and durable, before the answer is checked)."""
        async with self._lone() as conn:
            row = await _one(
                conn,
                "DELETE FROM challenges WHERE challenge_id = %s AND kind = %s "
                "RETURNING challenge_id, kind, player_id, name, origin, challenge, expires_at",
                (challenge_id, kind),
            )
        if row is None or row.pop("expires_at") < now:
            return None
        return Challenge(**row)

    # -- sessions --------------------------------------------------------------------------------

    async def signed_in(
        self, session: Session, clear_key: str = "", passkey_used: tuple[str, int] | None = None
    ) -> Account:
        """One transaction for a sign-in that succeeded: the new session, the account's failures
        forgotten, the passkey's signature count moved on; the account as it is now.

        Committed without waiting for the disk (`synchronous_commit = off`): a crash in the next
        fraction of a second can lose the session row, and the player signs in again; the
        passkey's count may then lag, which only weakens clone detection for that one step."""
        async with self._quick_tx() as conn:
            await _insert_session(conn, session)
            if clear_key:
                await conn.execute("DELETE FROM sign_in_failures WHERE key = %s", (clear_key,))
            if passkey_used is not None:
                await conn.execute(
                    "UPDATE passkeys SET sign_count = %s, last_used_at = %s WHERE passkey_id = %s",
                    (passkey_used[1], session.created_at, passkey_used[0]),
                )
            return await _account(conn, session.player_id)

    async def check_session(
        self, session_id: str, token_id: str, now: datetime, touch_after: timedelta
    ) -> tuple[Account, Session] | None:
        """The live session whose current token is `token_id`, its last-seen time brought up to date."""
        async with self._tx() as conn:
            row = await _one(conn, f"SELECT {_SESSION} FROM sessions WHERE session_id = %s", (session_id,))
            if row is None or row["revoked"] or row["token_id"] != token_id:
                return None
            if now - row["last_seen_at"] > touch_after:
                await conn.execute(
                    "UPDATE sessions SET last_seen_at = %s WHERE session_id = %s", (now, session_id)
                )
                row["last_seen_at"] = now
            return await _account(conn, row["player_id"]), Session(**row)

    async def refresh_session(
        self, session_id: str, token_id: str, new_token_id: str, now: datetime
    ) -> tuple[Account, Session] | None:
        async with self._tx() as conn:
            row = await _one(
                conn,
                f"UPDATE sessions SET token_id = %s, last_seen_at = %s WHERE session_id = %s "
                f"AND token_id = %s AND revoked_at IS NULL RETURNING {_SESSION}",
                (new_token_id, now, session_id, token_id),
            )
            return (await _account(conn, row["player_id"]), Session(**row)) if row else None

    async def sessions(self, player_id: str, idle_since: datetime) -> list[Session]:
        async with self._pool.connection() as conn:
            rows = await _all(
                conn,
                f"SELECT {_SESSION} FROM sessions WHERE player_id = %s AND revoked_at IS NULL "
                f"AND last_seen_at > %s ORDER BY last_seen_at DESC LIMIT 100",
                (player_id, idle_since),
            )
        return [Session(**r) for r in rows]

    async def revoke_sessions(
        self, player_id: str, session_ids: Sequence[str] | None, now: datetime
    ) -> list[Session]:
        """Ends the player's named sessions (None: all); the ones that ended."""
        async with self._tx() as conn:
            return await _end_sessions(conn, player_id, now, only=session_ids)

    # -- email -----------------------------------------------------------------------------------

    async def set_email(self, player_id: str, address: str, token_hash: str, expires_at: datetime) -> None:
        """The account's (unverified) address and the one link that verifies it."""
        async with self._tx() as conn:
            await _lock_account(conn, player_id)
            await conn.execute(
                "INSERT INTO emails (player_id, address) VALUES (%s, %s) ON CONFLICT (player_id) "
                "DO UPDATE SET address = excluded.address, verified_at = NULL",
                (player_id, address),
            )
            await conn.execute(
                "DELETE FROM email_tokens WHERE player_id = %s AND kind = 'verify'", (player_id,)
            )
            await _insert_email_token(conn, token_hash, player_id, "verify", address, expires_at)

    async def take_email_token(self, token_hash: str, kind: str, now: datetime) -> tuple[str, str] | None:
        """(player id, address) of a link, used up: it works once, and only before it expires."""
        async with self._tx() as conn:
            row = await _one(
                conn,
                "DELETE FROM email_tokens WHERE token_hash = %s AND kind = %s "
                "RETURNING player_id, address, expires_at",
                (token_hash, kind),
            )
        if row is None or row["expires_at"] < now:
            return None
        return row["player_id"], row["address"]

    async def email_verified(self, player_id: str, address: str, now: datetime) -> Account:
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE emails SET verified_at = %s WHERE player_id = %s AND address = %s",
                (now, player_id, address),
            )
            return await _account(conn, player_id)

    async def reset_address(self, keys: Sequence[str]) -> tuple[str, str] | None:
        """(player id, verified address) of the account named by one of `keys`."""
        async with self._pool.connection() as conn:
            row = await _one(
                conn,
                "SELECT k.player_id, e.address FROM name_keys k JOIN emails e USING (player_id) "
                "WHERE k.key = ANY(%s) AND k.held_until IS NULL AND e.verified_at IS NOT NULL LIMIT 1",
                (list(keys),),
            )
        return (row["player_id"], row["address"]) if row else None

    async def add_reset_token(
        self, player_id: str, address: str, token_hash: str, expires_at: datetime, every: timedelta
    ) -> bool:
        """A reset link, unless one was made less than `every` ago (False then: no mail)."""
        async with self._tx() as conn:
            await _lock_account(conn, player_id)
            recent = await _one(
                conn,
                "SELECT 1 AS recent FROM email_tokens WHERE player_id = %s AND kind = 'reset' "
                "AND expires_at > %s",
                (player_id, expires_at - every),
            )
            if recent:
                return False
            await conn.execute(
                "DELETE FROM email_tokens WHERE player_id = %s AND kind = 'reset'", (player_id,)
            )
            await _insert_email_token(conn, token_hash, player_id, "reset", address, expires_at)
            return True

    async def reset_password(self, player_id: str, hashed: str, now: datetime) -> list[Session]:
        """The new password; every session of the account ended (the ones that were live)."""
        async with self._tx() as conn:
            await _lock_account(conn, player_id)
            await conn.execute(
                "INSERT INTO passwords (player_id, hash, changed_at) VALUES (%s, %s, %s) "
                "ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash, "
                "changed_at = excluded.changed_at",
                (player_id, hashed, now),
            )
            return await _end_sessions(conn, player_id, now)

    # -- friends and blocks ------------------------------------------------------------------------

    async def follow(self, player_id: str, other_id: str, now: datetime, limit: int) -> None:
        async with self._tx() as conn:
            other = await _one(
                conn, "SELECT guest, deleted_at FROM players WHERE player_id = %s", (other_id,)
            )
            if other is None or other["guest"] or other["deleted_at"] is not None:
                raise Refused("not_found", "only an account can be followed")
            if await _blocked_either_way(conn, player_id, other_id):
                raise Refused("blocked", "a block stands between you")
            count = await _one(conn, "SELECT count(*) AS n FROM follows WHERE player_id = %s", (player_id,))
            if count and count["n"] >= limit:
                raise Refused("too_many_friends", f"one follows at most {limit} players")
            await conn.execute(
                "INSERT INTO follows (player_id, followed_id, since) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                (player_id, other_id, now),
            )

    async def unfollow(self, player_id: str, other_id: str) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "DELETE FROM follows WHERE player_id = %s AND followed_id = %s", (player_id, other_id)
            )

    async def block(self, player_id: str, other_id: str, now: datetime, limit: int) -> None:
        async with self._tx() as conn:
            if await _one(conn, "SELECT 1 AS ok FROM players WHERE player_id = %s", (other_id,)) is None:
                raise Refused("not_found", "no such player")
            count = await _one(conn, "SELECT count(*) AS n FROM blocks WHERE player_id = %s", (player_id,))
            if count and count["n"] >= limit:
                raise Refused("too_many_blocks", f"one blocks at most {limit} players")
            await conn.execute(
                "INSERT INTO blocks (player_id, blocked_id, since) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                (player_id, other_id, now),
            )
            await conn.execute(
                "DELETE FROM follows WHERE (player_id = %s AND followed_id = %s) "
                "OR (player_id = %s AND followed_id = %s)",
                (player_id, other_id, other_id, player_id),
            )

    async def unblock(self, player_id: str, other_id: str) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "DELETE FROM blocks WHERE player_id = %s AND blocked_id = %s", (player_id, other_id)
            )

    async def relations(self, player_id: str) -> dict[str, list[str]]:
        async with self._pool.connection() as conn:
            following = await _all(
                conn,
                "SELECT followed_id AS id FROM follows WHERE player_id = %s ORDER BY since",
                (player_id,),
            )
            followers = await _all(
                conn,
                "SELECT player_id AS id FROM follows WHERE followed_id = %s ORDER BY since",
                (player_id,),
            )
            blocked = await _all(
                conn,
                "SELECT blocked_id AS id FROM blocks WHERE player_id = %s ORDER BY since",
                (player_id,),
            )
        return {
            "following": [r["id"] for r in following],
            "followers": [r["id"] for r in followers],
            "blocked": [r["id"] for r in blocked],
        }

    async def blocked_either_way(self, player_id: str, other_id: str) -> bool:
        async with self._pool.connection() as conn:
            return await _blocked_either_way(conn, player_id, other_id)

    # -- the player's own data ----------------------------------------------------------------------

    async def export(self, player_id: str) -> dict[str, Any]:
        """Everything kept about the player (never a password hash or a passkey's public key)."""
        async with self._pool.connection() as conn:
            account = await _account(conn, player_id)
            sessions = await _all(
                conn,
                "SELECT session_id, device, created_at, last_seen_at, revoked_at FROM sessions "
                "WHERE player_id = %s ORDER BY created_at",
                (player_id,),
            )
            passkeys = await _all(
                conn,
                "SELECT label, created_at, last_used_at FROM passkeys WHERE player_id = %s "
                "ORDER BY created_at",
                (player_id,),
            )
        return {"account": account, "sessions": sessions, "passkeys": passkeys}

    async def delete_account(self, player_id: str, now: datetime, hold: timedelta) -> list[Session]:
        """Name, password, passkeys, email and sessions erased; the row (its id is in games) stays,
        marked deleted; the name stays held for nobody during `hold`. The sessions that ended."""
        async with self._tx() as conn:
            row = await _one(
                conn, "SELECT deleted_at FROM players WHERE player_id = %s FOR UPDATE", (player_id,)
            )
            if row is None or row["deleted_at"] is not None:
                raise Refused("not_found", "no such player")
            for table in ("passwords", "passkeys", "emails", "email_tokens", "challenges"):
                await conn.execute(
                    sql.SQL("DELETE FROM {} WHERE player_id = %s").format(sql.Identifier(table)),
                    (player_id,),
                )
            await conn.execute(
                "UPDATE name_keys SET held_until = greatest(coalesce(held_until, %s), %s) "
                "WHERE player_id = %s",
                (now + hold, now + hold, player_id),
            )
            await conn.execute(
                "UPDATE players SET name = '', language = '', deleted_at = %s WHERE player_id = %s",
                (now, player_id),
            )
            return await _end_sessions(conn, player_id, now)

    # -- sign-in failures ------------------------------------------------------------------------

    async def blocked_for(self, keys: Sequence[str], now: datetime) -> float:
        """Seconds until the keys may try again (0: now)."""
        async with self._lone() as conn:
            row = await _one(
                conn,
                "SELECT max(blocked_until) AS until FROM sign_in_failures WHERE key = ANY(%s)",
                (list(keys),),
            )
        until = row["until"] if row else None
        return max(0.0, (until - now).total_seconds()) if until else 0.0

    async def record_failure(
        self, key: str, delays: Delays, now: datetime, forget_after: timedelta
    ) -> None:
        async with self._tx() as conn:
            row = await _one(
                conn,
                "SELECT failures, last_failure_at FROM sign_in_failures WHERE key = %s FOR UPDATE",
                (key,),
            )
            fresh = row is None or now - row["last_failure_at"] > forget_after
            failures = 1 if fresh or row is None else row["failures"] + 1
            until = now + timedelta(seconds=delays.after(failures))
            await conn.execute(
                "INSERT INTO sign_in_failures (key, failures, last_failure_at, blocked_until) "
                "VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, "
                "last_failure_at = excluded.last_failure_at, blocked_until = excluded.blocked_until",
                (key, failures, now, until),
            )


async def _insert_session(conn: Conn, session: Session) -> None:
    await conn.execute(
        "INSERT INTO sessions (session_id, player_id, token_id, device, created_at, last_seen_at) "
        "VALUES (%s, %s, %s, %s, %s, %s)",
        (
            session.session_id,
            session.player_id,
            session.token_id,
            session.device,
            session.created_at,
            session.last_seen_at,
        ),
    )


async def _blocked_either_way(conn: Conn, a: str, b: str) -> bool:
    row = await _one(
        conn,
        "SELECT 1 AS blocked FROM blocks WHERE (player_id = %s AND blocked_id = %s) "
        "OR (player_id = %s AND blocked_id = %s) LIMIT 1",
        (a, b, b, a),
    )
    return row is not None


async def _insert_email_token(
    conn: Conn, token_hash: str, player_id: str, kind: str, address: str, expires_at: datetime
) -> None:
    await conn.execute(
        "INSERT INTO email_tokens (token_hash, player_id, kind, address, expires_at) "
        "VALUES (%s, %s, %s, %s, %s)",
        (token_hash, player_id, kind, address, expires_at),
    )


async def _end_sessions(conn: Conn, player_id: str, now: datetime, only: Sequence[str] | None = None,
                        keep: str | None = None) -> list[Session]:
    """End the player's live sessions — those in `only` when given, all but `keep` when given —
    and return the ones that ended."""
    rows = await _all(
        conn,
        f"UPDATE sessions SET revoked_at = %s WHERE player_id = %s AND revoked_at IS NULL "
        f"AND (%s::text[] IS NULL OR session_id = ANY(%s)) AND (%s::text IS NULL OR session_id <> %s) "
        f"RETURNING {_SESSION}",
        (now, player_id, only, only, keep, keep),
    )
    return [Session(**r) for r in rows]


async def _insert_passkey(conn: Conn, player_id: str, passkey: NewPasskey, now: datetime) -> None:
    found = await _one(
        conn,
        "INSERT INTO passkeys (passkey_id, player_id, public_key, sign_count, label, "
        "created_at) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING 1 AS ok",
        (passkey.passkey_id, player_id, passkey.public_key, passkey.sign_count, passkey.label, now),
    )
    if found is None:
        raise Refused("passkey_invalid", "this passkey is already registered")


async def _lock_guest(conn: Conn, player_id: str) -> dict[str, Any]:
    row = await _one(conn, "SELECT * FROM players WHERE player_id = %s FOR UPDATE", (player_id,))
    if row is None:
        raise Refused("not_found", "no such player")
    if not row["guest"]:
        raise Refused("not_a_guest", "this player already has an account")
    return row


async def _lock_account(conn: Conn, player_id: str) -> dict[str, Any]:
    row = await _one(conn, "SELECT * FROM players WHERE player_id = %s FOR UPDATE", (player_id,))
    if row is None:
        raise Refused("not_found", "no such player")
    if row["guest"]:
        raise Refused("not_an_account", "a guest must first become an account")
    return row


async def _take_name(conn: Conn, player_id: str, keys: Sequence[str], now: datetime | None = None) -> None:
    """Hold every key of a name for the player, or raise name_taken (the transaction then rolls back).
    Keys held for someone past their time, and the player's own held keys, are taken over."""
    await conn.execute(
        "DELETE FROM name_keys WHERE key = ANY(%s) AND held_until IS NOT NULL "
        "AND (player_id = %s OR held_until < coalesce(%s, now()))",
        (list(keys), player_id, now),
    )
    taken = await _all(
        conn,
        "INSERT INTO name_keys (key, player_id) SELECT unnest(%s::text[]), %s "
        "ON CONFLICT (key) DO NOTHING RETURNING key",
        (list(keys), player_id),
    )
    if len(taken) != len(set(keys)):
        raise Refused("name_taken", "somebody already has this name, or one that looks like it")


async def _become_account(conn: Conn, player_id: str, name: str, now: datetime) -> Account:
    await conn.execute(
        "UPDATE players SET name = %s, guest = false, upgraded_at = %s WHERE player_id = %s",
        (name, now, player_id),
    )
    return await _account(conn, player_id)


async def _account(conn: Conn, player_id: str, lock: bool = False) -> Account:
    if lock:
        await conn.execute("SELECT 1 FROM players WHERE player_id = %s FOR UPDATE", (player_id,))
    row = await _one(conn, _ACCOUNT, (player_id,))
    if row is None:
        raise Refused("not_found", "no such player")
    return _to_account(row)


def _to_account(row: dict[str, Any]) -> Account:
    return Account(
        row["player_id"],
        row["name"],
        row["guest"],
        row["created_at"],
        row["renamed_at"],
        row["has_password"],
        int(row["passkeys"]),
        row["email"],
        row["email_verified"],
        row["deleted"],
        row["language"],
    )


async def _one(conn: Conn, query: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
    cursor = await conn.execute(query.encode() if isinstance(query, str) else query, params)
    return await cursor.fetchone()


async def _all(conn: Conn, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    cursor = await conn.execute(query.encode(), params)
    return await cursor.fetchall()
