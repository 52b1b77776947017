"""The one stack supervisor: Daimyo's services as child processes, started, watched and stopped.

`make run` (deploy/local/run.py), the browser tests (tests/e2e/stack.py), the resilience tests
(tests/resilience/cluster.py) and `make load` (tests/load/load_stack.py) all start services
through it. Each child is `python -m daimyo_<service> [args]` in its own process group (a stop
or a kill reaches the service's own workers too) and dies with the supervisor however the
supervisor ends: it asks Linux for SIGTERM on its parent's death (`daimyo_kit.shutdown`,
DAIMYO_DIE_WITH_PARENT). Stopping is SIGTERM in reverse start order (callers before the
services they call), SIGKILL for whatever outlives its grace. A child that crashes is started
again with a capped backoff when the owner asks for it (`Supervisor.restart_exited`, as `make
run` does), never once a stop has begun. Ports are claimed machine-wide while they are planned
(`daimyo_devkit.claims`), so two stacks started at once never share one.

`child_env` is the one place where the environment every child starts with is built — add
what all services of a stack need there (e.g. generated NATS users or gRPC credentials) — and
`service_env` the one place for what differs per service: each child keeps only its own
secrets (`own_secrets`, the same split as the Kubernetes Secrets).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from daimyo_devkit import claims
from daimyo_devkit.embedded import free_port, port_answers
from daimyo_kit import credentials
from daimyo_kit.shutdown import PARENT_ENV, grace_from_env

Probe = Callable[[], bool]
"""Whether a child is ready (serving), asked repeatedly while it starts."""

SERVICES = ("game", "matchmaking", "bot", "accounts", "gateway", "analysis", "notifier")
COMMANDS: dict[str, tuple[str, list[str]]] = {
    "game": ("daimyo_game", ["serve"]),
    "matchmaking": ("daimyo_matchmaking", []),
    "bot": ("daimyo_bot", ["serve"]),
    "bot-driver": ("daimyo_bot", ["driver"]),
    "accounts": ("daimyo_accounts", []),
    "gateway": ("daimyo_gateway", []),
    "analysis": ("daimyo_analysis", []),
    "notifier": ("daimyo_notifier", []),
}
START_TIMEOUT = 60.0
STOP_MARGIN = 2.0  # beyond the children's own grace before they are killed
RESTART_FIRST = 0.5  # seconds before the first restart of a crashed child ...
RESTART_CAP = 10.0  # ... doubling with each crash in a row, never more than this
RESTART_STABLE = 30.0  # up this long: its next crash counts as the first again


# -- the environment ------------------------------------------------------------------------


@dataclass(frozen=True)
class StackSettings:
    """What every service of one stack shares."""

    database_url: str
    nats_url: str
    token_secret: str
    schema_prefix: str = ""  # "e2e" → fresh schemas e2e_game_<random>, e2e_mm_<random> and the notifier's
    # own durable consumers (e2e-notifier-<random>); "": defaults
    log_level: str = "INFO"
    extra_env: Mapping[str, str] = field(default_factory=dict)


def child_env(settings: StackSettings, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment every child of a stack starts with (`base`: os.environ by default).

    This is the hook for stack-wide configuration and credentials: whatever every service
    needs to reach Postgres, NATS and its peers belongs here, not in the starters."""
    env = dict(os.environ if base is None else base)
    env.update(DAIMYO_DATABASE_URL=settings.database_url, DAIMYO_NATS_URL=settings.nats_url,
               DAIMYO_TOKEN_SECRET=settings.token_secret, DAIMYO_LOG_LEVEL=settings.log_level,
               PYTHONUNBUFFERED="1")
    if settings.schema_prefix:
        suffix = uuid.uuid4().hex[:8]
        env["DAIMYO_GAME_DB_SCHEMA"] = f"{settings.schema_prefix}_game_{suffix}"
        env["DAIMYO_MATCHMAKING_DB_SCHEMA"] = f"{settings.schema_prefix}_mm_{suffix}"
        env["DAIMYO_ANALYSIS_DB_SCHEMA"] = f"{settings.schema_prefix}_analysis_{suffix}"
        env["DAIMYO_ACCOUNTS_DB_SCHEMA"] = f"{settings.schema_prefix}_acc_{suffix}"
        env["DAIMYO_NOTIFIER_DB_SCHEMA"] = f"{settings.schema_prefix}_notifier_{suffix}"
        # The games stream outlives a stack and is shared by every stack on the NATS: with the
        # default durable name, another stack's notifier would take (and ack) this one's notices.
        env["DAIMYO_NOTIFIER_CONSUMER"] = f"{settings.schema_prefix}-notifier-{suffix}"
    env.update(settings.extra_env)
    env.update(credentials.env_additions(env))  # the session's or operator's set when complete
    return env


