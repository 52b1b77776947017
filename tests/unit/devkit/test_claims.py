"""Port claims: of two stacks planning at once, each gets its own ports, and a claim dies with
its process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from daimyo_devkit import claims

PLAN = """
import json, sys, time
from daimyo_devkit.stack import assign_ports, default_port_when_free
env = {}
while time.time() < float(sys.argv[1]):  # both planners start at the same moment
    pass
assign_ports(env, pick=lambda variable, default: default_port_when_free(variable, default, env))
print(json.dumps({k: v for k, v in env.items() if k.endswith("_PORT")}), flush=True)
sys.stdin.read()  # holds its claims until told to end, as a running stack does
"""


@pytest.fixture
def claims_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(claims.CLAIMS_ENV, str(tmp_path))
    return tmp_path


def test_two_stacks_planning_at_once_never_share_a_port(claims_dir: Path) -> None:
    start = time.time() + 1.5
    planners = [subprocess.Popen([sys.executable, "-c", PLAN, str(start)], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True) for _ in range(2)]
    try:
        plans = [json.loads(p.stdout.readline()) for p in planners if p.stdout is not None]
    finally:
        for planner in planners:
            planner.communicate("", timeout=10)
    first, second = (set(plan.values()) for plan in plans)
    assert len(first) == len(second) == 14  # grpc + metrics for six services, http + metrics for the gateway
    assert first & second == set()


def test_a_claimed_port_is_refused_to_others_until_released(claims_dir: Path) -> None:
    (claims_dir / "40001").write_text(str(os.getppid()))  # a live process holds it
    assert not claims.claim(40001)
    assert claims.claim(40002) and claims.claim(40002)  # this process's own, twice
    claims.release(40002)
    assert not (claims_dir / "40002").exists()


def test_a_dead_processes_claim_is_taken_over(claims_dir: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    (claims_dir / "40003").write_text(dead.stdout.strip())
    assert claims.claim(40003)
    assert (claims_dir / "40003").read_text() == str(os.getpid())
    claims.release(40003)
