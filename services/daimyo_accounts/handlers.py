"""The accounts service's application logic: guests, upgrades, sign-ins, sessions, passkeys, names.

Each step checks everything it can before it writes, and writes in one store transaction, so a
refusal (`Refused`, with a stable code) leaves nothing half done. Sign-in refusals never say
whether the name exists: a wrong password and an unknown name both answer `sign_in_failed`,
after the same argon2 work, under the same growing delays.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from daimyo_accounts.domain import (
    GUEST_MARK,
    MAX_DEVICE_LENGTH,
    MAX_LABEL_LENGTH,
    MAX_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
    Account,
    Challenge,
    NewPasskey,
    Passkey,
    Refused,
    Session,
    SignedIn,
    check_email,
    check_language,
    check_password,
    short_text,
)
from daimyo_accounts.mail import LogMailer, Mailer, mail_language
from daimyo_accounts.passkeys import RelyingParty, credential_id
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.settings import Rules
from daimyo_accounts.store import AccountsStore
from daimyo_accounts.throttle import Throttle, account_key, address_key
from daimyo_kit import names

Clock = Callable[[], datetime]
TOUCH_AFTER = timedelta(seconds=60)  # a session's last-seen time is written at most this often
MAX_RELATIONS = 500  # players one may follow, and block


def utc_now() -> datetime:
    return datetime.now(UTC)


def guest_name(raw: object) -> str:
    name = names.clean_name(raw).lstrip(GUEST_MARK).strip()
    return names.clean_name(name)


def account_name(raw: object) -> tuple[str, list[str]]:
    """A name an account may hold, and its keys (casefolded confusable skeletons)."""
    name = names.clean_name(raw)
    if name.startswith(GUEST_MARK):
        raise names.NameRefused("name_reserved", f"a name starting with {GUEST_MARK} marks a guest")
    return name, sorted(names.skeletons(name))


def _checked(make: Callable[[], tuple[str, list[str]]]) -> tuple[str, list[str]]:
    try:
        return make()
    except names.NameRefused as e:
        raise Refused(e.code, e.message) from None


class AccountsHandlers:
    def __init__(
        self,
        store: AccountsStore,
        passwords: Passwords,
        relying_party: RelyingParty,
        rules: Rules | None = None,
        throttle: Throttle | None = None,
        clock: Clock = utc_now,
        mail: Mailer | None = None,
        public_url: str = "http://localhost:8080",
    ) -> None:
        self.store = store
        self.passwords = passwords
        self.rp = relying_party
        self.rules = rules or Rules()
        self.throttle = throttle or Throttle()
        self.clock = clock
        self.mail = mail or LogMailer()
        self.public_url = public_url

    # -- guests and sessions ---------------------------------------------------------------------

    async def create_guest(self, raw_name: str, device: str) -> SignedIn:
        try:
            name = guest_name(raw_name)
        except names.NameRefused as e:
            raise Refused(e.code, e.message) from None
        player_id = "g-" + secrets.token_hex(8)
        session = self._new_session(player_id, device)
        account = await self.store.create_guest(player_id, name, session)
        return SignedIn(account, session)

    async def check_session(self, session_id: str, token_id: str) -> SignedIn:
        found = await self.store.check_session(session_id, token_id, self.clock(), TOUCH_AFTER)
        if found is None or self._idle(found[1]):
            raise Refused("session_ended", "this session has ended; sign in again")
        return SignedIn(*found)

    async def refresh_session(self, session_id: str, token_id: str) -> SignedIn:
        await self.check_session(session_id, token_id)
        found = await self.store.refresh_session(
            session_id, token_id, secrets.token_urlsafe(12), self.clock()
        )
        if found is None:
            raise Refused("session_ended", "this session has ended; sign in again")
        return SignedIn(*found)

    async def sessions(self, player_id: str) -> list[Session]:
        return await self.store.sessions(player_id, self.clock() - self._idle_life())

    async def revoke_sessions(
        self, player_id: str, session_ids: Sequence[str], everywhere: bool
    ) -> list[Session]:
        if not everywhere and not session_ids:
            raise Refused("malformed", "name the sessions to end, or all of them")
        return await self.store.revoke_sessions(
            player_id, None if everywhere else list(session_ids)[:100], self.clock()
        )

    def _new_session(self, player_id: str, device: str) -> Session:
        now = self.clock()
        return Session(
            secrets.token_urlsafe(12),
            player_id,
            secrets.token_urlsafe(12),
            short_text(device, MAX_DEVICE_LENGTH) or "?",
            now,
            now,
        )

    def _idle_life(self) -> timedelta:
        return timedelta(days=self.rules.session_idle_days)

    def _idle(self, session: Session) -> bool:
        return self.clock() - session.last_seen_at > self._idle_life()

    # -- accounts --------------------------------------------------------------------------------

    async def account(self, player_id: str) -> Account:
        found = await self.store.account(player_id)
        if found is None:
            raise Refused("not_found", "no such player")
        return found

    async def find_by_name(self, raw_name: str) -> Account:
        keys = _name_keys(raw_name)
        holder = await self.store.holder_of(keys) if keys else None
        if holder is None:
            raise Refused("not_found", "nobody has that name")
        return await self.account(holder)

    async def display_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        return await self.store.display_names(list(player_ids)[:500])

    async def upgrade_with_password(self, player_id: str, raw_name: str, password: str) -> Account:
        name, keys = _checked(lambda: account_name(raw_name))
        check_password(password, name)
        await self._ensure_guest(player_id)
        if not await self.store.name_is_free(player_id, keys, self.clock()):
            raise Refused("name_taken", "somebody already has this name, or one that looks like it")
        hashed = await self.passwords.hash(password)
        return await self.store.upgrade_with_password(player_id, name, keys, hashed, self.clock())

    async def change_password(
        self, player_id: str, session_id: str, current: str, password: str
    ) -> list[Session]:
        """A new password; the current one must match when there is one (a passkey-only account
        sets its first). The account's other sessions end."""
        account = await self.account(player_id)
        if account.guest:
            raise Refused("not_an_account", "a guest must first become an account")
        check_password(password, account.name)
        stored = await self.store.password_of(player_id)
        if stored is not None and not await self.passwords.verify(stored, current[:1024]):
            await self._failed(account_key(min(_name_keys(account.name), default="")))
            raise Refused("sign_in_failed", "the current password does not match")
        hashed = await self.passwords.hash(password)
        return await self.store.change_password(player_id, hashed, session_id, self.clock())

    async def rename(self, player_id: str, raw_name: str) -> Account:
        name, keys = _checked(lambda: account_name(raw_name))
        return await self.store.rename(
            player_id,
            name,
            keys,
            self.clock(),
            timedelta(days=self.rules.rename_every_days),
            timedelta(days=self.rules.name_hold_days),
        )

    async def set_language(self, player_id: str, raw: str) -> Account:
        """The account's own language (for the client on every device, and its emails); "" forgets it."""
        return await self.store.set_language(player_id, check_language(raw))

    async def _ensure_guest(self, player_id: str) -> Account:
        account = await self.account(player_id)
        if not account.guest:
            raise Refused("not_a_guest", "this player already has an account")
        return account

    # -- passkeys --------------------------------------------------------------------------------

    async def begin_registration(self, player_id: str, raw_name: str, origin: str) -> tuple[str, str]:
        """A challenge for a new passkey: a guest's first (with the name it asks for) or an account's next."""
        self.rp.check_origin(origin)
        account = await self.account(player_id)
        name = account.name
        if account.guest:
            name, keys = _checked(lambda: account_name(raw_name))
            if not await self.store.name_is_free(player_id, keys, self.clock()):
                raise Refused("name_taken", "somebody already has this name, or one that looks like it")
        options = self.rp.registration(player_id, name, await self.store.passkey_ids(player_id))
        return await self._challenge("register", player_id, name, origin, options.challenge), options.json

    async def finish_registration(
        self, player_id: str, challenge_id: str, credential_json: str, label: str, origin: str
    ) -> Account:
        challenge = await self._take(challenge_id, "register", origin)
        if challenge.player_id != player_id:
            raise Refused("challenge_expired", "this challenge was not issued to you")
        verified = self.rp.verify_registration(credential_json, challenge.challenge, origin)
        passkey = NewPasskey(
            verified.passkey_id,
            verified.public_key,
            verified.sign_count,
            short_text(label, MAX_LABEL_LENGTH) or "passkey",
        )
        account = await self.account(player_id)
        upgrade = _checked(lambda: account_name(challenge.name)) if account.guest else None
        return await self.store.add_passkey(
            player_id, passkey, self.clock(), self.rules.max_passkeys, upgrade
        )

    async def passkeys(self, player_id: str) -> list[Passkey]:
        return await self.store.passkeys(player_id)

    async def remove_passkey(self, player_id: str, passkey_id: str) -> list[Passkey]:
        await self.store.remove_passkey(player_id, passkey_id)
        return await self.store.passkeys(player_id)

    async def _challenge(
        self, kind: str, player_id: str | None, name: str, origin: str, value: bytes
    ) -> str:
        challenge = Challenge(secrets.token_urlsafe(16), kind, player_id, name, origin, value)
        expires = self.clock() + timedelta(seconds=self.rules.challenge_seconds)
        await self.store.save_challenge(challenge, expires)
        return challenge.challenge_id

    async def _take(self, challenge_id: str, kind: str, origin: str) -> Challenge:
        self.rp.check_origin(origin)
        challenge = await self.store.take_challenge(challenge_id[:64], kind, self.clock())
        if challenge is None or challenge.origin != origin:
            raise Refused("challenge_expired", "this challenge has expired or was used; start again")
        return challenge

    # -- email ----------------------------------------------------------------------------------------

    async def set_email(self, player_id: str, raw_address: str, locale: str = "") -> Account:
        """The account's address, unverified until its link is opened (the link is mailed, in the
        account's language, else the asking request's `locale`)."""
        address = check_email(raw_address)
        token = secrets.token_urlsafe(24)
        await self.store.set_email(player_id, address, _token_hash(token), self._link_expiry())
        account = await self.account(player_id)
        link = f"{self.public_url}/account#verify={token}"
        await self.mail.send("verify", address, link, mail_language(account.language, locale))
        return account

    async def verify_email(self, token: str) -> Account:
        found = await self.store.take_email_token(_token_hash(token), "verify", self.clock())
        if found is None:
            raise Refused("link_expired", "this link has expired or was used; ask for a new one")
        return await self.store.email_verified(*found, self.clock())

    async def request_password_reset(self, raw_name: str, address: str, locale: str = "") -> None:
        """Mails a reset link to the named account's verified address, if it has one (in the
        account's language, else the asking request's `locale`); the caller is told nothing either way."""
        await self._not_blocked([address_key(address)])
        keys = _name_keys(raw_name)
        target = await self.store.reset_address(keys) if keys else None
        if target is None:
            await self._failed(address_key(address))  # guessing names costs the address
            return
        token = secrets.token_urlsafe(24)
        every = timedelta(minutes=self.rules.reset_every_minutes)
        if await self.store.add_reset_token(
            target[0], target[1], _token_hash(token), self._link_expiry(), every
        ):
            language = mail_language((await self.account(target[0])).language, locale)
            await self.mail.send("reset", target[1], f"{self.public_url}/account#reset={token}", language)

    async def reset_password(self, token: str, password: str) -> list[Session]:
        """The new password; every session of the account ends (returned, for the gateways)."""
        if not MIN_PASSWORD_LENGTH <= len(password) <= MAX_PASSWORD_LENGTH:
            check_password(password, "")
        found = await self.store.take_email_token(_token_hash(token), "reset", self.clock())
        if found is None:
            raise Refused("link_expired", "this link has expired or was used; ask for a new one")
        account = await self.account(found[0])
        check_password(password, account.name)
        return await self.store.reset_password(found[0], await self.passwords.hash(password), self.clock())

    def _link_expiry(self) -> datetime:
        return self.clock() + timedelta(minutes=self.rules.link_minutes)

    # -- friends and blocks --------------------------------------------------------------------------

    async def follow(self, player_id: str, other_id: str) -> dict[str, list[str]]:
        self._other(player_id, other_id)
        await self.account(player_id)
        await self.store.follow(player_id, other_id, self.clock(), MAX_RELATIONS)
        return await self.store.relations(player_id)

    async def unfollow(self, player_id: str, other_id: str) -> dict[str, list[str]]:
        await self.store.unfollow(player_id, other_id)
        return await self.store.relations(player_id)

    async def block(self, player_id: str, other_id: str) -> dict[str, list[str]]:
        self._other(player_id, other_id)
        await self.store.block(player_id, other_id, self.clock(), MAX_RELATIONS)
        return await self.store.relations(player_id)

    async def unblock(self, player_id: str, other_id: str) -> dict[str, list[str]]:
        await self.store.unblock(player_id, other_id)
        return await self.store.relations(player_id)

    async def relations(self, player_id: str) -> dict[str, list[str]]:
        return await self.store.relations(player_id)

    async def blocked(self, player_id: str, other_id: str) -> bool:
        return await self.store.blocked_either_way(player_id, other_id)

    @staticmethod
    def _other(player_id: str, other_id: str) -> None:
        if not other_id or other_id == player_id:
            raise Refused("malformed", "name another player")

    # -- the player's own data ------------------------------------------------------------------------

    async def export(self, player_id: str) -> dict[str, Any]:
        return await self.store.export(player_id)

    async def delete_account(self, player_id: str) -> list[Session]:
        """Everything of the player's own erased (the id stays in games); its sessions ended."""
        return await self.store.delete_account(
            player_id, self.clock(), timedelta(days=self.rules.name_hold_days)
        )

    # -- signing in ------------------------------------------------------------------------------

    async def sign_in_with_password(
        self, raw_name: str, password: str, address: str, device: str
    ) -> SignedIn:
        keys = _name_keys(raw_name)
        account_k, address_k = account_key(min(keys, default="")), address_key(address)
        await self._not_blocked([account_k, address_k])
        found = await self.store.password_by_name(keys) if keys else None
        if not await self.passwords.verify(found[1] if found else None, password[:1024]) or found is None:
            await self._failed(account_k, address_k)
            raise Refused("sign_in_failed", "that name and password do not match an account")
        await self._rehash_if_weaker(found[0], found[1], password)
        session = self._new_session(found[0], device)
        return SignedIn(await self.store.signed_in(session, clear_key=account_k), session)

    async def begin_sign_in(self, origin: str, address: str) -> tuple[str, str]:
        """A sign-in challenge (the address's delays are checked when it is answered; asking for
        one costs the gateway's per-address quota)."""
        self.rp.check_origin(origin)
        options = self.rp.sign_in()
        return await self._challenge("sign_in", None, "", origin, options.challenge), options.json

    async def sign_in_with_passkey(
        self, challenge_id: str, credential_json: str, origin: str, address: str, device: str
    ) -> SignedIn:
        address_k = address_key(address)
        await self._not_blocked([address_k])
        challenge = await self._take(challenge_id, "sign_in", origin)
        stored = await self.store.passkey(credential_id(credential_json))
        if stored is None:
            await self._failed(address_k)
            raise Refused("sign_in_failed", "this passkey does not belong to an account here")
        try:
            count = self.rp.verify_sign_in(
                credential_json, challenge.challenge, origin, stored.public_key, stored.sign_count
            )
        except Refused:
            await self._failed(address_k)
            raise
        session = self._new_session(stored.player_id, device)
        return SignedIn(
            await self.store.signed_in(session, passkey_used=(stored.passkey_id, count)), session
        )

    async def _not_blocked(self, keys: list[str]) -> None:
        wait = await self.store.blocked_for(keys, self.clock())
        if wait > 0:
            raise Refused("rate_limited", f"too many failed sign-ins; try again in {wait:.0f} s", wait)

    async def _failed(self, account_k: str, address_k: str | None = None) -> None:
        forget = timedelta(seconds=self.throttle.forget_after_seconds)
        if address_k is None:  # a passkey failure: the address only
            await self.store.record_failure(account_k, self.throttle.address, self.clock(), forget)
            return
        await self.store.record_failure(account_k, self.throttle.account, self.clock(), forget)
        await self.store.record_failure(address_k, self.throttle.address, self.clock(), forget)

    async def _rehash_if_weaker(self, player_id: str, stored: str, password: str) -> None:
        if self.passwords.needs_rehash(stored):
            await self.store.set_password_hash(player_id, await self.passwords.hash(password), self.clock())


def _token_hash(token: str) -> str:
    return hashlib.sha256(token[:200].encode()).hexdigest()


def _name_keys(raw_name: str) -> list[str]:
    """The keys of the name typed at sign-in ([] when it cannot be a name: nobody holds it)."""
    try:
        return sorted(names.skeletons(names.clean_name(raw_name)))
    except names.NameRefused:
        return []