CREDENTIAL_ROLES = {"game": "game", "matchmaking": "matchmaking", "gateway": "gateway", "bot": "bot",
                    "bot-driver": "driver", "analysis": "analysis", "accounts": "accounts",
                    "notifier": "notifier"}
"""Each service's credentials role (a Secret of `credentials.K8S_SECRETS`, as in k8s/base)."""
DATABASE_USERS = frozenset({"game", "matchmaking", "migrate", "analysis", "accounts", "notifier"})
TOKEN_SECRET = "DAIMYO_TOKEN_SECRET"


def stack_secrets() -> frozenset[str]:
    """Every secret variable a stack's environment may hold."""
    return frozenset(credentials.generate()) | {TOKEN_SECRET, "DAIMYO_DATABASE_URL", "POSTGRES_PASSWORD"}


def own_secrets(kind: str, env: Mapping[str, str] | None = None) -> frozenset[str]:
    """The secret variables service `kind` reads — the same ones Kubernetes gives it: its own
    NATS password and gRPC token, the callers list if it serves gRPC, the database URL if it
    uses Postgres, the token-signing secret only in the gateway; the bot service also the
    driver's, unless `env` turns its in-process driver off (DAIMYO_BOT_DRIVER=off, as
    Kubernetes runs it). Anything else: none."""
    own = set(credentials.K8S_SECRETS.get(CREDENTIAL_ROLES.get(kind, ""), ()))
    if kind == "bot" and (env or {}).get("DAIMYO_BOT_DRIVER", "on").lower() != "off":
        own |= set(credentials.K8S_SECRETS["driver"])
    if kind in DATABASE_USERS:
        own.add("DAIMYO_DATABASE_URL")
    if kind == "gateway":
        own.add(TOKEN_SECRET)
    return frozenset(own)


def service_env(kind: str, env: Mapping[str, str]) -> dict[str, str]:
    """One child's environment from the stack's (`child_env`): the hook for what differs per
    service. `kind` is a COMMANDS name ("game", "bot-driver", ...). Each child keeps only its
    own secrets (`own_secrets`): a compromised bot cannot sign tokens or log in as the gateway."""
    others = stack_secrets() - own_secrets(kind, env)
    own = {name: value for name, value in env.items() if name not in others}
    if kind == "bot-driver":  # reads the bot's settings, but must not take the bot's metrics port
        own["DAIMYO_BOT_METRICS_PORT"] = str(free_port())
    return own


def any_free_port(_variable: str, _default: int) -> int:
    return free_port()


def default_port_when_free(variable: str, default: int, env: Mapping[str, str] | None = None) -> int:
    """The port `variable` names in the environment, else `default` when free, else any free one.
    Either is claimed machine-wide first (`daimyo_devkit.claims`), so a second stack planning
    at the same moment gets other ports."""
    env = os.environ if env is None else env
    if env.get(variable):
        return int(env[variable])
    if default and claims.claim(default):
        if not port_answers("127.0.0.1", default):
            return default
        claims.release(default)
    return free_port()


def assign_ports(env: dict[str, str], services: Iterable[str] = SERVICES,
                 pick: Callable[[str, int], int] = any_free_port) -> None:
    """A gRPC and a metrics port for each service (the gateway: HTTP) written into `env`, and
    DAIMYO_<SERVICE>_ADDR pointing callers at it (unless already set)."""
    from daimyo_kit.config import DEFAULT_GRPC_PORTS, DEFAULT_HTTP_PORT, DEFAULT_METRICS_PORTS

    for name in services:
        upper = name.upper()
        env[f"DAIMYO_{upper}_METRICS_PORT"] = str(pick(f"DAIMYO_{upper}_METRICS_PORT",
                                                       DEFAULT_METRICS_PORTS[name]))
        if name == "gateway":
            env["DAIMYO_GATEWAY_HTTP_PORT"] = str(pick("DAIMYO_GATEWAY_HTTP_PORT", DEFAULT_HTTP_PORT))
            continue
        port = pick(f"DAIMYO_{upper}_GRPC_PORT", DEFAULT_GRPC_PORTS[name])
        env[f"DAIMYO_{upper}_GRPC_PORT"] = str(port)
        env.setdefault(f"DAIMYO_{upper}_ADDR", f"127.0.0.1:{port}")


# -- readiness probes -----------------------------------------------------------------------


def grpc_serving(port: int) -> Probe:
    """The gRPC health service on 127.0.0.1:`port` says SERVING."""
    def ready() -> bool:
        import grpc
        from grpc_health.v1 import health_pb2, health_pb2_grpc

        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            try:
                request = health_pb2.HealthCheckRequest()
                reply = health_pb2_grpc.HealthStub(channel).Check(request, timeout=1.0)
            except grpc.RpcError:
                return False
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
    return ready


