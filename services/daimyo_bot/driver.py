"""The bot driver: plays every bot seat through the game service, exactly like a player.

On each turn notice (`daimyo.game.<id>.turn`, a NATS queue group so replicas split the work)
and on a periodic sweep of live games, for each bot seat that must act: fetch that seat's
view (GetView), ask the bot service for a move (SuggestMove, the view only — never the
state), and submit it (SubmitMove) with the view's version as `expected_version` and the
command id `bot:<game>:<version>:<seat>`, so duplicate notices never make two moves. Command
ids are kept per actor by the game service, so that id lives in the driver's own namespace:
no player can use it up. A refusal of the driver's own move (ABORTED, ALREADY_EXISTS) counts
as settled only once the game has moved past that version; otherwise the turn is tried
again with a fresh command id. When the
bot service is down or late, a random legal move is played once the deadline has passed (at
once when the service has no bot for that game or level), so a game never stalls. A stale
version (ABORTED) is dropped: a newer notice follows.

At a table where a person holds a seat, a bot takes at least `min_move_s` per move (the search
may use that time), so a person can follow what it did; bot-only games move as fast as the
bots think.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import grpc

from daimyo_bot.fallback import fallback_move
from daimyo_bot.metrics import DRIVER_MOVES
from daimyo_bus.messages import BusMessage, TurnNotice
from daimyo_kit import logging as log
from daimyo_kit.grpc_client import new_request_id
from daimyo_proto.daimyo.bot.v1 import bot_pb2
from daimyo_proto.daimyo.game.v1 import game_pb2
from daimyo_rules.core import Rng

QUEUE_GROUP = "daimyo-bot-driver"
BOT_GRACE_S = 0.3  # beyond the deadline before the driver stops waiting for the bot service
CALL_TIMEOUT_S = 5.0
SETTLED = (grpc.StatusCode.ABORTED, grpc.StatusCode.ALREADY_EXISTS, grpc.StatusCode.NOT_FOUND)
SUBMIT_ATTEMPTS = 3  # a refusal while the game stands still: retried with a fresh command id

_log = log.get_logger("daimyo_bot.driver")


def command_id(game_id: str, version: int, seat: int, attempt: int = 0) -> str:
    base = f"bot:{game_id}:{version}:{seat}"
    return f"{base}:{attempt}" if attempt else base


def bot_seats(seats: list[dict[str, Any]], to_act: list[int]) -> list[tuple[int, str]]:
    """(seat, level) of every seat in `to_act` that a bot plays."""
    levels = {int(s.get("seat", n)): s.get("bot_level") for n, s in enumerate(seats)}
    return [(seat, level) for seat in to_act if (level := levels.get(seat))]


@dataclass(frozen=True)
class SeatTurn:
    game_id: str
    game: str
    seat: int
    level: str
    version: int | None = None  # the notice's version; None (a sweep): whatever is current
    paced: bool = False  # a person holds a seat: take at least the driver's `min_move_s`


@dataclass
class Driver:
    game: Any  # GameServiceStub
    bot: Any  # BotServiceStub
    deadline_s: float = 1.0
    min_move_s: float = 0.0  # per move at tables with a person
    rng: Rng = field(default_factory=lambda: Rng(secrets.randbits(64)))
    _busy: set[tuple[str, int]] = field(default_factory=set)
    _again: dict[tuple[str, int], SeatTurn] = field(default_factory=dict)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    async def on_turn(self, subject: str, notice: BusMessage) -> None:
        """A turn notice: start playing each bot seat to act (in the background)."""
        if not isinstance(notice, TurnNotice) or notice.finished:
            return
        if not notice.game:
            _log.warning("turn_notice_without_game", game_id=notice.game_id)
            return
        levels = {s.seat: s.bot_level for s in notice.seats}
        paced = notice.with_people if notice.with_people is not None else None in levels.values()
        for seat in notice.to_act:
            if level := levels.get(seat):
                self.start(SeatTurn(notice.game_id, notice.game, seat, level, notice.version, paced))

    def start(self, turn: SeatTurn) -> None:
        key = (turn.game_id, turn.seat)
        if key in self._busy:
            self._again[key] = turn  # look again when the move in flight is done
            return
        self._busy.add(key)
        task = asyncio.create_task(self._play_guarded(turn), name=f"bot:{turn.game_id}:{turn.seat}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play_guarded(self, turn: SeatTurn) -> None:
        try:
            with log.bound(game_id=turn.game_id, seat=turn.seat, request_id=new_request_id()):
                await self.play(turn)
        except grpc.aio.AioRpcError as e:
            _log.warning("bot_turn_failed", code=e.code().name, detail=e.details())
        except Exception:  # one game's failure must not stop the driver; the sweep retries
            _log.exception("bot_turn_crashed")
        finally:
            key = (turn.game_id, turn.seat)
            self._busy.discard(key)
            again = self._again.pop(key, None)
            if again is not None:
                self.start(again)

    async def play(self, turn: SeatTurn) -> str:
        """Make one move for `turn`'s seat if it must act; what happened, for logs and tests."""
        view = await self.game.GetView(_view_request(turn.game_id, turn.seat), timeout=CALL_TIMEOUT_S)
        if view.finished or turn.seat not in view.to_act:
            return "not_to_act"
        if turn.version is not None and view.version != turn.version:
            return "superseded"  # the notice of the newer version is (or was) on its way
        started = time.monotonic()
        move, source = await self._choose(turn, view.view_json)
        if turn.paced:  # let a person see the position before it changes
            await asyncio.sleep(max(0.0, started + self.min_move_s - time.monotonic()))
        result = await self._submit(turn, view.version, move)
        DRIVER_MOVES.labels(source, result).inc()
        _log.info("bot_moved", source=source, result=result, version=view.version,
                  think_ms=round((time.monotonic() - started) * 1000))
        return result

    def thinking_s(self, turn: SeatTurn) -> float:
        """The bot's budget: its deadline, or at a table with a person the whole paced time."""
        return max(self.deadline_s, self.min_move_s) if turn.paced else self.deadline_s

    async def _choose(self, turn: SeatTurn, view_json: str) -> tuple[str, str]:
        deadline_at = time.monotonic() + self.thinking_s(turn)
        try:
            return await self._suggest(turn, view_json), "bot"
        except (TimeoutError, grpc.aio.AioRpcError) as e:
            _log.warning("bot_service_failed", error=_describe(e))
            if not _refused(e):  # down or late: keep the pace a working bot would have kept
                await asyncio.sleep(max(0.0, deadline_at - time.monotonic()))
        move = fallback_move(turn.game, json.loads(view_json), turn.seat, self.rng)
        return json.dumps(move), "fallback"

    async def _suggest(self, turn: SeatTurn, view_json: str) -> str:
        thinking_s = self.thinking_s(turn)
        request = bot_pb2.SuggestMoveRequest(game=turn.game, seat=turn.seat, view_json=view_json,
                                             level=turn.level, deadline_ms=round(thinking_s * 1000))
        reply = await self.bot.SuggestMove(request, timeout=thinking_s + BOT_GRACE_S)
        return str(reply.move_json)

    async def _submit(self, turn: SeatTurn, version: int, move_json: str) -> str:
        for attempt in range(SUBMIT_ATTEMPTS):
            request = game_pb2.SubmitMoveRequest(
                game_id=turn.game_id, seat=turn.seat, move_json=move_json, expected_version=version,
                command_id=command_id(turn.game_id, version, turn.seat, attempt))
            try:
                await self.game.SubmitMove(request, timeout=CALL_TIMEOUT_S)
            except grpc.aio.AioRpcError as e:
                if e.code() not in SETTLED:
                    raise
                if e.code() == grpc.StatusCode.NOT_FOUND or await self._moved_past(turn, version):
                    return str(e.code().name.lower())
                _log.warning("bot_move_refused_unsettled", code=e.code().name, detail=e.details(),
                             version=version, attempt=attempt)
                continue
            return "accepted"
        return "unsettled"  # the sweep looks again

    async def _moved_past(self, turn: SeatTurn, version: int) -> bool:
        """Whether the game went on without this seat's move at `version` being owed any more."""
        view = await self.game.GetView(_view_request(turn.game_id, turn.seat), timeout=CALL_TIMEOUT_S)
        return bool(view.finished or view.version > version or turn.seat not in view.to_act)

    async def sweep(self) -> int:
        """Start every bot seat that must act in a live game; how many were started."""
        request = game_pb2.ListGamesRequest(live=True, limit=500)
        reply = await self.game.ListGames(request, timeout=CALL_TIMEOUT_S)
        started = 0
        for summary in reply.games:
            seats = [{"seat": n, "bot_level": s.bot_level or s.acting_bot_level}  # a bot may stand in
                     for n, s in enumerate(summary.seats)]
            if summary.finished or not any(s["bot_level"] for s in seats):
                continue
            paced = any(not s.bot_level for s in summary.seats)
            view = await self.game.GetView(_spectator_request(summary.game_id), timeout=CALL_TIMEOUT_S)
            for seat, level in bot_seats(seats, list(view.to_act)):
                self.start(SeatTurn(summary.game_id, summary.game, seat, level, paced=paced))
                started += 1
        return started

    async def sweep_forever(self, every_s: float) -> None:
        while True:
            await asyncio.sleep(every_s)
            try:
                await self.sweep()
            except grpc.aio.AioRpcError as e:
                _log.warning("sweep_failed", code=e.code().name, detail=e.details())

    async def drain(self) -> None:
        """Wait for the moves in flight (shutdown and tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def with_people(notice: dict[str, Any], seats: list[dict[str, Any]]) -> bool:
    """Whether a person holds a seat: the notice's `with_people`, else any seat no bot plays."""
    flag = notice.get("with_people")
    if isinstance(flag, bool):
        return flag
    return any(not s.get("bot_level") for s in seats)


def _view_request(game_id: str, seat: int) -> Any:
    return game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(seat=seat))


def _spectator_request(game_id: str) -> Any:
    return game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(spectator=True))


def _refused(error: BaseException) -> bool:
    """The bot service answered that it has no such game or level: no point in waiting."""
    return isinstance(error, grpc.aio.AioRpcError) and error.code() == grpc.StatusCode.INVALID_ARGUMENT


def _describe(error: BaseException) -> str:
    if isinstance(error, grpc.aio.AioRpcError):
        return f"{error.code().name}: {error.details()}"
    return type(error).__name__
