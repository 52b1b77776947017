"""Every Daimyo service as a subprocess on free ports, against one Postgres and NATS.

Used by the browser tests' session fixture and handy by hand:
`python tests/e2e/stack.py` prints the gateway URL and runs until Ctrl-C. The processes are
the stack supervisor's (`daimyo_devkit.stack`): they die with this process however it ends.
"""

from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from daimyo_devkit.stack import StackSettings, Supervisor, assign_ports, child_env

REPO = Path(__file__).resolve().parents[2]
PROCESSES = ("bot", "game", "matchmaking", "accounts", "bot-driver", "analysis", "notifier", "gateway")
TUNING = {"DAIMYO_BOT_DEADLINE_MS": "150", "DAIMYO_BOT_WORKERS": "1", "DAIMYO_BOT_BACKFILL_SECONDS": "60",
          "DAIMYO_MATCH_INTERVAL_SECONDS": "0.2",
          # a live seat goes to a bot 6 s after its last tab closes (a reload is quicker); the
          # correspondence test waits longer than that to show its seat is not handed over
          "DAIMYO_DISCONNECT_GRACE_SECONDS": "6",
          "DAIMYO_GUEST_SIGNINS_PER_MINUTE": "600",  # every browser test signs guests in from one address
          # ... and opens its sockets and requests from it too
          "DAIMYO_HTTP_REQUESTS_PER_SECOND": "1000", "DAIMYO_HTTP_REQUEST_BURST": "5000",
          "DAIMYO_WS_NEW_SOCKETS_PER_SECOND": "100", "DAIMYO_WS_NEW_SOCKET_BURST": "500",
          "DAIMYO_WS_SOCKETS_PER_ADDRESS": "1000", "DAIMYO_HTTP_CONNECTIONS_PER_ADDRESS": "2000",
          "DAIMYO_BOT_MIN_MOVE_SECONDS": "0",  # tests need no pace for people
          # reviews only on request (the replay's button), small enough for a test to wait for
          "DAIMYO_ANALYSIS_AUTO": "off", "DAIMYO_ANALYSIS_AHEAD_PLAYOUTS": "2",
          "DAIMYO_ANALYSIS_DECISION_WORLDS": "3", "DAIMYO_ANALYSIS_SEARCH_ITERATIONS": "20",
          "DAIMYO_ANALYSIS_POLL_SECONDS": "0.3"}


@dataclass
class Stack:
    url: str
    env: dict[str, str]
    log_dir: Path
    supervisor: Supervisor

    def stop(self) -> None:
        self.supervisor.stop()


def stack_env(database_url: str, nats_url: str) -> dict[str, str]:
    settings = StackSettings(database_url, nats_url, "e2e-" + uuid.uuid4().hex[:8], schema_prefix="e2e",
                             extra_env=TUNING)
    env = child_env(settings)
    assign_ports(env)
    return env


def start_stack(database_url: str, nats_url: str, log_dir: Path, timeout: float = 60.0) -> Stack:
    env = stack_env(database_url, nats_url)
    supervisor = Supervisor(log_dir, REPO)
    for name in PROCESSES:
        supervisor.add(name, env)
    supervisor.start_all(wait_each=("bot", "game", "matchmaking", "accounts"), timeout=timeout)
    return Stack(f"http://127.0.0.1:{env['DAIMYO_GATEWAY_HTTP_PORT']}", env, log_dir, supervisor)


if __name__ == "__main__":
    running = start_stack(os.environ.get("DAIMYO_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"),
                          os.environ.get("DAIMYO_NATS_URL", "nats://127.0.0.1:4222"),
                          REPO / "test-artifacts" / "stack-logs")
    print(running.url, flush=True)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        running.stop()
