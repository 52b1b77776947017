"""The HTTP surface: guest sign-in, queueing, game lists, replays, the game catalogue and boards,
private tables, rematches, health, metrics, the browser WebSocket `/ws`, and the static web client.

One module per resource (`session`, `queue`, `games`, `lists`, `catalog`, `tables`, `rematch`,
`ops`, `socket`); `common` holds what every handler reads (the app's keys, the caller, the body
and query); `app` wires them into an aiohttp application with its middleware.

Nothing here names a game: what games exist, their seat counts, table options, boards and what a
finished game reveals all come from the rules registry (`daimyo_rules.registry`).

Handlers are thin: read the request, call a port, shape JSON. Who may see what is decided in small
functions beside them (a live game's seat only by its owner; a finished game by all). What a
client may cost is bounded by `limits.py`: quotas answer 429 with a JSON error, bad input a 400
naming what is wrong — every error body is `{"error": code, "args": {...}, "message": English}`;
every response carries a CSP and the other browser headers; the token travels only in the
Authorization header (and the socket's first frame).
"""

from daimyo_gateway.http_api.app import create_app
from daimyo_gateway.http_api.queue import enqueue_request
from daimyo_gateway.http_api.socket import restart_sockets

__all__ = ["create_app", "enqueue_request", "restart_sockets"]
