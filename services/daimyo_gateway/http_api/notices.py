"""Notices while the page is closed, over REST: the push key a browser subscribes with, this
device's subscription, the player's preferences, their vacation (the game service's) — and the
service worker itself, served from the site's root so that its scope covers every page. The
notifier and the game service decide and check; these handlers read the request, hold the caller
to their quota and shape the answer."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from daimyo_gateway.http_api.common import STATIC_DIR, json_body, player
from daimyo_gateway.notifier_client import NotifierPort, VacationPort
from daimyo_gateway.ports import RateLimited, ServiceError
from daimyo_kit.rates import KeyedBuckets

NOTIFIER: web.AppKey[NotifierPort | None] = web.AppKey("notifier")
NOTICE_WRITES = web.AppKey("notice_writes", KeyedBuckets)
VACATIONS: web.AppKey[VacationPort | None] = web.AppKey("vacations")
WRITES_PER_MINUTE = 30  # subscription and preference changes per player
MAX_MUTED = 32
SERVICE_WORKER = STATIC_DIR / "notices" / "sw.js"


def _notifier(request: web.Request) -> NotifierPort:
    notifier = request.app.get(NOTIFIER)
    if notifier is None:
        raise ServiceError("unavailable", "notices are not offered here")
    return notifier


def _writer(request: web.Request) -> str:
    """The caller's player id, once within their quota of changes."""
    who = player(request).player_id
    wait = request.app[NOTICE_WRITES].take(who)
    if wait:
        raise RateLimited("too many changes to notices; wait a little", wait)
    return who


def _text(body: dict[str, Any], key: str, limit: int = 2048) -> str:
    value = body.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise ServiceError("malformed", f"{key} must be a string of at most {limit} characters")
    return value


async def push_key(request: web.Request) -> web.Response:
    player(request)
    return web.json_response({"public_key": await _notifier(request).push_key()})


async def subscribe(request: web.Request) -> web.Response:
    who = _writer(request)
    body = await json_body(request)
    keys = body.get("keys")
    keys = keys if isinstance(keys, dict) else {}
    await _notifier(request).subscribe(who, _text(body, "endpoint"), _text(keys, "p256dh", 256),
                                       _text(keys, "auth", 64), _text(body, "locale", 16))
    return web.json_response({"subscribed": True})


async def unsubscribe(request: web.Request) -> web.Response:
    who = _writer(request)
    body = await json_body(request)
    return web.json_response({"removed": await _notifier(request).unsubscribe(who, _text(body, "endpoint"))})


async def preferences(request: web.Request) -> web.Response:
    return web.json_response(await _notifier(request).preferences(player(request).player_id))


async def set_preferences(request: web.Request) -> web.Response:
    who = _writer(request)
    body = await json_body(request)
    muted = body.get("muted", [])
    if not isinstance(muted, list) or len(muted) > MAX_MUTED or not all(
            isinstance(m, dict) and isinstance(m.get("kind"), str) and isinstance(m.get("channel"), str)
            for m in muted):
        raise ServiceError("malformed", f"muted must list at most {MAX_MUTED} {{kind, channel}} pairs")
    minutes = {k: body.get(k, 0) for k in ("quiet_start_minute", "quiet_end_minute")}
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in minutes.values()):
        raise ServiceError("malformed", "quiet hours are whole minutes after midnight")
    prefs = {"muted": muted, "time_zone": _text(body, "time_zone", 64), "locale": _text(body, "locale", 16),
             **minutes}
    return web.json_response(await _notifier(request).set_preferences(who, prefs))


async def unsubscribe_email(request: web.Request) -> web.Response:
    """RFC 8058 one-click unsubscribe: a mail client POSTs the digest's link, no session; its
    token (signed by the notifier) is the proof. Limited like any change, per player named."""
    who, token = request.query.get("player", ""), request.query.get("token", "")
    if not who or len(who) > 128 or len(token) > 128:
        raise ServiceError("malformed", "player and token are required")
    wait = request.app[NOTICE_WRITES].take(who)
    if wait:
        raise RateLimited("too many changes to notices; wait a little", wait)
    return web.json_response({"unsubscribed": await _notifier(request).unsubscribe_email(who, token)})


def _vacations(request: web.Request) -> VacationPort:
    vacations = request.app.get(VACATIONS)
    if vacations is None:
        raise ServiceError("unavailable", "vacations are not offered here")
    return vacations


async def vacation(request: web.Request) -> web.Response:
    return web.json_response(await _vacations(request).vacation(player(request).player_id))


async def take_vacation(request: web.Request) -> web.Response:
    who = _writer(request)
    days = (await json_body(request)).get("days")
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= 366:
        raise ServiceError("malformed", "days must be a whole number of days")
    return web.json_response(await _vacations(request).take_vacation(who, days))


async def service_worker(_request: web.Request) -> web.FileResponse:
    """The worker at /sw.js: its scope is the whole site; browsers look for a new one each visit."""
    return web.FileResponse(SERVICE_WORKER, headers={"Cache-Control": "no-cache",
                                                     "Content-Type": "text/javascript; charset=utf-8"})


def routes() -> list[web.RouteDef]:
    return [web.get("/api/notices/push-key", push_key),
            web.post("/api/notices/devices", subscribe),
            web.delete("/api/notices/devices", unsubscribe),
            web.get("/api/notices/preferences", preferences),
            web.put("/api/notices/preferences", set_preferences),
            web.post("/api/notices/unsubscribe", unsubscribe_email),
            web.get("/api/vacation", vacation),
            web.post("/api/vacation", take_vacation),
            web.get("/sw.js", service_worker)]
