"""Every Daimyo service as a subprocess on free ports, against one Postgres and NATS.

Used by the browser tests' session fixture and handy by hand:
`python tests/e2e/stack.py` prints the gateway URL and runs until Ctrl-C.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from daimyo_kit import credentials
from daimyo_kit.embedded import free_port, port_answers

REPO = Path(__file__).resolve().parents[2]
PROCESSES = (("bot", ["serve"]), ("game", ["serve"]), ("matchmaking", []), ("bot-driver", ["driver"]),
             ("gateway", []))


@dataclass
class Stack:
    url: str
    env: dict[str, str]
    log_dir: Path
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def stack_env(database_url: str, nats_url: str) -> dict[str, str]:
    suffix = uuid.uuid4().hex[:8]
    env = dict(os.environ, DAIMYO_DATABASE_URL=database_url, DAIMYO_NATS_URL=nats_url,
               DAIMYO_TOKEN_SECRET="e2e-" + suffix, DAIMYO_LOG_LEVEL="INFO",
               DAIMYO_GAME_DB_SCHEMA=f"e2e_game_{suffix}", DAIMYO_MATCHMAKING_DB_SCHEMA=f"e2e_mm_{suffix}",
               DAIMYO_BOT_DEADLINE_MS="150", DAIMYO_BOT_WORKERS="1", DAIMYO_BOT_BACKFILL_SECONDS="60",
               DAIMYO_MATCH_INTERVAL_SECONDS="0.2", PYTHONUNBUFFERED="1")
    for name in ("game", "matchmaking", "bot", "gateway"):
        env[f"DAIMYO_{name.upper()}_GRPC_PORT"] = str(free_port())
        env[f"DAIMYO_{name.upper()}_METRICS_PORT"] = str(free_port())
        env[f"DAIMYO_{name.upper()}_ADDR"] = f"127.0.0.1:{env[f'DAIMYO_{name.upper()}_GRPC_PORT']}"
    env["DAIMYO_GATEWAY_HTTP_PORT"] = str(free_port())
    env.update(credentials.env_additions(env))  # a test session's own set when it has one
    return env


def start_stack(database_url: str, nats_url: str, log_dir: Path, timeout: float = 60.0) -> Stack:
    env = stack_env(database_url, nats_url)
    log_dir.mkdir(parents=True, exist_ok=True)
    stack = Stack(f"http://127.0.0.1:{env['DAIMYO_GATEWAY_HTTP_PORT']}", env, log_dir)
    try:
        for name, args in PROCESSES:
            module = "daimyo_bot" if name == "bot-driver" else f"daimyo_{name}"
            log = (log_dir / f"{name}.log").open("ab")
            stack.processes.append(subprocess.Popen([sys.executable, "-m", module, *args], env=env,
                                                    stdout=log, stderr=subprocess.STDOUT, cwd=REPO))
            if name in ("game", "bot", "matchmaking"):
                _wait_port(stack, int(env[f"DAIMYO_{name.upper()}_GRPC_PORT"]), name, timeout)
        _wait_ready(stack, timeout)
    except BaseException:
        stack.stop()
        raise
    return stack


def _wait_port(stack: Stack, port: int, name: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not port_answers("127.0.0.1", port):
        if any(p.poll() is not None for p in stack.processes) or time.monotonic() > deadline:
            raise RuntimeError(f"{name} did not start; see {stack.log_dir / (name + '.log')}")
        time.sleep(0.1)


def _wait_ready(stack: Stack, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(stack.url + "/readyz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if any(p.poll() is not None for p in stack.processes) or time.monotonic() > deadline:
            raise RuntimeError(f"the gateway did not become ready; logs in {stack.log_dir}")
        time.sleep(0.1)


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
