"""Where a digest goes, asked of the real accounts service as the notifier: it may read an account
(GetAccount) and nothing else there; a guest, who has no verified address, gets no digest."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest

from daimyo_accounts.bootstrap import accounts_servicer, caller_auth
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.testing import FakeClock, scratch_store
from daimyo_kit import credentials, grpc_client
from daimyo_kit.grpc_server import start_server
from daimyo_notifier.accounts_client import AccountAddresses
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2 as pb
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2_grpc

pytestmark = pytest.mark.integration
CREDENTIALS = credentials.generate()


@pytest.fixture
async def served(database_url: str) -> AsyncIterator[tuple[AccountsHandlers, grpc.aio.Channel]]:
    passwords = Passwords()
    async with scratch_store(database_url) as store:
        handlers = AccountsHandlers(store, passwords, RelyingParty(), clock=FakeClock())
        auth = caller_auth(credentials.grpc_callers(CREDENTIALS))
        server = await start_server([accounts_servicer(handlers)], port=0, host="127.0.0.1",
                                    interceptors=[auth])
        channel = grpc_client.channel(f"127.0.0.1:{server.port}", role="notifier", env=CREDENTIALS)
        try:
            yield handlers, channel
        finally:
            await channel.close()
            await server.stop(grace=0)
    passwords.close()


async def test_the_notifier_reads_an_account_and_a_guest_gets_no_digest(
        served: tuple[AccountsHandlers, grpc.aio.Channel]) -> None:
    handlers, channel = served
    guest = await handlers.create_guest("Wanderer", "test")
    assert await AccountAddresses(channel).recipient(guest.account.player_id) is None
    assert await AccountAddresses(channel).recipient("nobody-at-all") is None


async def test_the_notifier_may_do_nothing_else_at_accounts(
        served: tuple[AccountsHandlers, grpc.aio.Channel]) -> None:
    handlers, channel = served
    guest = await handlers.create_guest("Wanderer", "test")
    stub = accounts_pb2_grpc.AccountsServiceStub(channel)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await stub.DeleteAccount(pb.PlayerRequest(player_id=guest.account.player_id))
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
