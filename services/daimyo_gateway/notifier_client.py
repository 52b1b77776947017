"""The notifier as the gateway sees it: a port (what the notices routes need) and its gRPC adapter;
and vacation (the game service's), which the same settings panel manages.

The gateway passes only the player its token names; the notifier checks everything else (push
service allowed, key sizes, time zone). Status codes become `ServiceError` codes.
"""

from __future__ import annotations

from typing import Any, Protocol

import grpc

from daimyo_gateway.grpc_clients import CALL_TIMEOUT, STATUS_CODES
from daimyo_gateway.ports import ServiceError
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from daimyo_proto.daimyo.notifier.v1 import notifier_pb2 as pb
from daimyo_proto.daimyo.notifier.v1 import notifier_pb2_grpc


class NotifierPort(Protocol):
    async def push_key(self) -> str: ...

    async def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str,
                        locale: str) -> None: ...

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool: ...

    async def preferences(self, player_id: str) -> dict[str, Any]: ...

    async def set_preferences(self, player_id: str, prefs: dict[str, Any]) -> dict[str, Any]: ...

    async def unsubscribe_email(self, player_id: str, token: str) -> bool: ...


def preferences_json(message: Any) -> dict[str, Any]:
    return {"muted": [{"kind": m.kind, "channel": m.channel} for m in message.muted],
            "time_zone": message.time_zone, "quiet_start_minute": message.quiet_start_minute,
            "quiet_end_minute": message.quiet_end_minute, "devices": message.devices,
            "locale": message.locale}


class GrpcNotifier:
    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = notifier_pb2_grpc.NotifierServiceStub(channel)

    async def push_key(self) -> str:
        answer = await _call(self._stub.GetPushKey(pb.GetPushKeyRequest(), timeout=CALL_TIMEOUT))
        return str(answer.public_key)

    async def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str,
                        locale: str) -> None:
        request = pb.SubscribeRequest(player_id=player_id, endpoint=endpoint, p256dh=p256dh, auth=auth,
                                      locale=locale)
        await _call(self._stub.Subscribe(request, timeout=CALL_TIMEOUT))

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        request = pb.UnsubscribeRequest(player_id=player_id, endpoint=endpoint)
        return bool((await _call(self._stub.Unsubscribe(request, timeout=CALL_TIMEOUT))).removed)

    async def preferences(self, player_id: str) -> dict[str, Any]:
        request = pb.GetPreferencesRequest(player_id=player_id)
        return preferences_json(await _call(self._stub.GetPreferences(request, timeout=CALL_TIMEOUT)))

    async def set_preferences(self, player_id: str, prefs: dict[str, Any]) -> dict[str, Any]:
        request = pb.SetPreferencesRequest(
            player_id=player_id, time_zone=prefs["time_zone"],
            quiet_start_minute=prefs["quiet_start_minute"], quiet_end_minute=prefs["quiet_end_minute"],
            locale=prefs.get("locale", ""),
            muted=[pb.Muted(kind=m["kind"], channel=m["channel"]) for m in prefs["muted"]])
        return preferences_json(await _call(self._stub.SetPreferences(request, timeout=CALL_TIMEOUT)))

    async def unsubscribe_email(self, player_id: str, token: str) -> bool:
        request = pb.UnsubscribeEmailRequest(player_id=player_id, token=token)
        return bool((await _call(self._stub.UnsubscribeEmail(request, timeout=CALL_TIMEOUT))).removed)


async def _call(awaitable: Any) -> Any:
    try:
        return await awaitable
    except grpc.aio.AioRpcError as e:
        raise ServiceError(STATUS_CODES.get(e.code(), "unavailable"), e.details() or e.code().name) from e


class VacationPort(Protocol):
    async def vacation(self, player_id: str) -> dict[str, Any]: ...

    async def take_vacation(self, player_id: str, days: int) -> dict[str, Any]: ...


def vacation_json(message: Any) -> dict[str, Any]:
    return {"until_ms": message.until_ms, "days_left": message.days_left,
            "days_per_year": message.days_per_year}


class GrpcVacations:
    """Vacation lives with the clocks, in the game service."""

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = game_pb2_grpc.GameServiceStub(channel)

    async def vacation(self, player_id: str) -> dict[str, Any]:
        request = game_pb2.GetVacationRequest(player_id=player_id)
        return vacation_json(await _call(self._stub.GetVacation(request, timeout=CALL_TIMEOUT)))

    async def take_vacation(self, player_id: str, days: int) -> dict[str, Any]:
        request = game_pb2.TakeVacationRequest(player_id=player_id, days=days)
        return vacation_json(await _call(self._stub.TakeVacation(request, timeout=CALL_TIMEOUT)))
