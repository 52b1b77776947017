"""AccountsService over gRPC: a thin adapter from protobuf to `AccountsHandlers`.

A refusal ends the call with the status its code maps to (domain.CODES) and details that start
with the code ("name_taken: …"); a rate limit also sends `retry-after` (seconds) as trailing
metadata. The gateway turns both back into its own error codes.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

import grpc

from daimyo_accounts.domain import CODES, Account, Passkey, Refused, Session, SignedIn
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.metrics import timed
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2 as pb
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2_grpc

R = TypeVar("R")
Method = Callable[[Any, Any, grpc.aio.ServicerContext], Awaitable[R]]


def refusals(method: Method[R]) -> Method[R]:
    @functools.wraps(method)
    async def wrapped(self: Any, request: Any, context: grpc.aio.ServicerContext) -> R:
        try:
            return await method(self, request, context)
        except Refused as e:
            if e.retry_after:
                context.set_trailing_metadata((("retry-after", str(math.ceil(e.retry_after))),))
            await context.abort(
                grpc.StatusCode[CODES.get(e.code, "invalid_argument").upper()],
                f"{e.code}: {e.message}",
            )
            raise  # abort raises; this is for the type checker

    return wrapped


def _ms(moment: datetime | None) -> int:
    return int(moment.timestamp() * 1000) if moment else 0


def account_pb(a: Account) -> pb.Account:
    return pb.Account(
        player_id=a.player_id,
        name="" if a.guest else a.name,
        display_name=a.display_name,
        guest=a.guest,
        has_password=a.has_password,
        passkeys=a.passkeys,
        created_at_ms=_ms(a.created_at),
        renamed_at_ms=_ms(a.renamed_at),
        email=a.email,
        email_verified=a.email_verified,
        deleted=a.deleted,
        language=a.language,
    )


def session_pb(s: Session) -> pb.Session:
    return pb.Session(
        session_id=s.session_id,
        device=s.device,
        created_at_ms=_ms(s.created_at),
        last_seen_at_ms=_ms(s.last_seen_at),
        revoked=s.revoked,
    )


def signed_in_pb(s: SignedIn) -> pb.SignedIn:
    return pb.SignedIn(
        account=account_pb(s.account), session=session_pb(s.session), token_id=s.session.token_id
    )


def passkeys_pb(keys: list[Passkey]) -> pb.PasskeyList:
    return pb.PasskeyList(
        passkeys=[
            pb.Passkey(
                passkey_id=k.passkey_id,
                label=k.label,
                created_at_ms=_ms(k.created_at),
                last_used_at_ms=_ms(k.last_used_at),
            )
            for k in keys
        ]
    )


class AccountsServicer(accounts_pb2_grpc.AccountsServiceServicer):  # type: ignore[misc]
    def __init__(self, handlers: AccountsHandlers) -> None:
        self.h = handlers

    @refusals
    async def CreateGuest(self, request: Any, context: Any) -> pb.SignedIn:
        with timed("guest"):
            return signed_in_pb(await self.h.create_guest(request.name, request.device))

    @refusals
    async def CheckSession(self, request: Any, context: Any) -> pb.SignedIn:
        return signed_in_pb(await self.h.check_session(request.session_id, request.token_id))

    @refusals
    async def RefreshSession(self, request: Any, context: Any) -> pb.SignedIn:
        return signed_in_pb(await self.h.refresh_session(request.session_id, request.token_id))

    @refusals
    async def ListSessions(self, request: Any, context: Any) -> pb.SessionList:
        return pb.SessionList(sessions=[session_pb(s) for s in await self.h.sessions(request.player_id)])

    @refusals
    async def RevokeSessions(self, request: Any, context: Any) -> pb.SessionList:
        ended = await self.h.revoke_sessions(request.player_id, list(request.session_ids), request.all)
        return pb.SessionList(sessions=[session_pb(s) for s in ended])

    @refusals
    async def UpgradeWithPassword(self, request: Any, context: Any) -> pb.Account:
        return account_pb(
            await self.h.upgrade_with_password(request.player_id, request.name, request.password)
        )

    @refusals
    async def BeginPasskeyRegistration(self, request: Any, context: Any) -> pb.PasskeyOptions:
        challenge_id, options = await self.h.begin_registration(
            request.player_id, request.name, request.origin
        )
        return pb.PasskeyOptions(challenge_id=challenge_id, options_json=options)

    @refusals
    async def FinishPasskeyRegistration(self, request: Any, context: Any) -> pb.Account:
        r = request
        return account_pb(
            await self.h.finish_registration(
                r.player_id, r.challenge_id, r.credential_json, r.label, r.origin
            )
        )

    @refusals
    async def ListPasskeys(self, request: Any, context: Any) -> pb.PasskeyList:
        return passkeys_pb(await self.h.passkeys(request.player_id))

    @refusals
    async def RemovePasskey(self, request: Any, context: Any) -> pb.PasskeyList:
        return passkeys_pb(await self.h.remove_passkey(request.player_id, request.passkey_id))

    @refusals
    async def SignInWithPassword(self, request: Any, context: Any) -> pb.SignedIn:
        r = request
        with timed("password"):
            return signed_in_pb(await self.h.sign_in_with_password(r.name, r.password, r.address, r.device))

    @refusals
    async def BeginPasskeySignIn(self, request: Any, context: Any) -> pb.PasskeyOptions:
        challenge_id, options = await self.h.begin_sign_in(request.origin, request.address)
        return pb.PasskeyOptions(challenge_id=challenge_id, options_json=options)

    @refusals
    async def SignInWithPasskey(self, request: Any, context: Any) -> pb.SignedIn:
        r = request
        with timed("passkey"):
            return signed_in_pb(
                await self.h.sign_in_with_passkey(
                    r.challenge_id, r.credential_json, r.origin, r.address, r.device
                )
            )

    @refusals
    async def GetAccount(self, request: Any, context: Any) -> pb.Account:
        return account_pb(await self.h.account(request.player_id))

    @refusals
    async def FindByName(self, request: Any, context: Any) -> pb.Account:
        return account_pb(await self.h.find_by_name(request.name))

    @refusals
    async def Rename(self, request: Any, context: Any) -> pb.Account:
        return account_pb(await self.h.rename(request.player_id, request.name))

    @refusals
    async def SetLanguage(self, request: Any, context: Any) -> pb.Account:
        return account_pb(await self.h.set_language(request.player_id, request.language))

    @refusals
    async def ChangePassword(self, request: Any, context: Any) -> pb.SessionList:
        r = request
        ended = await self.h.change_password(r.player_id, r.session_id, r.current, r.password)
        return pb.SessionList(sessions=[session_pb(s) for s in ended])

    @refusals
    async def GetNames(self, request: Any, context: Any) -> pb.Names:
        return pb.Names(display_names=await self.h.display_names(list(request.player_ids)))

    @refusals
    async def SetEmail(self, request: Any, context: Any) -> pb.Account:
        return account_pb(await self.h.set_email(request.player_id, request.address, request.locale))

    @refusals
    async def VerifyEmail(self, request: Any, context: Any) -> pb.Account:
        return account_pb(await self.h.verify_email(request.token))

    @refusals
    async def RequestPasswordReset(self, request: Any, context: Any) -> pb.SessionList:
        await self.h.request_password_reset(request.name, request.address, request.locale)
        return pb.SessionList()

    @refusals
    async def ResetPassword(self, request: Any, context: Any) -> pb.SessionList:
        ended = await self.h.reset_password(request.token, request.password)
        return pb.SessionList(sessions=[session_pb(s) for s in ended])

    @refusals
    async def Follow(self, request: Any, context: Any) -> pb.Relations:
        return pb.Relations(**await self.h.follow(request.player_id, request.other_id))

    @refusals
    async def Unfollow(self, request: Any, context: Any) -> pb.Relations:
        return pb.Relations(**await self.h.unfollow(request.player_id, request.other_id))

    @refusals
    async def Block(self, request: Any, context: Any) -> pb.Relations:
        return pb.Relations(**await self.h.block(request.player_id, request.other_id))

    @refusals
    async def Unblock(self, request: Any, context: Any) -> pb.Relations:
        return pb.Relations(**await self.h.unblock(request.player_id, request.other_id))

    @refusals
    async def GetRelations(self, request: Any, context: Any) -> pb.Relations:
        return pb.Relations(**await self.h.relations(request.player_id))

    @refusals
    async def Blocked(self, request: Any, context: Any) -> pb.BlockedAnswer:
        return pb.BlockedAnswer(blocked=await self.h.blocked(request.player_id, request.other_id))

    @refusals
    async def ExportAccount(self, request: Any, context: Any) -> pb.Export:
        return pb.Export(json=json.dumps(await self.h.export(request.player_id), default=_plain))

    @refusals
    async def DeleteAccount(self, request: Any, context: Any) -> pb.SessionList:
        ended = await self.h.delete_account(request.player_id)
        return pb.SessionList(sessions=[session_pb(s) for s in ended])


def _plain(value: object) -> object:
    """JSON for what the export holds besides plain values: times and the account record."""
    if isinstance(value, datetime):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    raise TypeError(f"cannot export {type(value).__name__}")