def http_ok(url: str) -> Probe:
    """`url` answers 200."""
    def ready() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=1.0) as response:
                return bool(response.status == 200)
        except OSError:
            return False
    return ready


def always() -> bool:
    """For a child with nothing to probe: ready once started."""
    return True


def listening(port: int) -> Probe:
    """Something accepts connections on 127.0.0.1:`port`."""
    return lambda: bool(port_answers("127.0.0.1", port))


def readiness(name: str, env: Mapping[str, str]) -> Probe:
    """The usual probe for service `name` on the ports `env` gives it."""
    if name == "gateway":
        return http_ok(f"http://127.0.0.1:{env['DAIMYO_GATEWAY_HTTP_PORT']}/readyz")
    if name == "bot-driver":  # no gRPC: its metrics endpoint opens once it runs
        return listening(int(env["DAIMYO_BOT_METRICS_PORT"]))
    if name in COMMANDS:
        return grpc_serving(int(env[f"DAIMYO_{name.upper()}_GRPC_PORT"]))
    return always


# -- one child ------------------------------------------------------------------------------


@dataclass
class Child:
    """One service process: `python -m <module> <args>` in its own process group."""

    name: str
    module: str
    args: list[str]
    env: dict[str, str]
    log_path: Path | None  # None: the child writes to this terminal
    ready: Probe = always
    cwd: Path | None = None
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    crashes: int = 0  # in a row, none after RESTART_STABLE up (the restart backoff's exponent)
    restarts: int = 0
    restart_at: float | None = None  # when a crashed child starts again

    def start(self) -> None:
        env = dict(self.env, **{PARENT_ENV: str(os.getpid())})
        log = self._open_log()
        self.process = subprocess.Popen([sys.executable, "-m", self.module, *self.args], env=env,
                                        cwd=self.cwd, stdout=log, stderr=subprocess.STDOUT if log else None,
                                        start_new_session=True)
        self.started_at = time.monotonic()
        if log is not None:
            log.close()  # the child holds its own copy

    def _open_log(self) -> IO[bytes] | None:
        if self.log_path is None:
            return None
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        return self.log_path.open("ab")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def pid(self) -> int:
        assert self.process is not None, f"{self.name} was never started"
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        return None if self.process is None else self.process.poll()

    @property
    def grace(self) -> float:
        """How long this child may take to stop before it is killed."""
        return grace_from_env(self.env) + STOP_MARGIN

    def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.ready():
            if not self.running or time.monotonic() > deadline:
                where = self.log_path or "the terminal"
                raise RuntimeError(f"{self.name} did not become ready; see {where}")
            time.sleep(0.1)

    def send(self, sig: int) -> None:
        """`sig` to the child's whole process group (its workers too)."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, sig)

    def terminate(self) -> None:
        if self.running:
            self.send(signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL the child and everything it started: no shutdown code runs."""
        if self.process is not None:
            self.send(signal.SIGKILL)
            self.process.wait()

    def wait_or_kill(self, grace: float) -> bool:
        """Whether it exited by itself within `grace` (else it is killed)."""
        assert self.process is not None
        try:
            self.process.wait(max(0.0, grace))
        except subprocess.TimeoutExpired:
            self.kill()
            return False
        self.send(signal.SIGKILL)  # any worker the service left behind in its group
        return True

    def stop(self, grace: float | None = None) -> bool:
        """SIGTERM, then SIGKILL after `grace` (default: the child's own grace plus a margin);
        whether it stopped by itself."""
        if self.process is None:
            return True
        self.terminate()
        return self.wait_or_kill(self.grace if grace is None else grace)

    def schedule_restart(self, now: float) -> float:
        """Plan the next start after a crash; the delay: RESTART_FIRST doubling per crash in a
        row, at most RESTART_CAP, back to the first once the child had stayed up RESTART_STABLE."""
        if now - self.started_at >= RESTART_STABLE:
            self.crashes = 0
        delay = restart_delay(self.crashes)
        self.crashes += 1
        self.restart_at = now + delay
        return delay

    def restart(self) -> None:
        self.send(signal.SIGKILL)  # whatever the crashed service left in its group
        self.restart_at = None
        self.restarts += 1
        self.start()


def restart_delay(crashes: int) -> float:
    """Seconds before restarting a child that crashed `crashes` times in a row before."""
    return float(min(RESTART_CAP, RESTART_FIRST * 2 ** min(crashes, 16)))


def exit_description(code: int | None) -> str:
    """"code 3", or "signal SIGKILL" for a child a signal ended."""
    if code is not None and code < 0:
        with contextlib.suppress(ValueError):
            return f"signal {signal.Signals(-code).name}"
    return f"code {code}"


