"""Where an email digest goes: the accounts service's verified address and saved language of a
player (a guest, an unverified or a deleted account: nowhere). The notifier may call GetAccount
and nothing else there."""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from daimyo_proto.daimyo.accounts.v1 import accounts_pb2, accounts_pb2_grpc

CALL_TIMEOUT = 5.0


@dataclass(frozen=True)
class Recipient:
    address: str
    language: str  # "" when the account saved none


class AccountAddresses:
    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = accounts_pb2_grpc.AccountsServiceStub(channel)

    async def recipient(self, player_id: str) -> Recipient | None:
        try:
            account = await self._stub.GetAccount(accounts_pb2.PlayerRequest(player_id=player_id),
                                                  timeout=CALL_TIMEOUT)
        except grpc.aio.AioRpcError as e:
            if e.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                return None
            raise  # unreachable accounts: the digest waits for the next pass
        if account.deleted or not account.email or not account.email_verified:
            return None
        return Recipient(account.email, account.language)
