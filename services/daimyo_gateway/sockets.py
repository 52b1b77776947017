"""The browser socket's plumbing, bounded whatever the client does.

- Who: the token comes in the first frame (`auth {token}`), never in the URL, within
  `ws_auth_seconds`; the page's Origin must be allowed (same origin by default).
- How fast: each frame takes a token from the socket's bucket and from its player's bucket
  (shared by the player's sockets); a frame over the rate is refused (one `rate_limited` error
  per streak) and a socket that keeps on is closed with 1008 (policy violation).
- How much: frames to the browser wait in a bounded outbox (frames and bytes); a browser that
  does not read fills it and is closed with 1013 (try again later) — it reconnects and
  subscribes with `since_version`, losing nothing.
- How many bytes: what a socket reads is spent from its address's and its player's byte budgets
  (`ws_read_bytes_per_second`); one in debt stops reading for a while, so TCP makes the sender
  wait instead of the gateway reading gigabytes of frames it would refuse; one kept waiting
  `MAX_PACED_SECONDS` in all is closed with 1008.
A failing socket logs one line, whatever number of frames it had queued, and an address's
lines are themselves rate-limited (`bad_input_logs_per_minute`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from dataclasses import dataclass

import structlog
from aiohttp import WSCloseCode, WSMsgType, web

from daimyo_gateway import frames, visitors
from daimyo_gateway.frames import BadFrame, ServerFrame, parse_auth
from daimyo_gateway.limits import Limits, Origin, TrustedProxies, allowed_origins, origin_of
from daimyo_gateway.metrics import REFUSED
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import InvalidToken, Player, TokenSigner
from daimyo_kit.rates import ByteBudgets, KeyedBuckets, TokenBucket

CLOSE_SECONDS = 2.0
TRY_AGAIN_LATER = 1013
MAX_PACED_SECONDS = 5.0  # a socket made to wait this long in all for its byte budgets is closed (1008)
_log = structlog.get_logger("daimyo_gateway.sockets")


class Outbox:
    """Encoded frames waiting for one socket, at most `max_frames` and `max_bytes` of them (a
    view from the bus stays the bytes the relay encoded; it is sent as it came).

    `put` never waits: a frame that does not fit empties the outbox and marks it overflowed
    (the socket is then closed; what was queued would be stale by the time it was read)."""

    def __init__(self, max_frames: int, max_bytes: int) -> None:
        self._max_frames, self._max_bytes = max_frames, max_bytes
        self._frames: deque[str | bytes] = deque()
        self._bytes = 0
        # The one reader's wake-up: a bare future on the loop found once, not an asyncio.Event,
        # whose every wait asks for the running loop (a getpid system call on Python 3.11).
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiter: asyncio.Future[None] | None = None
        self.overflowed = False
        self.closed = False

    def put(self, frame: ServerFrame | str | bytes) -> bool:
        if self.closed or self.overflowed:
            return False
        text = frame if isinstance(frame, str | bytes) else frames.encode(frame).decode()
        if len(self._frames) >= self._max_frames or self._bytes + len(text) > self._max_bytes:
            self.overflowed = True
            self._frames.clear()
            self._bytes = 0
        else:
            self._frames.append(text)
            self._bytes += len(text)
        self._wake()
        return not self.overflowed

    def close(self) -> None:
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> str | bytes | None:
        """The next frame; None once closed or overflowed. One reader at a time (the socket's
        writer)."""
        while not self._frames:
            if self.closed or self.overflowed:
                return None
            if self._loop is None:
                self._loop = asyncio.get_running_loop()
            self._waiter = self._loop.create_future()
            await self._waiter
        text = self._frames.popleft()
        self._bytes -= len(text)
        return text

    def pop(self) -> str | bytes | None:
        """The next frame without waiting; None when there is none."""
        if not self._frames:
            return None
        text = self._frames.popleft()
        self._bytes -= len(text)
        return text

    def __len__(self) -> int:
        return len(self._frames)


@dataclass(frozen=True)
class Peer:
    """Where a socket comes from and what its address may still spend (None: no budget)."""

    address: str = "unknown"
    transport: asyncio.BaseTransport | None = None
    read_bytes: ByteBudgets | None = None
    logs: KeyedBuckets | None = None

    def may_log(self) -> bool:
        return self.logs is None or not self.logs.take(self.address)

    def write_buffer(self) -> int:
        """Bytes written to the socket that the kernel has not taken yet."""
        transport = self.transport
        return transport.get_write_buffer_size() if isinstance(transport, asyncio.WriteTransport) else 0


class Connection:
    """One authenticated socket: its outbox and only writer, its buckets, and how it ends."""

    def __init__(self, ws: web.WebSocketResponse, limits: Limits, player_bucket: TokenBucket,
                 player_id: str, peer: Peer | None = None) -> None:
        self._ws, self._limits, self._player_id = ws, limits, player_id
        self._peer = peer or Peer()
        self.outbox = Outbox(limits.ws_outbox_frames, limits.ws_outbox_bytes)
        self._bucket = TokenBucket(limits.ws_frames_per_second, limits.ws_frame_burst)
        self._player_bucket = player_bucket
        self._refused = 0
        self._paced = 0.0  # seconds this socket has stopped reading for its byte budgets
        self.failure: str | None = None
        self._writer: asyncio.Task[None] | None = None  # runs only while frames wait: an idle socket
        self._closing: asyncio.Task[None] | None = None

    async def send(self, frame: ServerFrame | bytes) -> None:
        """The session's way out (a view frame arrives already encoded)."""
        self.queue(frame)

    def queue(self, frame: ServerFrame | bytes) -> None:
        """Queue a frame for the browser; a full outbox — or a kernel buffer past the outbox's
        bytes, the writer's frames not taken — ends the socket (1013)."""
        full = not self.outbox.put(frame) and self.outbox.overflowed
        if full or self._peer.write_buffer() > self._limits.ws_outbox_bytes:
            self.fail(TRY_AGAIN_LATER, "outbox_full",
                      "you are not reading fast enough; reconnect and subscribe with since_version")
        elif self.failure is None and (self._writer is None or self._writer.done()):  # an idle
            # socket costs no task of its own: 10,000 of them are 10 MB less
            self._writer = asyncio.get_running_loop().create_task(self._write_queued())

    async def pace(self, size: int) -> None:
        """Spend `size` bytes read from the address's and the player's budgets; while either is
        in debt the socket reads nothing (its reader's queue fills and aiohttp stops reading)."""
        budgets = self._peer.read_bytes
        if budgets is None or not size:
            return
        wait = max(budgets.spend(self._peer.address, size), budgets.spend("player " + self._player_id, size))
        if not wait:
            return
        self._paced += wait
        REFUSED("read_bytes").inc()
        if self._paced > MAX_PACED_SECONDS:  # not a burst but a flood: close early
            self.fail(WSCloseCode.POLICY_VIOLATION, "rate_limited", "too many bytes a second")
        else:
            await asyncio.sleep(wait)

    def admit(self) -> bool:
        """May the next frame from the browser be handled? (Both buckets must have a token.)"""
        if self._bucket.take() and self._player_bucket.take():
            self._refused = 0
            return True
        self._refused += 1
        if self._refused == 1:
            per_second = self._limits.ws_frames_per_second
            self.queue(frames.error("rate_limited", f"at most {per_second:g} frames a second; frames over "
                                    "the rate are dropped", args={"per_second": per_second}))
        elif self._refused > self._limits.ws_refused_before_close:
            self.fail(WSCloseCode.POLICY_VIOLATION, "rate_limited", "too many frames over the rate")
        return False

    def fail(self, code: int, reason: str, message: str) -> None:
        """End the socket for `reason` — once, with one log line. What is queued still goes out
        (within CLOSE_SECONDS) unless the browser is not reading anyway."""
        if self.failure is not None:
            return
        if self._peer.may_log():
            _log.info("socket_closed", reason=reason, code=int(code), player_id=self._player_id,
                      queued=len(self.outbox))
        self._end(code, reason, message, drain=reason == "rate_limited")

    def crash(self, error: Exception) -> None:
        """Handling a frame failed unexpectedly: say what, briefly, and end the socket (1011)."""
        if self.failure is None and self._peer.may_log():
            _log.warning("frame_failed", error=type(error).__name__, detail=str(error)[:200],
                         player_id=self._player_id)
        self._end(WSCloseCode.INTERNAL_ERROR, "server_error", "server error", drain=True)

    async def end_session(self) -> None:
        """The socket's session ended or its token was replaced (on any gateway): say so after
        what is queued, then close with 1008; the page signs in again."""
        self.queue(frames.error("session_ended", "this session has ended; sign in again"))
        self._end(WSCloseCode.POLICY_VIOLATION, "session_ended", "session ended", drain=True)
        if self._closing is not None:
            await self._closing

    async def restart(self, frame: ServerFrame) -> None:
        """The gateway is stopping: send `frame` after what is queued, then close with 1012."""
        self.queue(frame)
        self._end(WSCloseCode.SERVICE_RESTART, "server_restarting", "server restarting", drain=True)
        if self._closing is not None:
            await self._closing

    def _end(self, code: int, reason: str, message: str, drain: bool) -> None:
        if self.failure is not None:
            return
        self.failure = reason
        self.outbox.close()
        if not drain and self._writer is not None:
            self._writer.cancel()
        self._closing = asyncio.create_task(self._close_after_writer(code, message))

    async def _close_after_writer(self, code: int, message: str) -> None:
        if self._writer is not None:
            await asyncio.wait([self._writer], timeout=CLOSE_SECONDS)
            self._writer.cancel()
        await _close(self._ws, code, message)

    async def finish(self) -> None:
        """After the read loop: let the writer drain what is queued, then close."""
        self.outbox.close()
        if self._writer is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        if self._closing is not None:
            await self._closing

    async def _write_queued(self) -> None:
        """The socket's only writer, so frames go out whole and in the order they were queued;
        it ends once the outbox is empty (`queue` starts the next one)."""
        while (text := self.outbox.pop()) is not None:
            try:
                if isinstance(text, bytes):
                    await self._ws.send_frame(text, WSMsgType.TEXT)
                else:
                    await self._ws.send_str(text)
            except (ConnectionError, RuntimeError):
                self.fail(WSCloseCode.GOING_AWAY, "write_failed", "")
                return


