"""The accounts service on real Postgres: guests that become accounts keep their id, names that
mean one person, passwords and passkeys, sessions that end, sign-ins that do not tell who exists."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest

from daimyo_accounts.bootstrap import accounts_servicer
from daimyo_accounts.domain import Refused
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.testing import FakeClock, SoftPasskey, scratch_store
from daimyo_kit.grpc_server import start_server
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2 as pb
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2_grpc

pytestmark = pytest.mark.integration
ORIGIN = "http://localhost:8080"
PASSWORD = "correct horse battery"


@pytest.fixture
async def accounts(database_url: str) -> AsyncIterator[AccountsHandlers]:
    passwords = Passwords()
    async with scratch_store(database_url) as store:
        yield AccountsHandlers(store, passwords, RelyingParty(), clock=FakeClock())
    passwords.close()


def clock_of(accounts: AccountsHandlers) -> FakeClock:
    assert isinstance(accounts.clock, FakeClock)
    return accounts.clock


async def refused(code: str, step: object) -> Refused:
    with pytest.raises(Refused) as caught:
        await step  # type: ignore[misc]
    assert caught.value.code == code, caught.value
    return caught.value


async def guest_with_password(accounts: AccountsHandlers, name: str) -> str:
    guest = await accounts.create_guest("someone", "test")
    await accounts.upgrade_with_password(guest.account.player_id, name, PASSWORD)
    return guest.account.player_id


async def test_a_guest_is_shown_with_a_marked_name(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("Kenji", "Firefox on Linux")
    assert guest.account.guest and guest.account.display_name == "~Kenji"
    assert await accounts.display_names([guest.account.player_id]) == {guest.account.player_id: "~Kenji"}


async def test_a_guest_upgraded_with_a_password_keeps_its_id_and_signs_in_by_name(
    accounts: AccountsHandlers,
) -> None:
    guest = await accounts.create_guest("Kenji", "browser one")
    account = await accounts.upgrade_with_password(guest.account.player_id, "Kenji", PASSWORD)
    assert (account.player_id, account.guest, account.display_name) == (
        guest.account.player_id,
        False,
        "Kenji",
    )
    again = await accounts.sign_in_with_password("kenji", PASSWORD, "10.0.0.1", "browser two")
    assert again.account.player_id == guest.account.player_id
    assert again.session.session_id != guest.session.session_id


async def test_a_name_is_shown_as_typed_though_signing_in_ignores_its_capitals(
    accounts: AccountsHandlers,
) -> None:
    guest = await accounts.create_guest("deLuca McAllister", "browser one")
    await accounts.upgrade_with_password(guest.account.player_id, "deLuca McAllister", PASSWORD)
    again = await accounts.sign_in_with_password("DELUCA MCALLISTER", PASSWORD, "10.0.0.1", "browser two")
    assert again.account.display_name == "deLuca McAllister"
    player_id = guest.account.player_id
    assert await accounts.display_names([player_id]) == {player_id: "deLuca McAllister"}


async def test_a_failed_upgrade_leaves_the_guest_as_it_was(accounts: AccountsHandlers) -> None:
    await guest_with_password(accounts, "Kenji")
    guest = await accounts.create_guest("Other", "test")
    await refused("name_taken", accounts.upgrade_with_password(guest.account.player_id, "KENJI", PASSWORD))
    await refused(
        "password_too_short", accounts.upgrade_with_password(guest.account.player_id, "Fresh", "short")
    )
    after = await accounts.account(guest.account.player_id)
    assert after.guest and not after.has_password and after.name == "Other"


async def test_names_that_look_alike_are_one_name(accounts: AccountsHandlers) -> None:
    await guest_with_password(accounts, "Pope1")
    guest = await accounts.create_guest("x", "test")
    for look_alike in ("POPE1", "Роре1", "PopeI"):  # capitals; Cyrillic Роре; I for 1
        await refused(
            "name_taken", accounts.upgrade_with_password(guest.account.player_id, look_alike, PASSWORD)
        )


async def test_an_account_is_found_by_its_name_however_it_is_written(accounts: AccountsHandlers) -> None:
    player_id = await guest_with_password(accounts, "Pope1")
    assert (await accounts.find_by_name("POPEI")).player_id == player_id
    await refused("not_found", accounts.find_by_name("Nobody"))
    await accounts.create_guest("Hidden", "test")
    await refused("not_found", accounts.find_by_name("Hidden"))  # a guest has no public name


async def test_blank_bot_and_guest_marked_names_are_refused(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("x", "test")
    for name, code in (
        ("\u3164\u3164", "name_blank"),
        ("Bøt", "name_reserved"),
        ("~Kenji", "name_reserved"),
    ):
        await refused(code, accounts.upgrade_with_password(guest.account.player_id, name, PASSWORD))


async def test_an_account_cannot_upgrade_twice(accounts: AccountsHandlers) -> None:
    player_id = await guest_with_password(accounts, "Kenji")
    await refused("not_a_guest", accounts.upgrade_with_password(player_id, "Kenji2", PASSWORD))


async def test_a_wrong_password_and_an_unknown_name_are_refused_alike(accounts: AccountsHandlers) -> None:
    await guest_with_password(accounts, "Kenji")
    wrong = await refused(
        "sign_in_failed", accounts.sign_in_with_password("Kenji", "not the password", "a", "d")
    )
    unknown = await refused("sign_in_failed", accounts.sign_in_with_password("Nobody", PASSWORD, "b", "d"))
    assert wrong.message == unknown.message


async def test_failed_sign_ins_grow_a_delay_per_account(accounts: AccountsHandlers) -> None:
    await guest_with_password(accounts, "Kenji")
    for n in range(accounts.throttle.account.free_failures + 1):
        await refused("sign_in_failed", accounts.sign_in_with_password("Kenji", "nope", f"10.0.0.{n}", "d"))
    first = await refused("rate_limited", accounts.sign_in_with_password("Kenji", PASSWORD, "10.1.1.1", "d"))
    clock_of(accounts).advance(seconds=first.retry_after + 0.1)
    await refused("sign_in_failed", accounts.sign_in_with_password("Kenji", "nope", "10.1.1.1", "d"))
    second = await refused("rate_limited", accounts.sign_in_with_password("Kenji", PASSWORD, "10.1.1.1", "d"))
    assert second.retry_after > first.retry_after


async def test_a_refreshed_session_refuses_its_old_token(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("Kenji", "test")
    session = guest.session
    refreshed = await accounts.refresh_session(session.session_id, session.token_id)
    await refused("session_ended", accounts.check_session(session.session_id, session.token_id))
    ok = await accounts.check_session(session.session_id, refreshed.session.token_id)
    assert ok.account.player_id == guest.account.player_id


async def test_sessions_are_listed_and_end_one_by_one_or_everywhere(accounts: AccountsHandlers) -> None:
    player_id = await guest_with_password(accounts, "Kenji")
    one = await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "phone")
    two = await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "laptop")
    devices = {s.device for s in await accounts.sessions(player_id)}
    assert {"phone", "laptop"} <= devices
    ended = await accounts.revoke_sessions(player_id, [one.session.session_id], everywhere=False)
    assert [s.session_id for s in ended] == [one.session.session_id]
    await refused("session_ended", accounts.check_session(one.session.session_id, one.session.token_id))
    await accounts.check_session(two.session.session_id, two.session.token_id)
    await accounts.revoke_sessions(player_id, [], everywhere=True)
    assert await accounts.sessions(player_id) == []


async def test_a_session_of_someone_else_cannot_be_ended(accounts: AccountsHandlers) -> None:
    mine = await accounts.create_guest("a", "test")
    theirs = await accounts.create_guest("b", "test")
    assert await accounts.revoke_sessions(mine.account.player_id, [theirs.session.session_id], False) == []
    await accounts.check_session(theirs.session.session_id, theirs.session.token_id)


async def upgrade_with_passkey(accounts: AccountsHandlers, player_id: str, name: str) -> SoftPasskey:
    passkey = SoftPasskey()
    challenge_id, options = await accounts.begin_registration(player_id, name, ORIGIN)
    await accounts.finish_registration(
        player_id, challenge_id, passkey.create(options, ORIGIN), "key", ORIGIN
    )
    return passkey


async def sign_in_with(accounts: AccountsHandlers, passkey: SoftPasskey, origin: str = ORIGIN) -> str:
    challenge_id, options = await accounts.begin_sign_in(origin, "10.0.0.9")
    signed = await accounts.sign_in_with_passkey(
        challenge_id, passkey.get(options, origin), origin, "10.0.0.9", "d"
    )
    return signed.account.player_id


async def test_a_guest_upgraded_with_a_passkey_keeps_its_id_and_signs_in_with_it(
    accounts: AccountsHandlers,
) -> None:
    guest = await accounts.create_guest("Kenji", "test")
    passkey = await upgrade_with_passkey(accounts, guest.account.player_id, "Kenji")
    account = await accounts.account(guest.account.player_id)
    assert not account.guest and account.name == "Kenji" and account.passkeys == 1
    assert await sign_in_with(accounts, passkey) == guest.account.player_id


async def test_an_account_holds_several_named_passkeys_and_keeps_its_last(
    accounts: AccountsHandlers,
) -> None:
    guest = await accounts.create_guest("Kenji", "test")
    player_id = guest.account.player_id
    await upgrade_with_passkey(accounts, player_id, "Kenji")
    second = SoftPasskey()
    challenge_id, options = await accounts.begin_registration(player_id, "", ORIGIN)
    await accounts.finish_registration(
        player_id, challenge_id, second.create(options, ORIGIN), "phone", ORIGIN
    )
    keys = await accounts.passkeys(player_id)
    assert [k.label for k in keys] == ["key", "phone"]
    left = await accounts.remove_passkey(player_id, keys[0].passkey_id)
    assert [k.label for k in left] == ["phone"]
    await refused("last_credential", accounts.remove_passkey(player_id, left[0].passkey_id))
    assert await sign_in_with(accounts, second) == player_id


async def test_a_passkey_challenge_is_single_use_and_short_lived(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("Kenji", "test")
    passkey = await upgrade_with_passkey(accounts, guest.account.player_id, "Kenji")
    challenge_id, options = await accounts.begin_sign_in(ORIGIN, "a")
    answer = passkey.get(options, ORIGIN)
    await accounts.sign_in_with_passkey(challenge_id, answer, ORIGIN, "a", "d")
    await refused("challenge_expired", accounts.sign_in_with_passkey(challenge_id, answer, ORIGIN, "a", "d"))
    late_id, late_options = await accounts.begin_sign_in(ORIGIN, "a")
    clock_of(accounts).advance(seconds=accounts.rules.challenge_seconds + 1)
    late = passkey.get(late_options, ORIGIN)
    await refused("challenge_expired", accounts.sign_in_with_passkey(late_id, late, ORIGIN, "a", "d"))


async def test_a_passkey_answer_from_another_origin_is_refused(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("Kenji", "test")
    passkey = await upgrade_with_passkey(accounts, guest.account.player_id, "Kenji")
    await refused("origin_not_allowed", accounts.begin_sign_in("https://evil.example", "a"))
    challenge_id, options = await accounts.begin_sign_in(ORIGIN, "a")
    forged = passkey.get(options, "http://localhost:9999")  # signed for another page
    await refused("sign_in_failed", accounts.sign_in_with_passkey(challenge_id, forged, ORIGIN, "a", "d"))


async def test_a_failed_passkey_upgrade_leaves_the_guest_as_it_was(accounts: AccountsHandlers) -> None:
    guest = await accounts.create_guest("Kenji", "test")
    player_id = guest.account.player_id
    challenge_id, options = await accounts.begin_registration(player_id, "Kenji", ORIGIN)
    bad = SoftPasskey(rp_id="evil.example").create(options, ORIGIN)  # signed for another relying party
    await refused("passkey_invalid", accounts.finish_registration(player_id, challenge_id, bad, "k", ORIGIN))
    after = await accounts.account(player_id)
    assert after.guest and after.passkeys == 0


async def test_a_name_changes_once_a_month_and_the_old_one_is_held_a_month(
    accounts: AccountsHandlers,
) -> None:
    player_id = await guest_with_password(accounts, "Kenji")
    await accounts.rename(player_id, "Hanzo")
    await refused("rename_too_soon", accounts.rename(player_id, "Hattori"))
    other = await accounts.create_guest("x", "test")
    await refused("name_taken", accounts.upgrade_with_password(other.account.player_id, "Kenji", PASSWORD))
    clock_of(accounts).advance(days=31)
    await accounts.upgrade_with_password(other.account.player_id, "Kenji", PASSWORD)


@pytest.fixture
async def stub(accounts: AccountsHandlers) -> AsyncIterator[accounts_pb2_grpc.AccountsServiceStub]:
    server = await start_server([accounts_servicer(accounts)], port=0, host="127.0.0.1")
    async with grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        yield accounts_pb2_grpc.AccountsServiceStub(channel)
    await server.stop(grace=0)


async def test_a_refusal_over_grpc_carries_its_code(stub: accounts_pb2_grpc.AccountsServiceStub) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await stub.CreateGuest(pb.CreateGuestRequest(name="\u2800", device="d"))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert (caught.value.details() or "").startswith("name_blank: ")
    with pytest.raises(grpc.aio.AioRpcError) as ended:
        await stub.CheckSession(pb.CheckSessionRequest(session_id="nope", token_id="nope"))
    assert ended.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_an_account_follows_accounts_and_a_block_ends_follows_both_ways(
    accounts: AccountsHandlers,
) -> None:
    ann, ben = await guest_with_password(accounts, "Ann1"), await guest_with_password(accounts, "Ben1")
    guest = await accounts.create_guest("Cat", "test")
    await refused("not_found", accounts.follow(ann, guest.account.player_id))  # guests have no friends list
    assert (await accounts.follow(ann, ben))["following"] == [ben]
    await accounts.follow(ben, ann)
    assert (await accounts.relations(ann))["followers"] == [ben]
    assert not await accounts.blocked(ann, ben)
    relations = await accounts.block(ben, ann)
    assert relations == {"following": [], "followers": [], "blocked": [ann]}
    assert await accounts.blocked(ann, ben) and await accounts.blocked(ben, ann)
    await refused("blocked", accounts.follow(ann, ben))
    await accounts.unblock(ben, ann)
    assert not await accounts.blocked(ann, ben)
    await refused("malformed", accounts.follow(ann, ann))


async def test_a_password_change_needs_the_current_one_and_ends_the_other_sessions(
    accounts: AccountsHandlers,
) -> None:
    player_id = await guest_with_password(accounts, "Kenji")
    here = await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "laptop")
    there = await accounts.sign_in_with_password("Kenji", PASSWORD, "a", "phone")
    await refused(
        "sign_in_failed",
        accounts.change_password(player_id, here.session.session_id, "wrong", "new secret 123"),
    )
    ended = await accounts.change_password(player_id, here.session.session_id, PASSWORD, "new secret 123")
    assert there.session.session_id in {s.session_id for s in ended}
    assert here.session.session_id not in {s.session_id for s in ended}
    await accounts.check_session(here.session.session_id, here.session.token_id)
    await accounts.sign_in_with_password("Kenji", "new secret 123", "a", "tablet")
