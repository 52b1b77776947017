"""The NotifierService gRPC adapter: protobuf in, handler call, protobuf out, refusals as status codes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import grpc

from daimyo_kit.text_check import nul_field
from daimyo_notifier.domain import InvalidRequest, Preferences
from daimyo_notifier.handlers import NotifierHandlers
from daimyo_proto.daimyo.notifier.v1 import notifier_pb2 as pb
from daimyo_proto.daimyo.notifier.v1 import notifier_pb2_grpc

T = TypeVar("T")


async def _answer(context: grpc.aio.ServicerContext, request: Any, call: Callable[[], Awaitable[T]]) -> T:
    try:
        if (field := nul_field(request)) is not None:
            raise InvalidRequest(f"{field} contains a NUL character")
        return await call()
    except InvalidRequest as exc:
        await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
        raise


def preferences_pb(prefs: Preferences, devices: int) -> pb.Preferences:
    return pb.Preferences(
        player_id=prefs.player_id,
        time_zone=prefs.time_zone,
        muted=[pb.Muted(kind=k, channel=c) for k, c in sorted(prefs.muted)],
        quiet_start_minute=prefs.quiet_start_minute,
        quiet_end_minute=prefs.quiet_end_minute,
        devices=devices,
        locale=prefs.locale,
    )


class NotifierServicer(notifier_pb2_grpc.NotifierServiceServicer):  # type: ignore[misc]
    def __init__(self, handlers: NotifierHandlers, push_key: str) -> None:
        self._handlers, self._push_key = handlers, push_key

    async def GetPushKey(
        self, request: pb.GetPushKeyRequest, context: grpc.aio.ServicerContext
    ) -> pb.PushKey:
        return pb.PushKey(public_key=self._push_key)

    async def Subscribe(
        self, request: pb.SubscribeRequest, context: grpc.aio.ServicerContext
    ) -> pb.Subscription:
        device = await _answer(
            context,
            request,
            lambda: self._handlers.subscribe(
                request.player_id, request.endpoint, request.p256dh, request.auth, request.locale
            ),
        )
        return pb.Subscription(subscription_id=device.subscription_id, endpoint=device.endpoint)

    async def Unsubscribe(
        self, request: pb.UnsubscribeRequest, context: grpc.aio.ServicerContext
    ) -> pb.UnsubscribeResponse:
        removed = await _answer(
            context, request, lambda: self._handlers.unsubscribe(request.player_id, request.endpoint)
        )
        return pb.UnsubscribeResponse(removed=removed)

    async def GetPreferences(
        self, request: pb.GetPreferencesRequest, context: grpc.aio.ServicerContext
    ) -> pb.Preferences:
        prefs, devices = await _answer(
            context, request, lambda: self._handlers.preferences(request.player_id)
        )
        return preferences_pb(prefs, devices)

    async def SetPreferences(
        self, request: pb.SetPreferencesRequest, context: grpc.aio.ServicerContext
    ) -> pb.Preferences:
        wanted = Preferences(
            request.player_id,
            frozenset((m.kind, m.channel) for m in request.muted),
            request.time_zone,
            request.quiet_start_minute,
            request.quiet_end_minute,
            request.locale or "en",
        )
        prefs, devices = await _answer(context, request, lambda: self._handlers.set_preferences(wanted))
        return preferences_pb(prefs, devices)

    async def UnsubscribeEmail(
        self, request: pb.UnsubscribeEmailRequest, context: grpc.aio.ServicerContext
    ) -> pb.UnsubscribeResponse:
        done = await _answer(
            context, request, lambda: self._handlers.unsubscribe_email(request.player_id, request.token)
        )
        return pb.UnsubscribeResponse(removed=done)
