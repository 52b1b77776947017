"""Accounts over REST: guests upgrade (password or passkey), players sign in and out, list and
end their sessions, and manage their passkeys. The accounts service decides; this resource
checks the caller, rate-limits sign-ins per address, passes the page's origin for passkeys and
hands out tokens naming the session (tokens.py). Ending or refreshing a session is announced to
every gateway (session_check.py), so the old token stops everywhere, sockets included.

Refusals keep the accounts service's codes (name_taken, sign_in_failed, …; accounts.ACCOUNT_STATUS):
a sign-in refusal never says whether the name exists.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from daimyo_gateway.accounts import AccountsPort, Identity, session_ids
from daimyo_gateway.http_api.common import (
    CHECKED,
    QUOTAS,
    SIGNER,
    STATIC_DIR,
    address,
    json_body,
    player,
    take_quota,
)
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.renames import RENAMES
from daimyo_gateway.session_check import SessionCheck
from daimyo_gateway.tokens import InvalidToken, Player

ACCOUNTS = web.AppKey("accounts", AccountsPort)
SESSION_CHECK = web.AppKey("session_check", SessionCheck)
MAX_FIELD = 20_000  # a passkey answer is a few KiB; anything this long is not one


def device(request: web.Request) -> str:
    return request.headers.get("User-Agent", "")[:200]


def origin(request: web.Request) -> str:
    return request.headers.get("Origin", "")[:200]


def text(body: dict[str, Any], name: str) -> str:
    value = body.get(name, "")
    if not isinstance(value, str) or len(value) > MAX_FIELD:
        raise ServiceError("malformed", f"{name} must be text", {"field": name})
    return value


def locale(request: web.Request, body: dict[str, Any]) -> str:
    """The language the client asks in: its `locale` field, else its Accept-Language (an email
    is written in it when the account saved none)."""
    asked = body.get("locale")
    return (asked if isinstance(asked, str) else request.headers.get("Accept-Language", ""))[:200]


def signed_in(request: web.Request, who: Identity) -> web.Response:
    """The token for this session (the same shape as a guest's sign-in)."""
    request.app[SESSION_CHECK].remember(who)
    token = request.app[SIGNER].issue(as_player(who))
    return web.json_response(
        {"token": token, "player_id": who.player_id, "name": who.display_name, "guest": who.guest}
    )


def _sign_in_quota(request: web.Request) -> None:
    quotas = request.app[QUOTAS]
    take_quota(
        quotas.sign_ins,
        address(request),
        quotas.limits.guest_signins_per_minute,
        "sign-ins from your address",
    )


async def _reissued(request: web.Request, who: Player) -> web.Response:
    """A fresh token for the caller's session after its name may have changed (same session, same
    token id); a new name is told to every gateway, whose open screens then show it."""
    found = await request.app[SESSION_CHECK].fresh(who.session_id, who.token_id)
    if found.display_name != who.name:
        await request.app[RENAMES].announce([who.player_id])
    return signed_in(request, found)


# -- the caller's account ------------------------------------------------------------------------


async def me(request: web.Request) -> web.Response:
    who = player(request)
    return web.json_response(await request.app[ACCOUNTS].call("GetAccount", player_id=who.player_id))


async def upgrade(request: web.Request) -> web.Response:
    """A guest becomes an account with a name and a password, keeping its player id."""
    who, body = player(request), await json_body(request)
    await request.app[ACCOUNTS].call(
        "UpgradeWithPassword",
        player_id=who.player_id,
        name=text(body, "name"),
        password=text(body, "password"),
    )
    return await _reissued(request, who)


async def passkey_options(request: web.Request) -> web.Response:
    """A challenge for a new passkey (a guest's first names the account it becomes)."""
    who, body = player(request), await json_body(request)
    answer = await request.app[ACCOUNTS].call(
        "BeginPasskeyRegistration", player_id=who.player_id, name=text(body, "name"), origin=origin(request)
    )
    return web.json_response(answer)


async def add_passkey(request: web.Request) -> web.Response:
    who, body = player(request), await json_body(request)
    await request.app[ACCOUNTS].call(
        "FinishPasskeyRegistration",
        player_id=who.player_id,
        challenge_id=text(body, "challenge_id"),
        credential_json=text(body, "credential"),
        label=text(body, "label"),
        origin=origin(request),
    )
    return await _reissued(request, who)


async def passkeys(request: web.Request) -> web.Response:
    who = player(request)
    return web.json_response(await request.app[ACCOUNTS].call("ListPasskeys", player_id=who.player_id))


async def remove_passkey(request: web.Request) -> web.Response:
    who = player(request)
    answer = await request.app[ACCOUNTS].call(
        "RemovePasskey", player_id=who.player_id, passkey_id=request.match_info["passkey_id"][:1024]
    )
    return web.json_response(answer)


# -- signing in and out ----------------------------------------------------------------------------


async def sign_in_password(request: web.Request) -> web.Response:
    _sign_in_quota(request)
    body = await json_body(request)
    answer = await request.app[ACCOUNTS].call(
        "SignInWithPassword",
        name=text(body, "name")[:200],
        password=text(body, "password")[:1024],
        address=address(request),
        device=device(request),
    )
    return signed_in(request, _identity(answer))


async def sign_in_options(request: web.Request) -> web.Response:
    _sign_in_quota(request)
    answer = await request.app[ACCOUNTS].call(
        "BeginPasskeySignIn", origin=origin(request), address=address(request)
    )
    return web.json_response(answer)


async def sign_in_passkey(request: web.Request) -> web.Response:
    body = await json_body(request)
    answer = await request.app[ACCOUNTS].call(
        "SignInWithPasskey",
        challenge_id=text(body, "challenge_id"),
        credential_json=text(body, "credential"),
        origin=origin(request),
        address=address(request),
        device=device(request),
    )
    return signed_in(request, _identity(answer))


def _identity(answer: dict[str, Any]) -> Identity:
    account, session = answer["account"], answer["session"]
    return Identity(
        account["player_id"],
        account["display_name"],
        account["guest"],
        session["session_id"],
        answer["token_id"],
    )


async def sign_out(request: web.Request) -> web.Response:
    """Ends the caller's session: its token stops working on every gateway."""
    who = player(request)
    await _end(request, who, [who.session_id], everywhere=False)
    return web.json_response({"ended": [who.session_id]})


async def refresh(request: web.Request) -> web.Response:
    """A new token for the session; the one it replaces stops working everywhere."""
    who = player(request)
    found = await request.app[ACCOUNTS].refresh_session(who.session_id, who.token_id)
    await request.app[SESSION_CHECK].revoke([found.session_id], found.token_id)
    return signed_in(request, found)


async def rename(request: web.Request) -> web.Response:
    """A new name for the account (once in 30 days; the old one stays its own for 30 days)."""
    who, body = player(request), await json_body(request)
    await request.app[ACCOUNTS].call("Rename", player_id=who.player_id, name=text(body, "name"))
    return await _reissued(request, who)


async def set_language(request: web.Request) -> web.Response:
    """The account's own language (one of the client's locales, or "" to forget it); an unknown
    tag is `malformed`. Paced per player by the sign-in quota's buckets: a switcher is not a stream."""
    who, body = player(request), await json_body(request)
    quotas = request.app[QUOTAS]
    take_quota(quotas.sign_ins, f"language:{who.player_id}", quotas.limits.guest_signins_per_minute,
               "language changes")
    answer = await request.app[ACCOUNTS].call(
        "SetLanguage", player_id=who.player_id, language=text(body, "language")[:64]
    )
    return web.json_response(answer)


async def change_password(request: web.Request) -> web.Response:
    """A new password; the account's other sessions end on every gateway, this one stays."""
    _sign_in_quota(request)
    who, body = player(request), await json_body(request)
    answer = await request.app[ACCOUNTS].call(
        "ChangePassword", player_id=who.player_id, session_id=who.session_id,
        current=text(body, "current")[:1024], password=text(body, "password")[:1024])
    ended = list(session_ids(answer))
    await request.app[SESSION_CHECK].revoke(ended)
    return web.json_response({"ended": ended})


# -- email ---------------------------------------------------------------------------------------------


async def set_email(request: web.Request) -> web.Response:
    """The account's address; a link to verify it is mailed (or logged, without SMTP). Mail costs
    the address's sign-in quota: nobody floods an inbox through this."""
    _sign_in_quota(request)
    who, body = player(request), await json_body(request)
    answer = await request.app[ACCOUNTS].call(
        "SetEmail", player_id=who.player_id, address=text(body, "address"), locale=locale(request, body)
    )
    return web.json_response(answer)


async def verify_email(request: web.Request) -> web.Response:
    body = await json_body(request)
    return web.json_response(
        await request.app[ACCOUNTS].call("VerifyEmail", token=text(body, "token")[:200])
    )


async def forgot_password(request: web.Request) -> web.Response:
    """Mails a reset link if the name has an account with a verified address; answers the same
    whether or not it does."""
    _sign_in_quota(request)
    body = await json_body(request)
    await request.app[ACCOUNTS].call(
        "RequestPasswordReset", name=text(body, "name")[:200], address=address(request),
        locale=locale(request, body),
    )
    return web.json_response({"sent_if_known": True})


async def reset_password(request: web.Request) -> web.Response:
    """A new password from a reset link; every session of the account ends everywhere."""
    body = await json_body(request)
    answer = await request.app[ACCOUNTS].call(
        "ResetPassword", token=text(body, "token")[:200], password=text(body, "password")[:1024]
    )
    await request.app[SESSION_CHECK].revoke(session_ids(answer))
    return web.json_response({"reset": True})


# -- sessions ----------------------------------------------------------------------------------------


async def sessions(request: web.Request) -> web.Response:
    who = player(request)
    answer = await request.app[ACCOUNTS].call("ListSessions", player_id=who.player_id)
    for session in answer["sessions"]:
        session["current"] = session["session_id"] == who.session_id
    return web.json_response(answer)


async def end_session(request: web.Request) -> web.Response:
    who = player(request)
    ended = await _end(request, who, [request.match_info["session_id"][:64]], everywhere=False)
    return web.json_response({"ended": ended})


async def end_everywhere(request: web.Request) -> web.Response:
    who = player(request)
    return web.json_response({"ended": await _end(request, who, [], everywhere=True)})


async def _end(request: web.Request, who: Player, ids: list[str], everywhere: bool) -> list[str]:
    answer = await request.app[ACCOUNTS].call(
        "RevokeSessions", player_id=who.player_id, session_ids=ids, all=everywhere
    )
    ended = list(session_ids(answer))
    await request.app[SESSION_CHECK].revoke(ended)
    return ended


def routes() -> list[web.RouteDef]:
    return [
        web.get("/api/account", me),
        web.post("/api/account/upgrade", upgrade),
        web.post("/api/account/passkeys/options", passkey_options),
        web.post("/api/account/passkeys", add_passkey),
        web.get("/api/account/passkeys", passkeys),
        web.delete("/api/account/passkeys/{passkey_id}", remove_passkey),
        web.post("/api/account/sign-in", sign_in_password),
        web.post("/api/account/sign-in/passkey/options", sign_in_options),
        web.post("/api/account/sign-in/passkey", sign_in_passkey),
        web.post("/api/account/sign-out", sign_out),
        web.get("/api/account/sessions", sessions),
        web.delete("/api/account/sessions/{session_id}", end_session),
        web.post("/api/account/sessions/end-all", end_everywhere),
        web.post("/api/account/email", set_email),
        web.post("/api/account/rename", rename),
        web.put("/api/account/language", set_language),
        web.post("/api/account/password", change_password),
        web.post("/api/account/email/verify", verify_email),
        web.post("/api/account/password/forgot", forgot_password),
        web.post("/api/account/password/reset", reset_password),
        web.get("/account", page),
    ]


async def page(request: web.Request) -> web.FileResponse:
    """The account page (static/accounts/), at a URL of its own."""
    return web.FileResponse(STATIC_DIR / "accounts" / "index.html")


@web.middleware
async def live_sessions(request: web.Request, handler: Any) -> web.StreamResponse:
    """A signed token is honoured only while its session lives and its token id is current (the
    session check; cached, so this costs a look-up). Without an accounts service (some tests)
    tokens are checked by their signature alone."""
    check = request.app.get(SESSION_CHECK)
    if check is not None:
        await _check_bearer(request, check)
    response: web.StreamResponse = await handler(request)
    return response


async def _check_bearer(request: web.Request, check: SessionCheck) -> None:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return
    try:
        who = request.app[SIGNER].verify(header.removeprefix("Bearer ").strip())
    except InvalidToken:
        return  # the resource refuses it if it needs a player (common.player)
    if not who.session_id:
        raise ServiceError("session_ended", "this token has no session; sign in again")
    found = await check.check(who.session_id, who.token_id)
    request[CHECKED] = as_player(found)


def as_player(found: Identity) -> Player:
    return Player(found.player_id, found.display_name, found.session_id, found.token_id, found.guest)
