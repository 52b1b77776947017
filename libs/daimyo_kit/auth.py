"""Caller identity on internal gRPC: per-service bearer tokens, checked by a server interceptor.

A client channel made with a role (`daimyo_kit.grpc_client.channel(target, role="gateway")`)
sends `x-daimyo-caller: <role>` and `x-daimyo-token: <its token>`. The server knows only the
sha256 of each role's token (`DAIMYO_GRPC_CALLERS`, daimyo_kit.credentials), checks it in
constant time, refuses an unknown or wrong token (UNAUTHENTICATED) and a role the method does
not admit (PERMISSION_DENIED), and exposes the caller's role to the servicer through
`current_role()`. Health checks and reflection stay open (probes carry no credentials; the
API's shape is public in proto/). The channel is
plaintext inside the cluster: NetworkPolicies limit who can reach it (see SECURITY.md).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Awaitable, Callable, Collection, Mapping
from contextvars import ContextVar
from typing import Any

import grpc

CALLER_KEY = "x-daimyo-caller"
TOKEN_KEY = "x-daimyo-token"
OPEN_SERVICES = ("/grpc.health.v1.Health/", "/grpc.reflection.")
"""Open to anyone who can reach the port: probes, and the API's shape (public in proto/)."""

_role: ContextVar[str] = ContextVar("daimyo_caller_role", default="")


def current_role() -> str:
    """The authenticated role of the call being served ("" outside an authenticated call)."""
    return _role.get()


class MissingCallers(RuntimeError):
    """A server was about to start with nobody allowed to call it (no DAIMYO_GRPC_CALLERS)."""


class CallerAuthInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Admits a call when its role's token matches and the method admits the role.

    `allowed` maps a method's short name (e.g. "SubmitMove") to the roles that may call it
    ("*": every method not named); a method it does not cover admits every authenticated role."""

    def __init__(self, callers: Mapping[str, str], allowed: Mapping[str, Collection[str]] | None = None):
        if not callers:
            raise MissingCallers("no gRPC callers configured (DAIMYO_GRPC_CALLERS): refusing to serve "
                                 "internal gRPC to anyone; see deploy/OPERATIONS.md")
        self._digests = dict(callers)
        self._allowed = dict(allowed or {})

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        method = handler_call_details.method or ""
        handler = await continuation(handler_call_details)
        if handler is None or method.startswith(OPEN_SERVICES):
            return handler
        refusal, role = self._check(method, dict(handler_call_details.invocation_metadata or ()))
        if refusal is not None:
            return _refusing(handler, *refusal)
        return _as_role(handler, role)

    def _check(self, method: str, metadata: dict[str, Any]) -> tuple[tuple[grpc.StatusCode, str] | None, str]:
        role, token = str(metadata.get(CALLER_KEY, "")), str(metadata.get(TOKEN_KEY, ""))
        digest = self._digests.get(role)
        if digest is None or not hmac.compare_digest(digest, hashlib.sha256(token.encode()).hexdigest()):
            return (grpc.StatusCode.UNAUTHENTICATED, "this call needs a service's credentials"), role
        admitted = self._allowed.get(method.rsplit("/", 1)[-1], self._allowed.get("*"))
        if admitted is not None and role not in admitted:
            return (grpc.StatusCode.PERMISSION_DENIED, f"{role} may not call {method}"), role
        return None, role


def _refusing(handler: grpc.RpcMethodHandler, code: grpc.StatusCode, message: str) -> grpc.RpcMethodHandler:
    async def refuse(_request: Any, context: grpc.aio.ServicerContext) -> Any:
        await context.abort(code, message)

    if handler.unary_unary is None:
        return handler._replace(unary_stream=None, stream_unary=None, stream_stream=None,
                                unary_unary=refuse, request_streaming=False, response_streaming=False)
    return handler._replace(unary_unary=refuse)


def _as_role(handler: grpc.RpcMethodHandler, role: str) -> grpc.RpcMethodHandler:
    if handler.unary_unary is None:
        return handler
    behavior = handler.unary_unary

    async def authenticated(request: Any, context: grpc.aio.ServicerContext) -> Any:
        token = _role.set(role)
        try:
            return await behavior(request, context)
        finally:
            _role.reset(token)

    return handler._replace(unary_unary=authenticated)


def caller_metadata(role: str, token: str) -> tuple[tuple[str, str], ...]:
    """The metadata that names a caller's role and proves it, added to every call of a channel
    (daimyo_kit.grpc_client)."""
    return ((CALLER_KEY, role), (TOKEN_KEY, token))