# -- the supervisor -------------------------------------------------------------------------


@dataclass
class Supervisor:
    """Children in start order; stopped in reverse order."""

    log_dir: Path | None = None
    cwd: Path | None = None
    children: dict[str, Child] = field(default_factory=dict)
    stopping: bool = False  # set by any stop: from then on nothing is restarted

    def add(self, name: str, env: dict[str, str], ready: Probe | None = None,
            module: str | None = None, args: list[str] | None = None) -> Child:
        """Plan child `name` (a service of COMMANDS, or `module`/`args` for a replica name
        like "game-1"); `ready` defaults to the service's usual probe."""
        kind = name if name in COMMANDS else name.rsplit("-", 1)[0]
        env = service_env(kind, env)
        default_module, default_args = COMMANDS.get(kind, (module or "", []))
        child = Child(name, module or default_module, default_args if args is None else args, env,
                      self.log_dir / f"{name}.log" if self.log_dir else None,
                      ready or readiness(kind, env), self.cwd)
        self.children[name] = child
        return child

    def __getitem__(self, name: str) -> Child:
        return self.children[name]

    def start(self, name: str, wait: bool = True, timeout: float = START_TIMEOUT) -> Child:
        child = self.children[name]
        child.start()
        if wait:
            self.wait_ready([name], timeout)
        return child

    def start_all(self, wait_each: Iterable[str] = (), timeout: float = START_TIMEOUT) -> None:
        """Start every child in order (waiting for those in `wait_each` before the next), then
        wait until all are ready; on any failure stop everything and raise."""
        waits = set(wait_each)
        try:
            for name in self.children:
                self.start(name, wait=name in waits, timeout=timeout)
            self.wait_ready(list(self.children), timeout)
        except BaseException:
            self.stop()
            raise

    def wait_ready(self, names: list[str], timeout: float = START_TIMEOUT) -> None:
        """Until every named child is ready; raises when one of them (or any started child) exits
        or the time runs out."""
        deadline = time.monotonic() + timeout
        for name in names:
            child = self.children[name]
            while not (child.running and child.ready()):
                self._raise_if_exited(child)
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not become ready; see {child.log_path or 'the terminal'}")
                time.sleep(0.1)

    def _raise_if_exited(self, waiting: Child) -> None:
        for child in self.children.values():
            if child.process is not None and not child.running:
                raise RuntimeError(f"{child.name} exited with code {child.returncode} while {waiting.name} "
                                   f"was starting; see {child.log_path or 'the terminal'}")

    def not_ready(self, timeout: float = START_TIMEOUT) -> list[Child]:
        """Wait until each started child is ready or has exited; those that exited or timed out."""
        deadline = time.monotonic() + timeout
        waiting = [c for c in self.children.values() if c.process is not None]
        while waiting and time.monotonic() < deadline:
            waiting = [c for c in waiting if c.running and not c.ready()]
            time.sleep(0.2)
        return waiting + [c for c in self.children.values() if c.process is not None and not c.running]

    def exited(self) -> list[Child]:
        return [c for c in self.children.values() if c.process is not None and not c.running]

    def restart_exited(self, say: Callable[[str], None] = print) -> None:
        """Start again every child that exited by itself, each after its backoff
        (`Child.schedule_restart`), telling `say` what crashed and when it comes back. Call it
        regularly while the stack runs; it does nothing once a stop has begun."""
        now = time.monotonic()
        for child in self.exited():
            if self.stopping:
                return
            if child.restart_at is None:
                delay = child.schedule_restart(now)
                say(f"! {child.name} exited with {exit_description(child.returncode)}; restarting it in "
                    f"{delay:g} s (crash {child.crashes} in a row); see {child.log_path or 'above'}")
            elif now >= child.restart_at:
                child.restart()
                say(f"  {child.name} restarted (pid {child.pid}, restart {child.restarts})")

    def stop(self, grace: float | None = None) -> list[str]:
        """SIGTERM each running child in reverse start order, each waited for (at most `grace`,
        default its own grace) before the next; the names of those that had to be killed."""
        self.stopping = True
        killed = []
        for child in reversed(list(self.children.values())):
            if child.running and not child.stop(grace):
                killed.append(child.name)
        return killed

    def stop_at_once(self, grace: float | None = None) -> list[str]:
        """SIGTERM to every running child at once (pods of a rollout), SIGKILL after `grace`."""
        self.stopping = True
        running = [c for c in self.children.values() if c.running]
        for child in running:
            child.terminate()
        limit = grace if grace is not None else max((c.grace for c in running), default=0.0)
        deadline = time.monotonic() + limit
        return [c.name for c in running if not c.wait_or_kill(deadline - time.monotonic())]
