"""What operators and the browser's first load ask for: health, readiness, metrics, the page."""

from __future__ import annotations

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


def routes() -> list[web.RouteDef]:
    return [web.get("/healthz", healthz), web.get("/readyz", readyz), web.get("/metrics", metrics),
            web.get("/", index)]
