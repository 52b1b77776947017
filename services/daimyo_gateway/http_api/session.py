"""The session resource: a guest signs in with a name, refreshes the token, asks who it is.

With the accounts service (production), a guest is a player there with a session; its token
names that session, a refresh ends the old token everywhere (http_api.account), and the name
comes back marked as a guest's. Without it (tests of other parts), a guest is a signed token.
"""

from __future__ import annotations

from aiohttp import web

from daimyo_gateway.http_api import account
from daimyo_gateway.http_api.common import QUOTAS, SIGNER, address, json_body, player, take_quota
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player, clean_name, new_guest
from daimyo_kit.names import NameRefused


def _signed_in(request: web.Request, who: Player) -> web.Response:
    token = request.app[SIGNER].issue(who)
    return web.json_response(
        {"token": token, "player_id": who.player_id, "name": who.name, "guest": who.guest}
    )


async def sign_in(request: web.Request) -> web.Response:
    body = await json_body(request)
    try:
        name = clean_name(body.get("name"))
    except NameRefused as e:  # the reason is a stable code the client translates
        raise ServiceError("malformed", e.message, {"field": "name", "reason": e.code}) from None
    quotas = request.app[QUOTAS]
    take_quota(quotas.sign_ins, address(request), quotas.limits.guest_signins_per_minute,
               "guest sign-ins from your address")
    accounts = request.app.get(account.ACCOUNTS)
    if accounts is None:
        return _signed_in(request, new_guest(name))
    return account.signed_in(request, await accounts.create_guest(name, account.device(request)))


async def refresh(request: web.Request) -> web.Response:
    """A fresh token for the caller; with accounts, the one it replaces stops working everywhere."""
    if request.app.get(account.ACCOUNTS) is not None:
        return await account.refresh(request)
    return _signed_in(request, player(request))


async def me(request: web.Request) -> web.Response:
    who = player(request)
    return web.json_response({"player_id": who.player_id, "name": who.name, "guest": who.guest})


def routes() -> list[web.RouteDef]:
    return [web.post("/api/session", sign_in), web.post("/api/session/refresh", refresh),
            web.get("/api/me", me)]
