"""One browser socket: its subscriptions, moves, and the versioned stream of views it receives.

Every view for a socket passes through one inbox and one delivery task, so frames reach the
browser in version order. Per subscription the session remembers the last version sent:
older or repeated versions are dropped; a jump (a missed message, a reconnect with
`since_version`) triggers a resync over gRPC — the current view plus the moves in between —
so the browser neither misses nor repeats an update. A view from the bus is forwarded as the
bytes the relay encoded (see `daimyo_bus.messages`), never parsed or encoded again here.

A seat's subject is only ever subscribed for the player who owns the seat. While a socket
watches its own seat, the seat counts as present (see `presence.py`); `leave` hands the seat to
a bot at once and `reclaim` takes it back. Every socket on a game hears how many watch it
(`audience.py`) and which seat's player lost the connection or is back (`seat_news.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

import structlog

from daimyo_bus import subjects
from daimyo_bus.messages import BusMessage, PlayerNotice, SeatView, WatchView
from daimyo_gateway import frames, table_chat
from daimyo_gateway.audience import Audience
from daimyo_gateway.frames import (
    BadFrame,
    ChatFrame,
    Frame,
    Leave,
    MoveFrame,
    Ping,
    Reclaim,
    ServerFrame,
    Subscribe,
    Unsubscribe,
    parse_frame,
)
from daimyo_gateway.hub import Hub
from daimyo_gateway.metrics import DROPPED, RESYNCS, WS_FRAMES_OF
from daimyo_gateway.ports import GameInfo, GamePort, ServiceError, Viewer, ViewSnapshot
from daimyo_gateway.presence import Presence
from daimyo_gateway.seat_news import SeatNews
from daimyo_gateway.seat_news import State as SeatState
from daimyo_gateway.table_chat import ChatReader
from daimyo_gateway.tokens import Player
from daimyo_kit import logging as log
from daimyo_kit.grpc_client import new_request_id

MAX_SUBSCRIPTIONS = 8
MAX_MISSED = 200
INBOX_SIZE = 2000
SYNC = object()  # inbox marker: bring this subscription up to date now
RESYNC = object()  # inbox marker: catch up from the last version sent (NATS was away)
_VIEWS_OUT = WS_FRAMES_OF("out", "view")

Send = Callable[[ServerFrame | bytes], Awaitable[None]]
"""Queues one frame for the socket: a frame to encode, or a view frame already encoded."""
SendNow = Callable[[ServerFrame | bytes], None]
"""The same without waiting (the socket's bounded outbox takes it or ends the socket)."""
_log = structlog.get_logger("daimyo_gateway.sessions")


@dataclass
class Watch:
    game_id: str
    viewer: Viewer
    subject: str
    since: int | None
    last: int | None = None
    active: bool = True
    finished: bool = False  # the game's end was sent: nobody need watch for the player's absence
    spectator: str | None = None  # the player, counted among the game's watchers (audience.py)
    seated: frozenset[str] = frozenset()  # the players in the game's seats (a rename redraws them)

    def place_of(self, payload: Any) -> str:
        """Where a bus message stands for this watch: "next" (the view after the last one sent),
        "gap" (a later one: versions were missed), or "skip" (not a view for this viewer, or a
        repeat)."""
        if not isinstance(payload, SeatView | WatchView) or payload.seat != self.viewer:
            return "skip"
        last = self.last or 0
        return "skip" if payload.version <= last else "next" if payload.version == last + 1 else "gap"


class Session:
    def __init__(self, player: Player, games: GamePort, hub: Hub, send: Send,
                 presence: Presence | None = None, send_now: SendNow | None = None,
                 blocked: table_chat.Blocked | None = None, audience: Audience | None = None,
                 seat_news: SeatNews | None = None) -> None:
        self.player = player
        self._blocked = blocked
        self._games = games
        self._hub = hub
        self._send = send
        self._send_now = send_now
        self._delivering = False  # the delivery task is working on an inbox item
        self._presence = presence
        self._audience = audience
        self._seat_news = seat_news
        self._inbox: asyncio.Queue[tuple[Watch, Any]] = asyncio.Queue(INBOX_SIZE)
        self._watches: dict[str, tuple[Watch, Callable[[str, BusMessage], None]]] = {}
        self._delivery: asyncio.Task[None] | None = None
        self._notices: set[asyncio.Task[None]] = set()
        self._chat = ChatReader(hub, self._notify)

    async def start(self) -> None:
        self._hub.watch_connection(self._on_connection)
        await self._hub.add(subjects.player(self.player.player_id), self._on_player_message)
        self._delivery = asyncio.create_task(self._deliver_forever())
        await self._emit(frames.hello(self.player.player_id, self.player.name))

    async def close(self) -> None:
        if self._delivery:
            self._delivery.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._delivery
        self._hub.unwatch_connection(self._on_connection)
        await self._hub.remove(subjects.player(self.player.player_id), self._on_player_message)
        for game_id in list(self._watches):
            await self._unwatch(game_id)
        await self._chat.close()

    # -- names (renames.py) -----------------------------------------------------------------

    @property
    def player_id(self) -> str:
        return self.player.player_id

    def seats_any(self, player_ids: frozenset[str]) -> bool:
        """Whether one of these players sits in a game this socket watches."""
        return any(not watch.seated.isdisjoint(player_ids) for watch, _ in self._watches.values())

    def tell(self, frame: ServerFrame) -> None:
        self._notify(frame)

    # -- frames from the browser ------------------------------------------------------------

    async def handle_text(self, text: str) -> None:
        try:
            frame = parse_frame(text)
        except BadFrame as e:
            WS_FRAMES_OF("in", "bad").inc()
            await self._error(e.code, str(e), e.ref, e.arguments)
            return
        WS_FRAMES_OF("in", type(frame).__name__.lower()).inc()
        with log.bound(request_id=new_request_id(), player_id=self.player.player_id,
                       game_id=getattr(frame, "game_id", None)):
            try:
                await self._dispatch(frame)
            except ServiceError as e:
                await self._error(e.code, e.message, frame.ref, e.arguments)

    async def _dispatch(self, frame: Frame) -> None:
        if isinstance(frame, Subscribe):
            await self._subscribe(frame)
        elif isinstance(frame, Unsubscribe):
            await self._unwatch(frame.game_id)
        elif isinstance(frame, MoveFrame):
            await self._move(frame)
        elif isinstance(frame, Ping):
            await self._emit(frames.pong(frame.ref))
        elif isinstance(frame, Leave | Reclaim):
            await self._change_seat(frame)
        elif isinstance(frame, ChatFrame):
            await self._post_chat(frame)

    async def _post_chat(self, frame: ChatFrame) -> None:
        entry = self._watches.get(frame.game_id)  # a player watching as a spectator writes as a player
        seated = entry is not None and entry[0].viewer is not None
        viewer = entry[0].viewer if entry is not None and seated else await self._seat_or_none(frame.game_id)
        sent = await table_chat.post(self._games, self._hub, self.player, frame, viewer, self._blocked)
        await self._emit(sent)

    async def _seat_or_none(self, game_id: str) -> int | None:
        try:
            return await self._my_seat(game_id)
        except ServiceError:
            return None

    async def _subscribe(self, frame: Subscribe) -> None:
        info = await self._authorize(frame.game_id, frame.seat)
        await self._unwatch(frame.game_id)
        if len(self._watches) >= MAX_SUBSCRIPTIONS:
            raise ServiceError("malformed", f"at most {MAX_SUBSCRIPTIONS} games per connection",
                               {"max_games": MAX_SUBSCRIPTIONS})
        subject = (subjects.watch(frame.game_id) if frame.seat is None
                   else subjects.seat(frame.game_id, frame.seat))
        watch = Watch(frame.game_id, frame.seat, subject, frame.since_version,
                      spectator=self._spectator(info, frame.seat),
                      seated=frozenset(s.player_id for s in info.seats if s.player_id))
        listener = self._listener(watch)
        self._watches[frame.game_id] = (watch, listener)
        if self._audience is not None:  # joined with the watch, so its unwatch always leaves once
            await self._audience.join(frame.game_id, self._on_watching, watch.spectator)
        if self._seat_news is not None:
            await self._seat_news.join(frame.game_id, self._on_seat_news)
        await self._hub.add(subject, listener)
        self._inbox.put_nowait((watch, SYNC))
        reader = table_chat.reader_seat(info, self.player.player_id, frame.seat)
        await self._chat.listen(frame.game_id, reader)
        if frame.seat is not None and self._presence is not None:
            await self._presence.attach((frame.game_id, frame.seat, self.player.player_id))

    def _spectator(self, info: GameInfo, seat: int | None) -> str | None:
        """This player as a watcher of the game: only when they look on and hold no seat in it."""
        seated = any(s.player_id == self.player.player_id for s in info.seats)
        return None if seat is not None or seated else self.player.player_id

    def _on_watching(self, game_id: str, count: int) -> None:
        self._notify(frames.watching(game_id, count))

    def _on_seat_news(self, game_id: str, seat: int, state: SeatState) -> None:
        self._notify(frames.seat_presence(game_id, seat, state))

    async def _authorize(self, game_id: str, seat: int | None) -> GameInfo:
        try:
            info = await self._games.game_info(game_id)
        except ValueError as e:  # e.g. an id no NATS subject may carry
            raise ServiceError("malformed", str(e)) from None
        if seat is None:
            if not info.listed and not any(s.player_id == self.player.player_id for s in info.seats):
                raise ServiceError("forbidden", "the host of this private table allows no spectators")
            return info
        if seat >= len(info.seats) or info.seats[seat].player_id != self.player.player_id:
            raise ServiceError("forbidden", f"seat {seat} of this game is not yours", {"seat": seat})
        return info

    async def _unwatch(self, game_id: str) -> None:
        entry = self._watches.pop(game_id, None)
        await self._chat.stop(game_id)
        if entry is not None:
            entry[0].active = False
            if self._audience is not None:
                await self._audience.leave(game_id, self._on_watching, entry[0].spectator)
            if self._seat_news is not None:
                await self._seat_news.leave(game_id, self._on_seat_news)
            await self._hub.remove(entry[0].subject, entry[1])
            if entry[0].viewer is not None and self._presence is not None:
                self._presence.detach((game_id, entry[0].viewer, self.player.player_id),
                                      watch_absence=not entry[0].finished)

    async def _move(self, frame: MoveFrame) -> None:
        seat = await self._my_seat(frame.game_id)
        try:
            version = await self._games.submit_move(frame.game_id, seat, frame.move, frame.expected_version,
                                                    frame.command_id, self.player.player_id)
        except ServiceError as e:
            if e.code == "stale":
                self._catch_up(frame.game_id)
            raise
        await self._emit(frames.ack(frame.game_id, frame.command_id, version, frame.ref))

    def _catch_up(self, game_id: str) -> None:
        """A stale move shows the page is behind its game: bring the watch up to date. A view it
        missed (dropped for a slow socket) would else be noticed only at the game's next version,
        which may be this very player's move."""
        entry = self._watches.get(game_id)
        if entry is not None:
            self._resync_later(entry[0])

    async def _change_seat(self, frame: Leave | Reclaim) -> None:
        seat = await self._my_seat(frame.game_id)
        player_id = self.player.player_id
        if isinstance(frame, Leave):
            version = await self._games.hand_over_seat(frame.game_id, seat, player_id, "resigned")
        else:
            version = await self._games.reclaim_seat(frame.game_id, seat, player_id)
        action: Literal["left", "reclaimed"] = "left" if isinstance(frame, Leave) else "reclaimed"
        await self._emit(frames.seat_changed(frame.game_id, seat, action, version, frame.ref))

    async def _my_seat(self, game_id: str) -> int:
        entry = self._watches.get(game_id)
        if entry is not None and entry[0].viewer is not None:
            return entry[0].viewer
        info = await self._games.game_info(game_id)
        for seat, occupant in enumerate(info.seats):
            if occupant.player_id == self.player.player_id:
                return seat
        raise ServiceError("forbidden", "you hold no seat in this game")

    # -- views to the browser ----------------------------------------------------------------

    def _on_player_message(self, _subject: str, message: BusMessage) -> None:
        if isinstance(message, PlayerNotice) and not self._shown_already(message):
            self._notify(frames.notice_of(message))  # its type is one of NOTICE_CODES (checked on decode)

    def _shown_already(self, notice: PlayerNotice) -> bool:
        """A `your_turn` this socket has already said with a view: it watches that seat and sent
        that version or a later one (the page keeps the newest version per game, so it would drop
        the notice). One frame less per move for a player watching their own game."""
        frame = notice.frame
        game_id = frame.get("game_id")
        if notice.type != "your_turn" or not isinstance(game_id, str):
            return False
        entry = self._watches.get(game_id)
        if entry is None:
            return False
        watch, version = entry[0], frame.get("version")
        return (watch.viewer == frame.get("seat") and watch.last is not None and isinstance(version, int)
                and watch.last >= version)

    def _on_connection(self, connected: bool) -> None:
        """Tell the browser live updates paused or resumed; on resuming, catch every watched
        game up from the last version sent (what was published meanwhile never arrives)."""
        self._notify(frames.status(connected))
        if connected:
            for watch, _listener in self._watches.values():
                self._resync_later(watch)

    def _resync_later(self, watch: Watch) -> None:
        """Catch `watch` up from its last version sent, in turn with its other deliveries."""
        with contextlib.suppress(asyncio.QueueFull):  # then a later gap resyncs
            self._inbox.put_nowait((watch, RESYNC))

    def _listener(self, watch: Watch) -> Callable[[str, BusMessage], None]:
        def on_message(_subject: str, message: BusMessage) -> None:
            if not self._inbox.empty() or self._delivering or not self._delivered_now(watch, message):
                try:
                    self._inbox.put_nowait((watch, message))
                except asyncio.QueueFull:  # the next message shows a gap and resyncs
                    DROPPED.inc()
        return on_message

    def _delivered_now(self, watch: Watch, payload: Any) -> bool:
        """The common case straight to the socket, not through the inbox and its task: the next
        view of an up-to-date watch (or a repeat, dropped). Anything else — a first view, a gap,
        a resync — goes the slow way, and so does everything while the inbox is not empty."""
        if self._send_now is None or not watch.active or watch.last is None:
            return False
        place = watch.place_of(payload)
        if place == "next":
            self._send_now(_shown(watch, payload))
        return place != "gap"  # a skip is dropped either way

    def _notify(self, frame: ServerFrame) -> None:
        """`frame` to the browser from a callback: straight into the socket's outbox when there is
        one, else through a task of its own."""
        if self._send_now is not None:
            WS_FRAMES_OF("out", frame["type"]).inc()
            self._send_now(frame)
            return
        task = asyncio.get_running_loop().create_task(self._emit(frame))
        self._notices.add(task)
        task.add_done_callback(self._notices.discard)

    async def _deliver_forever(self) -> None:
        while True:
            watch, payload = await self._inbox.get()
            if not watch.active:
                continue
            self._delivering = True
            try:
                await self._deliver(watch, payload)
            except ServiceError as e:
                await self._error(e.code, e.message, {"game_id": watch.game_id}, e.arguments)
            except Exception:  # one bad message must not end the socket's stream
                _log.exception("delivery_failed", game_id=watch.game_id)
            finally:
                self._delivering = False

    async def _deliver(self, watch: Watch, payload: Any) -> None:
        if watch.last is None:
            await self._resync(watch, watch.since)
        elif payload is RESYNC:
            await self._resync(watch, watch.last)
        place = watch.place_of(payload) if watch.active else "skip"  # SYNC / RESYNC are skips too
        if place == "gap":
            await self._resync(watch, watch.last)
        elif place == "next":
            await self._send(_shown(watch, payload))

    async def _resync(self, watch: Watch, since: int | None) -> None:
        RESYNCS.inc()
        snapshot = await self._games.get_view(watch.game_id, watch.viewer)
        if since is None or since != snapshot.version:
            missed = await self._missed(watch, since, snapshot.version)
            if not watch.active:  # replaced while we waited (a resubscribe during an outage): its
                return            # successor sends its own snapshot, so this one would repeat it
            await self._emit(_snapshot_frame(snapshot, watch.viewer, missed))
        watch.last, watch.finished = snapshot.version, snapshot.finished
        await self._emit(frames.resynced(watch.game_id, snapshot.version, since))

    async def _missed(self, watch: Watch, since: int | None, current: int) -> list[frames.MissedEvent]:
        if since is None or since >= current or current - since > MAX_MISSED:
            return []
        records = await self._games.events_since(watch.game_id, since, watch.viewer)
        return [frames.missed_event(r.version, r.type, r.seat, r.move, r.effects)
                for r in records if r.version <= current]

    async def _emit(self, frame: ServerFrame) -> None:
        WS_FRAMES_OF("out", frame["type"]).inc()
        await self._send(frame)

    async def _error(self, code: str, message: str, ref: Any, args: dict[str, Any] | None = None) -> None:
        await self._emit(frames.error(code, message, ref, args))


def _shown(watch: Watch, view: SeatView | WatchView) -> bytes:
    """`view`'s frame, counted and recorded as the last one this watch sent."""
    watch.last = view.version
    watch.finished = watch.finished or view.event == "GameFinished"
    _VIEWS_OUT.inc()
    return view.frame


def _snapshot_frame(snapshot: ViewSnapshot, viewer: Viewer, missed: list[frames.MissedEvent]) -> frames.View:
    return frames.view(snapshot.game_id, snapshot.version, viewer, snapshot.view, to_act=snapshot.to_act,
                       finished=snapshot.finished, missed=missed, game=snapshot.game, clock=snapshot.clock,
                       takeovers=snapshot.takeovers, winners=snapshot.winners, abandoned=snapshot.abandoned)
