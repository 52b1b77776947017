"""gRPC client channels that carry the caller's request id to the service they call.

The request id bound in the log context (`daimyo_kit.logging.bind(request_id=...)`) travels as
`x-request-id` metadata, and the server side (grpc_server) binds it into its own logs, so one
player action can be followed gateway → matchmaking → game in the JSON logs.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Mapping
from typing import Any

import grpc
import structlog

from daimyo_kit import credentials
from daimyo_kit.auth import caller_metadata

REQUEST_ID_KEY = "x-request-id"
SPREAD_CALLS = ("grpc.lb_policy_name", "round_robin")
_STATUS_BY_NUMBER = {code.value[0]: code for code in grpc.StatusCode}


def status_code(number: int) -> grpc.StatusCode:
    """The status code a number on the wire stands for (UNKNOWN for a number gRPC does not define);
    e.g. the per-move codes of `SubmitMoves`."""
    return _STATUS_BY_NUMBER.get(number, grpc.StatusCode.UNKNOWN)
"""Every address the target resolves to gets calls in turn (a `dns:///` name of a headless
Service, or `ipv4:a,b`): with gRPC's default, pick_first, one client sends everything to one
replica however many there are. A replica that is down is skipped."""


def current_request_id() -> str | None:
    value = structlog.contextvars.get_contextvars().get("request_id")
    return str(value) if value else None


def new_request_id() -> str:
    return uuid.uuid4().hex[:16]


class _CallMetadata(grpc.aio.UnaryUnaryClientInterceptor):  # type: ignore[misc]
    """The current request id and, with credentials, the caller's role and token on every call;
    one interceptor for both, since each interceptor in a chain costs a call object of its own on
    every call (a few per cent of the gateway's CPU per move)."""

    def __init__(self, credentials: tuple[tuple[str, str], ...]) -> None:
        self._credentials = credentials

    async def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        request_id = current_request_id()
        added = (*self._credentials, (REQUEST_ID_KEY, request_id)) if request_id else self._credentials
        if added:
            details = details._replace(metadata=[*(details.metadata or ()), *added])
        return await continuation(details, request)


def channel(target: str, options: list[tuple[str, Any]] | None = None, role: str | None = None,
            env: Mapping[str, str] | None = None) -> grpc.aio.Channel:
    """An insecure channel to `target`, calls spread over every address it resolves to, whose
    calls carry the current request id and, with a `role`, that role's credentials
    (`DAIMYO_<ROLE>_GRPC_TOKEN`; see daimyo_kit.auth)."""
    options = list(options or [])
    if not any(name == SPREAD_CALLS[0] for name, _ in options):
        options.append(SPREAD_CALLS)
    token = credentials.grpc_token(role, os.environ if env is None else env) if role else None
    metadata = caller_metadata(role, token) if role and token else ()
    return grpc.aio.insecure_channel(target, options=options, interceptors=[_CallMetadata(metadata)])
