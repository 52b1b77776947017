"""The HTTP surface, whichever module a route lives in: every route the browser and the tools
use is served, at the same method and path (the split of `http_api` into resources kept them)."""

from __future__ import annotations

from daimyo_gateway.http_api import create_app
from daimyo_gateway.tokens import TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking

ROUTES = {
    ("POST", "/api/session"), ("POST", "/api/session/refresh"), ("GET", "/api/me"),
    ("POST", "/api/queue"), ("GET", "/api/queue/{ticket}"), ("DELETE", "/api/queue/{ticket}"),
    ("POST", "/api/queue/{ticket}/bots"),
    ("GET", "/api/games"), ("GET", "/api/my-games"), ("GET", "/api/games/{game_id}"),
    ("GET", "/api/games/{game_id}/replay"), ("GET", "/api/games/{game_id}/events"),
    ("GET", "/api/games/{game_id}/chat"), ("GET", "/api/leaderboard/{game}"),
    ("GET", "/api/catalog"), ("GET", "/api/boards/{game}/{players}"),
    ("GET", "/healthz"), ("GET", "/readyz"), ("GET", "/metrics"), ("GET", "/ws"), ("GET", "/"),
    ("GET", "/api/languages"),
    ("POST", "/api/games/{game_id}/rematch"), ("POST", "/api/rematches/{rematch_id}"),
    ("GET", "/api/rematches/{rematch_id}"), ("POST", "/api/games/{game_id}/again"),
    ("POST", "/api/tables"), ("GET", "/api/tables/{code}"), ("POST", "/api/tables/{code}/join"),
    ("POST", "/api/tables/{code}/bots"), ("POST", "/api/tables/{code}/leave"), ("POST", "/api/learn"),
    ("GET", "/api/games/{game_id}/analysis"), ("POST", "/api/games/{game_id}/analysis"),
    ("GET", "/api/notices/push-key"), ("POST", "/api/notices/devices"), ("DELETE", "/api/notices/devices"),
    ("GET", "/api/notices/preferences"), ("PUT", "/api/notices/preferences"), ("GET", "/sw.js"),
    ("GET", "/api/vacation"), ("POST", "/api/vacation"), ("POST", "/api/notices/unsubscribe"),
}


def test_every_route_is_served_at_its_method_and_path() -> None:
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    served = {(route.method, route.resource.canonical) for route in app.router.routes()
              if route.resource is not None and route.method != "HEAD"
              and not route.resource.canonical.startswith("/static")}
    assert served == ROUTES
