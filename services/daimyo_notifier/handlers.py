"""The notifier's application logic: what a game's notices become (one kept notice per player and
kind, and a "24 h left" reminder before a correspondence deadline), what a friend's challenge
becomes, and the players' own requests
(devices, preferences), each checked before anything is stored."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from daimyo_bus.messages import GameNotices, TableChallenge
from daimyo_notifier.digest import token_matches
from daimyo_notifier.domain import KINDS, InvalidRequest, Notice, Preferences, checked_preferences, notice_key
from daimyo_notifier.store import Device, NotifierStore

MAX_ENDPOINT = 1024
LOCALES = ("en", "pt-BR", "es", "zh-Hans", "en-XA")


@dataclass(frozen=True)
class Policy:
    """What the notifier accepts and when it reminds (settings.py fills it from the environment)."""

    push_origins: tuple[str, ...]  # push services a device may name; "https://*.host" admits subdomains
    devices_per_player: int = 10
    time_low_ms: int = 24 * 3600 * 1000  # the reminder before a correspondence deadline
    unsubscribe_secret: bytes = b""  # signs the digests' one-click unsubscribe links


class NotifierHandlers:
    def __init__(
        self,
        store: NotifierStore,
        policy: Policy,
        now_ms: Callable[[], int],
        on_notice: Callable[[], None] = lambda: None,
    ) -> None:
        self.store, self.policy, self.now_ms, self.on_notice = store, policy, now_ms, on_notice

    async def ingest(self, *messages: GameNotices | TableChallenge) -> int:
        """Keep what `messages` mean for each player, in one transaction; how many notices are new."""
        now = self.now_ms()
        notices = [n for m in messages for n in _notices_of(m, now, self.policy.time_low_ms)]
        added = await self.store.record(notices)
        if added:
            self.on_notice()
        return added

    async def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str, locale: str) -> Device:
        _player(player_id)
        device = Device(
            "",
            player_id,
            self.checked_endpoint(endpoint),
            _key(p256dh, 65, "p256dh"),
            _key(auth, 16, "auth"),
            locale if locale in LOCALES else "en",
        )
        return await self.store.subscribe(device, self.policy.devices_per_player)

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        _player(player_id)
        return await self.store.unsubscribe(player_id, endpoint)

    async def preferences(self, player_id: str) -> tuple[Preferences, int]:
        _player(player_id)
        return await self.store.preferences(player_id), await self.store.devices(player_id)

    async def set_preferences(self, prefs: Preferences) -> tuple[Preferences, int]:
        _player(prefs.player_id)
        await self.store.set_preferences(checked_preferences(prefs))
        return await self.preferences(prefs.player_id)

    async def unsubscribe_email(self, player_id: str, token: str) -> bool:
        """RFC 8058 one-click: the link's token names the player; every email notice goes off."""
        _player(player_id)
        if not token_matches(self.policy.unsubscribe_secret, player_id, token):
            raise InvalidRequest("this unsubscribe link is not valid")
        prefs = await self.store.preferences(player_id)
        muted = prefs.muted | {(kind, "email") for kind in KINDS}
        await self.store.set_preferences(replace(prefs, muted=frozenset(muted)))
        return True

    def checked_endpoint(self, endpoint: str) -> str:
        """A push service the operator allows (never an arbitrary URL: the notifier POSTs to it)."""
        parts = urlsplit(endpoint)
        if len(endpoint) > MAX_ENDPOINT or not parts.hostname or parts.username or parts.password:
            raise InvalidRequest("endpoint is not a push service URL")
        origin = f"{parts.scheme}://{parts.netloc}"
        if not any(_origin_matches(allowed, origin) for allowed in self.policy.push_origins):
            raise InvalidRequest(f"{origin} is not an allowed push service")
        return endpoint


def _notices_of(message: GameNotices | TableChallenge, now_ms: int, time_low_ms: int) -> list[Notice]:
    if isinstance(message, TableChallenge):
        return challenge_notices(message, now_ms)
    return notices_of(message, now_ms, time_low_ms)


def challenge_notices(message: TableChallenge, now_ms: int) -> list[Notice]:
    """One `friend_challenge` notice per friend challenged, due now, keyed by the table's code
    (a challenge read twice is one notice); whether and when it is sent is the player's choice."""
    kind = "friend_challenge"
    return [Notice(notice_key(message.code, 0, kind, friend), friend, kind, message.code, message.game, 0,
                   now_ms, host=message.host_name) for friend in dict.fromkeys(message.invited)]


def notices_of(message: GameNotices, now_ms: int, time_low_ms: int) -> list[Notice]:
    """One notice per seat notice (a moved deadline is not said), and for a running clock whose
    deadline is far enough away, the reminder before it."""
    out = []
    for seat in message.notices:
        if seat.kind != "deadline_moved":
            out.append(_notice(message, seat.kind, seat.player_id, now_ms, seat.deadline_ms))
        if seat.kind in ("your_turn", "deadline_moved") and seat.deadline_ms - time_low_ms > now_ms:
            out.append(_notice(message, "time_low", seat.player_id, seat.deadline_ms - time_low_ms,
                               seat.deadline_ms))
    return out


def _notice(message: GameNotices, kind: str, player: str, due_ms: int, deadline_ms: int) -> Notice:
    key = notice_key(message.game_id, message.version, kind, player)
    return Notice(key, player, kind, message.game_id, message.game, message.version, due_ms, deadline_ms)


def _origin_matches(allowed: str, origin: str) -> bool:
    if "://*." not in allowed:
        return allowed == origin
    scheme, _, suffix = allowed.partition("://*")
    return (
        origin.startswith(scheme + "://") and origin.endswith(suffix) and "/" not in origin[len(scheme) + 3 :]
    )


def _player(player_id: str) -> None:
    if not player_id or len(player_id) > 128:
        raise InvalidRequest("player_id is required")


def _key(value: str, size: int, name: str) -> str:
    """A base64url key of exactly `size` bytes (the browser's PushSubscription keys)."""
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise InvalidRequest(f"{name} is not base64url") from None
    if len(raw) != size or (size == 65 and raw[0] != 4):
        raise InvalidRequest(
            f"{name} must be {size} bytes" + (" (an uncompressed P-256 point)" if size == 65 else "")
        )
    return value
