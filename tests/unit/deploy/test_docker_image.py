"""The one image: the entrypoint maps each role to its command, the Dockerfile builds the
generated gRPC code the way the Makefile does and runs as uid 10001, and the compose health
probe tells a serving process from a broken one."""

from __future__ import annotations

import http.server
import importlib.util
import os
import re
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from tests.unit.deploy.manifests import REPO

DOCKER = REPO / "deploy/docker"
ROLES = {
    "game": "-m daimyo_game",
    "relay": "-m daimyo_game relay",
    "matchmaking": "-m daimyo_matchmaking",
    "accounts": "-m daimyo_accounts",
    "bot": "-m daimyo_bot",
    "driver": "-m daimyo_bot driver",
    "gateway": "-m daimyo_gateway",
    "analysis": "-m daimyo_analysis",
    "migrate-game": "-m daimyo_game migrate",
    "migrate-matchmaking": "-m daimyo_matchmaking migrate",
    "migrate-analysis": "-m daimyo_analysis migrate",
    "migrate-accounts": "-m daimyo_accounts migrate",
    "notifier": "-m daimyo_notifier",
    "migrate-notifier": "-m daimyo_notifier migrate",
}


@pytest.fixture
def fake_python(tmp_path: Path) -> Path:
    """A `python` that prints its arguments, so the entrypoint's choice can be read back."""
    script = tmp_path / "python"
    script.write_text('#!/bin/sh\necho "$@"\n')
    script.chmod(0o755)
    return tmp_path


def run_entrypoint(fake_python: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{fake_python}:{os.environ['PATH']}"}
    return subprocess.run(
        ["sh", str(DOCKER / "entrypoint.sh"), *args], capture_output=True, text=True, env=env, timeout=10
    )


@pytest.mark.parametrize("role", sorted(ROLES))
def test_the_entrypoint_runs_each_role_as_its_python_module(fake_python: Path, role: str) -> None:
    out = run_entrypoint(fake_python, role, "--extra")
    assert out.returncode == 0
    assert out.stdout.strip() == f"{ROLES[role]} --extra"


def test_the_migrate_role_runs_each_owners_migrations_in_order(fake_python: Path) -> None:
    out = run_entrypoint(fake_python, "migrate")
    assert out.returncode == 0
    assert out.stdout.splitlines() == ["-m daimyo_game migrate", "-m daimyo_matchmaking migrate",
                                       "-m daimyo_analysis migrate", "-m daimyo_accounts migrate",
                                       "-m daimyo_notifier migrate"]


def test_the_image_carries_no_development_tooling() -> None:
    ignored = (REPO / ".dockerignore").read_text().splitlines()
    assert "libs/daimyo_devkit/" in ignored
    assert "test ! -e libs/daimyo_devkit" in (DOCKER / "Dockerfile").read_text()


def test_everything_the_dockerfile_copies_is_in_the_build_context() -> None:
    allowed = {line[1:].rstrip("/") for line in (REPO / ".dockerignore").read_text().splitlines()
               if line.startswith("!")}
    copied = re.findall(r"^COPY (?!--from)(?:--\S+ )*(\S+) ", (DOCKER / "Dockerfile").read_text(), flags=re.M)
    assert copied and all(source.rstrip("/") in allowed for source in copied), copied


def test_the_entrypoint_replays_a_game_by_id(fake_python: Path) -> None:
    assert run_entrypoint(fake_python, "replay", "g-42").stdout.strip() == "-m daimyo_game replay g-42"


def test_an_unknown_role_is_refused_with_usage(fake_python: Path) -> None:
    out = run_entrypoint(fake_python, "shell")
    assert out.returncode == 64
    assert "unknown role" in out.stderr and "gateway" in out.stderr


def test_the_entrypoint_is_executable_in_the_checkout() -> None:
    assert os.access(DOCKER / "entrypoint.sh", os.X_OK)


def dockerfile_stages() -> list[str]:
    return re.split(r"^FROM ", (DOCKER / "Dockerfile").read_text(), flags=re.M)[1:]


def test_the_image_is_multi_stage_and_runs_non_root_on_python_3_11_slim() -> None:
    text = (DOCKER / "Dockerfile").read_text()
    assert "ARG PYTHON_IMAGE=python:3.11-slim" in text
    builder, runtime = dockerfile_stages()
    assert builder.startswith("${PYTHON_IMAGE} AS builder")
    assert runtime.startswith("${PYTHON_IMAGE} AS runtime")
    assert re.search(r"^USER 10001:10001$", runtime, flags=re.M)
    assert 'ENTRYPOINT ["/usr/local/bin/daimyo-entrypoint"]' in runtime


def test_the_image_generates_grpc_code_with_the_makefiles_own_proto_target() -> None:
    builder = dockerfile_stages()[0]
    target = re.search(r"make (\S+) VPY=", builder)
    assert target, "the builder should run the Makefile's generation target"
    assert re.search(rf"^{re.escape(target.group(1))}:", (REPO / "Makefile").read_text(), flags=re.M)


def test_the_build_context_leaves_out_generated_code_and_local_state() -> None:
    ignored = (REPO / ".dockerignore").read_text().splitlines()
    assert "libs/daimyo_proto/daimyo/" in ignored and "*" in ignored
    assert "!deploy/docker/entrypoint.sh" in ignored


def load_probe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("daimyo_container_probe", DOCKER / "probe.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def health_server() -> Iterator[tuple[int, health.HealthServicer]]:
    from concurrent import futures

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield port, servicer
    server.stop(grace=None)


def test_the_probe_passes_a_serving_grpc_process(health_server: tuple[int, health.HealthServicer]) -> None:
    port, servicer = health_server
    servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    assert load_probe().main(["grpc", str(port)]) == 0


def test_the_probe_fails_a_grpc_process_that_is_not_serving(
    health_server: tuple[int, health.HealthServicer],
) -> None:
    port, servicer = health_server
    servicer.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
    assert load_probe().main(["grpc", str(port)]) == 1


def test_the_probe_fails_when_nothing_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    probe = load_probe()
    monkeypatch.setattr(probe, "TIMEOUT_SECONDS", 0.5)
    assert probe.main(["grpc", "1"]) == 1
    assert probe.main(["http", "http://127.0.0.1:1/readyz"]) == 1


class _Readyz(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200 if self.path == "/readyz" else 503)
        self.end_headers()

    def log_message(self, *_: object) -> None:
        pass


def test_the_probe_reads_the_gateways_http_answer() -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Readyz)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        probe = load_probe()
        assert probe.main(["http", f"{base}/readyz"]) == 0
        assert probe.main(["http", f"{base}/healthz"]) == 1
    finally:
        server.shutdown()


def test_the_probe_explains_its_usage() -> None:
    assert load_probe().main(["tcp", "80"]) == 2
