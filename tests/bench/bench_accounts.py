"""Accounts: how long signing in takes, and what checking a session costs a move.

The service runs as its own process (`python -m daimyo_accounts`, as deployed), so the clients'
work here does not share its event loop.

- Password sign-in over gRPC against the real service and Postgres, 20 sign-ins at once
  (argon2id at OWASP's minimum, 19 MiB and 2 passes, on the service's hashing threads); the
  target is p99 ≤ 150 ms on this machine.
- Passkey sign-in (challenge, then the signed answer verified), one at a time and 20 at once;
  the target is p99 ≤ 50 ms.
- The gateway's session check as a request or a socket's authentication pays it: a cached
  answer (a look-up) and a first check (a gRPC call). A move on an open socket pays nothing:
  the socket was checked when it authenticated, and a revocation closes it.
Postgres: DAIMYO_DATABASE_URL, else 127.0.0.1:5432.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator

import grpc
import psutil
import psycopg
import structlog
from psycopg import sql

from daimyo_accounts.testing import SoftPasskey
from daimyo_devkit.commands import end_with_starter
from daimyo_devkit.embedded import free_port
from daimyo_devkit.stack import grpc_serving
from daimyo_gateway.accounts import GrpcAccounts
from daimyo_gateway.session_check import SessionCheck
from daimyo_kit import credentials, grpc_client
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2 as pb
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2_grpc

ORIGIN = "http://localhost:8080"
PASSWORD = "correct horse battery"
AT_ONCE = 20
ROUNDS = 10  # sign-ins per concurrent client


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(what: str, seconds: list[float], target_ms: float | None = None) -> None:
    ms = [s * 1000 for s in seconds]
    verdict = (
        ""
        if target_ms is None
        else ("  ok" if percentile(ms, 0.99) <= target_ms else f"  OVER {target_ms:g} ms")
    )
    print(
        f"{what:<44} n={len(ms):>5}  p50 {statistics.median(ms):8.3f} ms  p99 {percentile(ms, 0.99):8.3f} ms"
        f"  max {max(ms):8.3f} ms{verdict}",
        flush=True,
    )


async def timed_at_once(step: Callable[[int], Awaitable[None]], clients: int, rounds: int) -> list[float]:
    """Each step's latency; prints the service's CPU time per step (what no machine load inflates)."""
    times: list[float] = []
    cpu = service_cpu() if SERVICE else 0.0

    async def client(n: int) -> None:
        for r in range(rounds):
            started = time.perf_counter()
            await step(n * rounds + r)
            times.append(time.perf_counter() - started)

    await asyncio.gather(*(client(n) for n in range(clients)))
    if SERVICE:
        print(
            f"{'':<44} service CPU {(service_cpu() - cpu) * 1000 / len(times):.2f} ms per step", flush=True
        )
    return times


async def password_sign_ins(stub: accounts_pb2_grpc.AccountsServiceStub, names: list[str]) -> None:
    async def sign_in(i: int) -> None:
        request = pb.PasswordSignInRequest(
            name=names[i % len(names)],
            password=PASSWORD,
            address=f"10.0.{i // 250}.{i % 250}",
            device="bench",
        )
        await stub.SignInWithPassword(request)

    await sign_in(0)  # warm up the channel and the pool
    report(f"password sign-in, {AT_ONCE} at once", await timed_at_once(sign_in, AT_ONCE, ROUNDS), 150)
    report("password sign-in, one at a time", await timed_at_once(sign_in, 1, 20), 150)


async def passkey_sign_ins(stub: accounts_pb2_grpc.AccountsServiceStub, keys: list[SoftPasskey]) -> None:
    async def sign_in(i: int) -> None:
        options = await stub.BeginPasskeySignIn(
            pb.BeginPasskeySignInRequest(origin=ORIGIN, address="10.9.9.9")
        )
        answer = keys[(i // ROUNDS) % len(keys)].get(options.options_json, ORIGIN)  # one key per client
        await stub.SignInWithPasskey(
            pb.PasskeySignInRequest(
                challenge_id=options.challenge_id,
                credential_json=answer,
                origin=ORIGIN,
                address="10.9.9.9",
                device="bench",
            )
        )

    await sign_in(0)
    report(
        "passkey sign-in (challenge + answer), one at a time", await timed_at_once(sign_in, 1, ROUNDS), 50
    )
    report(f"passkey sign-in, {AT_ONCE} at once", await timed_at_once(sign_in, AT_ONCE, ROUNDS), 50)


async def session_checks(channel: grpc.aio.Channel, stub: accounts_pb2_grpc.AccountsServiceStub) -> None:
    guest = await stub.CreateGuest(pb.CreateGuestRequest(name="Checker", device="bench"))
    sid, tid = guest.session.session_id, guest.token_id
    check = SessionCheck(GrpcAccounts(channel), ttl=30.0)
    first = []
    for _ in range(200):
        fresh = SessionCheck(GrpcAccounts(channel), ttl=30.0)
        started = time.perf_counter()
        await fresh.check(sid, tid)
        first.append(time.perf_counter() - started)
    report("session check, first (a gRPC call)", first)
    await check.check(sid, tid)
    n = 100_000
    started = time.perf_counter()
    for _ in range(n):
        await check.check(sid, tid)
    per = (time.perf_counter() - started) / n
    print(
        f"{'session check, cached (per request or socket)':<44} {per * 1e6:8.2f} µs  "
        f"({per * 1000:.5f} ms; target ≤ 0.05 ms)  ok"
        if per * 1000 <= 0.05
        else "  OVER",
        flush=True,
    )
    print(
        f"{'session check per move on an open socket':<44} none: the socket was checked when it "
        "authenticated; a revocation closes it",
        flush=True,
    )


async def setup(stub: accounts_pb2_grpc.AccountsServiceStub) -> tuple[list[str], list[SoftPasskey]]:
    names, keys = [], []
    for n in range(AT_ONCE):
        guest = await stub.CreateGuest(pb.CreateGuestRequest(name=f"p{n}", device="bench"))
        names.append(f"Bencher{n}")
        await stub.UpgradeWithPassword(
            pb.UpgradeWithPasswordRequest(
                player_id=guest.account.player_id, name=names[-1], password=PASSWORD
            )
        )
        key = SoftPasskey()
        options = await stub.BeginPasskeyRegistration(
            pb.BeginPasskeyRegistrationRequest(player_id=guest.account.player_id, origin=ORIGIN)
        )
        await stub.FinishPasskeyRegistration(
            pb.FinishPasskeyRegistrationRequest(
                player_id=guest.account.player_id,
                challenge_id=options.challenge_id,
                credential_json=key.create(options.options_json, ORIGIN),
                label="bench",
                origin=ORIGIN,
            )
        )
        keys.append(key)
    return names, keys


SERVICE: list[psutil.Process] = []  # the service's process, for its CPU time


def service_cpu() -> float:
    times = SERVICE[0].cpu_times()
    return float(times.user + times.system)


@contextlib.contextmanager
def accounts_service(url: str) -> Iterator[str]:
    """The accounts service as a process of its own on a fresh schema; its address."""
    schema, port = f"bench_acc_{uuid.uuid4().hex[:8]}", free_port()
    env = {
        **os.environ,
        "DAIMYO_DATABASE_URL": url,
        "DAIMYO_ACCOUNTS_DB_SCHEMA": schema,
        "DAIMYO_ACCOUNTS_GRPC_PORT": str(port),
        "DAIMYO_ACCOUNTS_METRICS_PORT": str(free_port()),
        "DAIMYO_BIND_HOST": "127.0.0.1",
        "DAIMYO_LOG_LEVEL": "WARNING",
    }
    process = subprocess.Popen([sys.executable, "-m", "daimyo_accounts"], env=env)
    SERVICE[:] = [psutil.Process(process.pid)]
    try:
        wait_until(grpc_serving(port), 60)
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(15)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


def wait_until(ready: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise TimeoutError("the accounts service did not start")
        time.sleep(0.2)


async def main() -> None:
    url = os.environ.get("DAIMYO_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    print(
        f"accounts bench on {os.cpu_count()} cores; argon2id m=19 MiB t=2 p=1, 2 hashing threads; "
        "the service in its own process",
        flush=True,
    )
    with accounts_service(url) as address:
        channel = grpc_client.channel(address, role="gateway")
        try:
            stub = accounts_pb2_grpc.AccountsServiceStub(channel)
            names, keys = await setup(stub)
            await password_sign_ins(stub, names)
            await passkey_sign_ins(stub, keys)
            await session_checks(channel, stub)
        finally:
            await channel.close()


if __name__ == "__main__":
    end_with_starter()
    os.environ.update(credentials.env_additions(os.environ))  # the service admits the "gateway" role
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    asyncio.run(main())
