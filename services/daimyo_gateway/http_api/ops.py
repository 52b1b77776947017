"""What operators and the browser's first load ask for: health, readiness, metrics, the page, and
the languages the browser's Accept-Language header asks for (the page's last hint before English,
issue 30: navigator.languages comes first)."""

from __future__ import annotations

import re

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from daimyo_gateway.http_api.common import READY, STATIC_DIR


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    ready = bool(request.app[READY]())
    return web.json_response({"ready": ready}, status=200 if ready else 503)


async def metrics(request: web.Request) -> web.Response:
    return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})


MAX_LANGUAGES = 16
MAX_TAG_CHARS = 35  # BCP 47's longest useful tag; longer ones are noise
_TAG = re.compile(r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")


def accept_languages(header: str) -> list[str]:
    """The header's language tags, most wanted first (by q, then order); malformed parts dropped."""
    ranked: list[tuple[float, int, str]] = []
    for n, part in enumerate(header.split(",")[: MAX_LANGUAGES * 4]):
        tag, _, params = part.strip().partition(";")
        weight = _weight(params)
        if len(tag) <= MAX_TAG_CHARS and _TAG.match(tag) and weight > 0:
            ranked.append((-weight, n, tag))
    return [tag for _, _, tag in sorted(ranked)[:MAX_LANGUAGES]]


def _weight(params: str) -> float:
    """A part's q (1 when absent); an unreadable q counts as 0, so the part is dropped."""
    found = re.search(r"q=([^;\s]{0,8})", params)
    try:
        return float(found.group(1)) if found else 1.0
    except ValueError:
        return 0.0


async def languages(request: web.Request) -> web.Response:
    asked = request.headers.get("Accept-Language", "")
    return web.json_response({"accept_language": accept_languages(asked)})


def routes() -> list[web.RouteDef]:
    return [web.get("/healthz", healthz), web.get("/readyz", readyz), web.get("/metrics", metrics),
            web.get("/", index), web.get("/api/languages", languages)]
