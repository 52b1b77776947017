"""The accounts service as the gateway sees it: a small port and its gRPC implementation.

The accounts service refuses with a status whose details start with a stable code
("name_taken: …"); that code becomes the `ServiceError`'s, so the browser gets it as is
(`ACCOUNT_STATUS` gives each its HTTP status). Nothing else about gRPC leaks past this module.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import grpc
from google.protobuf.json_format import MessageToDict

from daimyo_gateway.ports import RateLimited, ServiceError
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2 as pb
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2_grpc

T = TypeVar("T")
CALL_TIMEOUT = 10.0
ACCOUNT_STATUS = {
    "name_invalid": 400, "name_too_long": 400, "name_blank": 400, "name_reserved": 400,
    "name_mixed_scripts": 400, "password_too_short": 400, "password_too_long": 400,
    "passkey_invalid": 400, "origin_not_allowed": 400,
    "name_taken": 409, "not_a_guest": 409, "not_an_account": 409, "rename_too_soon": 409,
    "too_many_passkeys": 409, "last_credential": 409, "challenge_expired": 409,
    "sign_in_failed": 401, "session_ended": 401, "email_invalid": 400, "link_expired": 409,
    "blocked": 403, "too_many_friends": 409, "too_many_blocks": 409,
    "account_needed": 403, "left_too_often": 429,  # matchmaking's (grpc_clients.OWN_CODES)
}
"""The accounts service's refusals, each a 4xx (the gateway's own codes are in app.HTTP_STATUS)."""

_FALLBACK = {grpc.StatusCode.UNAVAILABLE: "unavailable", grpc.StatusCode.DEADLINE_EXCEEDED: "unavailable",
             grpc.StatusCode.NOT_FOUND: "not_found", grpc.StatusCode.INVALID_ARGUMENT: "malformed",
             grpc.StatusCode.UNAUTHENTICATED: "unauthenticated"}


@dataclass(frozen=True)
class Identity:
    """Who a session belongs to, as the accounts service said."""

    player_id: str
    display_name: str
    guest: bool
    session_id: str
    token_id: str


class AccountsPort(Protocol):
    async def create_guest(self, name: str, device: str) -> Identity: ...
    async def check_session(self, session_id: str, token_id: str) -> Identity: ...
    async def refresh_session(self, session_id: str, token_id: str) -> Identity: ...
    async def call(self, method: str, **fields: Any) -> dict[str, Any]: ...


def identity(signed: Any) -> Identity:
    return Identity(signed.account.player_id, signed.account.display_name, signed.account.guest,
                    signed.session.session_id, signed.token_id)


def refusal(error: grpc.aio.AioRpcError) -> ServiceError:
    details = error.details() or ""
    code, _, message = details.partition(": ")
    if code == "rate_limited":
        retry = next((float(v) for k, v in (error.trailing_metadata() or ()) if k == "retry-after"), 60.0)
        return RateLimited(message, retry)
    if code in ACCOUNT_STATUS or code == "not_found":
        return ServiceError(code, message)
    return ServiceError(_FALLBACK.get(error.code(), "unavailable"), details or error.code().name)


async def _call(awaitable: Awaitable[T]) -> T:
    try:
        return await awaitable
    except grpc.aio.AioRpcError as e:
        raise refusal(e) from e


REQUESTS = {
    "ListSessions": pb.PlayerRequest, "RevokeSessions": pb.RevokeSessionsRequest,
    "UpgradeWithPassword": pb.UpgradeWithPasswordRequest,
    "BeginPasskeyRegistration": pb.BeginPasskeyRegistrationRequest,
    "FinishPasskeyRegistration": pb.FinishPasskeyRegistrationRequest, "ListPasskeys": pb.PlayerRequest,
    "RemovePasskey": pb.PasskeyRequest, "SignInWithPassword": pb.PasswordSignInRequest,
    "BeginPasskeySignIn": pb.BeginPasskeySignInRequest, "SignInWithPasskey": pb.PasskeySignInRequest,
    "GetAccount": pb.PlayerRequest, "Rename": pb.RenameRequest, "GetNames": pb.GetNamesRequest,
    "SetLanguage": pb.SetLanguageRequest,
    "FindByName": pb.FindByNameRequest, "GetRelations": pb.PlayerRequest, "Follow": pb.RelationRequest,
    "Unfollow": pb.RelationRequest, "Block": pb.RelationRequest, "Unblock": pb.RelationRequest,
    "Blocked": pb.RelationRequest, "SetEmail": pb.SetEmailRequest, "VerifyEmail": pb.TokenRequest,
    "RequestPasswordReset": pb.PasswordResetRequest, "ResetPassword": pb.ResetPasswordRequest,
    "ExportAccount": pb.PlayerRequest, "DeleteAccount": pb.PlayerRequest,
    "ChangePassword": pb.ChangePasswordRequest,
}
"""The calls the REST resources make as they are (`call`): request type per method."""


class GrpcAccounts:
    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = accounts_pb2_grpc.AccountsServiceStub(channel)

    async def create_guest(self, name: str, device: str) -> Identity:
        request = pb.CreateGuestRequest(name=name, device=device)
        return identity(await _call(self._stub.CreateGuest(request, timeout=CALL_TIMEOUT)))

    async def check_session(self, session_id: str, token_id: str) -> Identity:
        request = pb.CheckSessionRequest(session_id=session_id, token_id=token_id)
        return identity(await _call(self._stub.CheckSession(request, timeout=CALL_TIMEOUT)))

    async def refresh_session(self, session_id: str, token_id: str) -> Identity:
        request = pb.CheckSessionRequest(session_id=session_id, token_id=token_id)
        return identity(await _call(self._stub.RefreshSession(request, timeout=CALL_TIMEOUT)))

    async def call(self, method: str, **fields: Any) -> dict[str, Any]:
        """One of `REQUESTS`' methods; its answer as a dict (protobuf's JSON names, ints kept)."""
        request = REQUESTS[method](**fields)
        response = await _call(getattr(self._stub, method)(request, timeout=CALL_TIMEOUT))
        answer: dict[str, Any] = MessageToDict(response, preserving_proto_field_name=True,
                                               always_print_fields_with_no_presence=True,
                                               unquote_int64_if_possible=True)
        return answer


def session_ids(answer: dict[str, Any]) -> Sequence[str]:
    return [s["session_id"] for s in answer.get("sessions", [])]
