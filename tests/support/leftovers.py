"""Run one of the project's commands, end it one way, and list every process it left behind.

Run as a script (`python tests/support/leftovers.py SPEC_JSON`), this process makes itself a child
subreaper (PR_SET_CHILD_SUBREAPER): whatever the command starts and orphans is re-parented here
instead of to init, so "what it left" is exactly this process's descendants once the command has
ended — found by parent chain, never by name. It prints one JSON line: the command's exit code
and the command lines of what was left (which it then kills, so a failing test leaves nothing).

The command runs under a starter shell in a session of its own, as a terminal job would. The ways
to end it: `normal` (wait), `sigint` (Ctrl-C: SIGINT to the whole job), `sigterm` (to the
command), `parent_killed` (SIGKILL to the starter shell, as when a terminal or `make` is killed).
`tests/integration/test_no_leftovers.py` calls `run_and_end`.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

_PR_SET_CHILD_SUBREAPER = 36
ENDS = ("normal", "sigint", "sigterm", "parent_killed")


@dataclass(frozen=True)
class Outcome:
    exit_code: int | None
    left: list[str]  # command lines of the processes still running after the command ended
    output: str


def run_and_end(argv: Sequence[str], end: str, env: Mapping[str, str], cwd: Path,
                ready: str | None = None, timeout: float = 240.0, settle: float = 60.0) -> Outcome:
    """Run `argv` in a reaper process, end it by `end` once a line matches `ready`, report leftovers."""
    spec = {"argv": list(argv), "end": end, "ready": ready, "timeout": timeout, "settle": settle}
    done = subprocess.run([sys.executable, __file__, json.dumps(spec)], env=dict(env), cwd=cwd,
                          capture_output=True, text=True, timeout=timeout + settle + 60)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return Outcome(report["exit_code"], report["left"], report["output"])


def _reap(spec: dict[str, Any]) -> dict[str, Any]:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    starter = subprocess.Popen(["sh", "-c", '"$@"; exit $?', "starter", *spec["argv"]],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    lines: list[str] = []
    seen = threading.Event()
    threading.Thread(target=_read, args=(starter, spec["ready"], lines, seen), daemon=True).start()
    deadline = time.monotonic() + spec["timeout"]
    if spec["end"] != "normal":
        seen.wait(spec["timeout"])
        _end(starter, spec["end"])
    exit_code = _wait(starter, deadline)
    left = _settle(time.monotonic() + spec["settle"])
    described = [_describe(p) for p in left]
    for process in left:
        with contextlib.suppress(psutil.Error):
            process.kill()
    return {"exit_code": exit_code, "left": described, "output": "".join(lines)[-6000:]}


def _read(starter: subprocess.Popen[bytes], ready: str | None, lines: list[str],
          seen: threading.Event) -> None:
    assert starter.stdout is not None
    pattern = re.compile(ready) if ready else None
    if pattern is None:
        seen.set()
    for raw in starter.stdout:
        line = raw.decode(errors="replace")
        lines.append(line)
        if pattern is not None and pattern.search(line):
            seen.set()


def _end(starter: subprocess.Popen[bytes], end: str) -> None:
    if end == "sigint":
        with contextlib.suppress(ProcessLookupError):
            os.killpg(starter.pid, signal.SIGINT)
    elif end == "sigterm":
        for command in psutil.Process(starter.pid).children():
            command.send_signal(signal.SIGTERM)
    elif end == "parent_killed":
        starter.kill()


def _wait(starter: subprocess.Popen[bytes], deadline: float) -> int | None:
    """The command's exit code (the starter's, or None when the starter was killed), once the
    command itself has ended."""
    try:
        code = starter.wait(max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        return None
    return None if code < 0 else code


def _settle(deadline: float) -> list[psutil.Process]:
    """The descendants still running at `deadline` (stopping ones get until then; zombies are reaped)."""
    while True:
        _reap_zombies()
        alive = [p for p in psutil.Process().children(recursive=True) if _running(p)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.2)


def _reap_zombies() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass


def _running(process: psutil.Process) -> bool:
    try:
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    except psutil.Error:
        return False


def _describe(process: psutil.Process) -> str:
    try:
        return f"{process.pid}: {' '.join(process.cmdline())[:200]}"
    except psutil.Error:
        return f"{process.pid}: (gone)"


if __name__ == "__main__":
    print(json.dumps(_reap(json.loads(sys.argv[1]))), flush=True)