async def _close(ws: web.WebSocketResponse, code: int, message: str) -> None:
    """Close politely if the browser answers within CLOSE_SECONDS; else drop the connection."""
    with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
        await asyncio.wait_for(ws.close(code=code, message=message.encode()[:120]), CLOSE_SECONDS)


def check_origin(request: web.Request, allowed: frozenset[str],
                 proxies: TrustedProxies | None = None) -> None:
    """Refuse a socket opened by a page of another origin (a browser always sends Origin).

    Allowed: the origins listed, or — with none listed — this one, scheme included (the scheme
    a trusted proxy says the browser used, `X-Forwarded-Proto`, else our own)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return  # not a browser: it has to present a token like anyone
    if _own_or_listed(request, origin_of(origin), allowed, proxies or TrustedProxies()):
        return
    raise ServiceError("forbidden", f"sockets from origin {origin[:100]!r} are not allowed")


def _own_or_listed(request: web.Request, origin: Origin | None, allowed: frozenset[str],
                   proxies: TrustedProxies) -> bool:
    if origin is None:
        return False
    if allowed:
        return origin in allowed_origins(allowed)
    scheme = proxies.scheme(request.remote, request.headers.get("X-Forwarded-Proto", ""), request.scheme)
    return origin == origin_of(f"{scheme}://{request.host}")


async def authenticate(ws: web.WebSocketResponse, signer: TokenSigner, seconds: float) -> Player | None:
    """The player of the socket's first frame (a visitor for `{"type": "auth", "visitor": true}`);
    None (socket closed with 1008) without one."""
    try:
        message = await ws.receive(timeout=seconds)
        if message.type != WSMsgType.TEXT:
            raise BadFrame('the first frame must be {"type": "auth", "token": "<your token>"}')
        token = parse_auth(message.data)
        return signer.verify(token) if token else visitors.visitor()  # no token: a visitor, to watch
    except TimeoutError:
        await refuse(ws, "unauthenticated", f"send auth {{token}} within {seconds:g} s")
    except BadFrame as e:
        await refuse(ws, e.code if e.code == "unsupported_version" else "unauthenticated",
                     str(e) if e.code == "unsupported_version" else f"sign in first ({e})")
    except InvalidToken as e:
        await refuse(ws, "unauthenticated", f"sign in first ({e})")
    return None


async def refuse(ws: web.WebSocketResponse, code: str, message: str,
                 args: dict[str, object] | None = None) -> None:
    """An error frame, then a 1008 close."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        text = frames.encode(frames.error(code, message, args=args)).decode()
        await asyncio.wait_for(ws.send_str(text), CLOSE_SECONDS)
    await _close(ws, WSCloseCode.POLICY_VIOLATION, message)
