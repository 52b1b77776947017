"""The bus is closed: a private embedded NATS with the generated accounts refuses anonymous
clients, and each service's login is refused outside the subjects it needs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import nats
import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import Error as NatsError

from daimyo_bus import Bus, messages, subjects
from daimyo_bus.messages import (
    GameResult,
    NamesChanged,
    OnlineBeat,
    PresenceBeat,
    SeatView,
    SessionsRevoked,
    TableChallenge,
    TurnNotice,
    TurnSeat,
)
from daimyo_devkit.embedded import EmbeddedNats, start_nats
from daimyo_kit import credentials

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedNats]:
    running = start_nats(tmp_path_factory.mktemp("private-nats"), credentials=credentials.generate())
    yield running
    running.stop()


async def connect_as(server: EmbeddedNats, role: str | None) -> tuple[Client, list[Exception]]:
    """A raw client with `role`'s login, collecting the permission errors the server sends."""
    errors: list[Exception] = []

    async def on_error(error: Exception) -> None:
        errors.append(error)

    user, password = credentials.nats_login(role, server.credentials) or ("", "")
    client = await nats.connect(server.url, user=user, password=password, error_cb=on_error,
                                inbox_prefix=credentials.inbox_prefix(role), allow_reconnect=False)
    return client, errors


@pytest.fixture
async def operator(server: EmbeddedNats) -> AsyncIterator[Client]:
    client, _ = await connect_as(server, None)
    yield client
    await client.close()


async def refused_publish(server: EmbeddedNats, role: str, subject: str, watcher: Client) -> bool:
    """Whether `role` publishing on `subject` reaches nobody and earns a permissions violation."""
    got: list[str] = []

    async def remember(msg: Msg) -> None:
        got.append(msg.subject)

    sub = await watcher.subscribe(subject, cb=remember)
    await watcher.flush()
    client, errors = await connect_as(server, role)
    try:
        await client.publish(subject, b"{}")
        await client.flush()
        await asyncio.sleep(0.2)
    finally:
        await client.close()
        await sub.unsubscribe()
    return not got and any("permissions violation" in str(e).lower() for e in errors)


async def refused_subscribe(server: EmbeddedNats, role: str, subject: str) -> bool:
    client, errors = await connect_as(server, role)
    try:
        await client.subscribe(subject)
        await client.flush()
        await asyncio.sleep(0.2)
    finally:
        await client.close()
    return any("permissions violation" in str(e).lower() for e in errors)


async def test_an_anonymous_client_is_refused(server: EmbeddedNats) -> None:
    with pytest.raises((NatsError, OSError)) as refused:
        await nats.connect(server.url, allow_reconnect=False, max_reconnect_attempts=0)
    assert "Authorization Violation" in str(refused.value) or isinstance(refused.value, NatsError)


async def test_a_wrong_password_is_refused(server: EmbeddedNats) -> None:
    with pytest.raises(NatsError):
        await nats.connect(server.url, user="gateway", password="guess", allow_reconnect=False,
                           max_reconnect_attempts=0)


@pytest.mark.parametrize("subject", ["daimyo.game.g1.finished", "daimyo.game.g1.turn",
                                     "daimyo.game.g1.seat.0", "daimyo.game.g1.watch", "daimyo.player.p1"])
async def test_the_gateway_cannot_publish_game_messages(server: EmbeddedNats, operator: Client,
                                                        subject: str) -> None:
    assert await refused_publish(server, "gateway", subject, operator)


@pytest.mark.parametrize("role", ["matchmaking", "driver", "gateway"])
async def test_nobody_but_the_relay_publishes_seat_views(server: EmbeddedNats, operator: Client,
                                                         role: str) -> None:
    assert await refused_publish(server, role, "daimyo.game.g1.seat.1", operator)


@pytest.mark.parametrize(("role", "subject"), [
    ("driver", "daimyo.game.g1.seat.0"), ("matchmaking", "daimyo.game.g1.seat.0"),
    ("game", "daimyo.game.g1.seat.0"), ("driver", "daimyo.player.p1"), ("gateway", "daimyo.game.g1.turn"),
    ("gateway", "_INBOX_game.>"), ("driver", ">"), ("analysis", "daimyo.game.g1.seat.0"),
    ("analysis", "daimyo.game.g1.watch"), ("analysis", "daimyo.player.p1"),
])
async def test_a_service_cannot_read_what_it_does_not_need(server: EmbeddedNats, role: str,
                                                           subject: str) -> None:
    assert await refused_subscribe(server, role, subject)


@pytest.mark.parametrize("role", ["gateway", "driver", "matchmaking", "analysis"])
async def test_only_the_relay_may_reconfigure_the_games_stream(server: EmbeddedNats, operator: Client,
                                                               role: str) -> None:
    assert await refused_publish(server, role, f"$JS.API.STREAM.UPDATE.{subjects.GAMES_STREAM}", operator)


async def test_each_service_works_within_its_permissions(server: EmbeddedNats) -> None:
    relay = await Bus.connect(server.url, role="game", env=server.credentials)
    gateway = await Bus.connect(server.url, role="gateway", env=server.credentials)
    driver = await Bus.connect(server.url, role="driver", env=server.credentials)
    matchmaking = await Bus.connect(server.url, role="matchmaking", env=server.credentials)
    analysis = await Bus.connect(server.url, role="analysis", env=server.credentials)
    seen: list[str] = []

    async def remember(subject: str, _payload: object) -> None:
        seen.append(subject)

    try:
        await relay.ensure_games_stream()
        await gateway.subscribe(subjects.seat("g2", 0), remember)
        await driver.subscribe(subjects.ALL_TURNS, remember, queue="daimyo-bot-driver")
        await matchmaking.wait_for_games_stream()
        await matchmaking.consume(subjects.ALL_FINISHED, "accounts-test", remember)
        await analysis.consume(subjects.ALL_FINISHED, "analysis-test", remember)
        for bus in (gateway, driver):
            await bus.flush()
        await relay.publish(subjects.seat("g2", 0), SeatView.build(
            "g2", 1, 0, "GameCreated", view={}, last_move=None, effects=None, to_act=[0], finished=False,
            clock=None, takeovers={}))
        turn = TurnNotice("g2", 1, "samurai", (0,), (TurnSeat(0, None),), False)
        await relay.publish(subjects.turn("g2"), turn)
        result = GameResult("g2", "samurai", 9, {}, (), ())
        await relay.publish_durable(subjects.finished("g2"), result, "g2:9")
        await gateway.publish(subjects.presence("g2", 0), PresenceBeat("ann", 1.0))
        for _ in range(50):
            if len(seen) == 4:
                break
            await asyncio.sleep(0.1)
        assert sorted(seen) == sorted([subjects.seat("g2", 0), subjects.turn("g2"), subjects.finished("g2"),
                                       subjects.finished("g2")])  # matchmaking's consumer and analysis's
    finally:
        for bus in (relay, gateway, driver, matchmaking, analysis):
            await bus.close()


async def test_every_gateway_hears_the_others_online_beats_ended_sessions_and_changed_names(
        server: EmbeddedNats) -> None:
    """A lobby's friends online, a sign-out everywhere and a rename reach every replica (issue 29:
    the gateway's login could not read `daimyo.online.*`, so no friend was ever online)."""
    one = await Bus.connect(server.url, role="gateway", env=server.credentials)
    other = await Bus.connect(server.url, role="gateway", env=server.credentials)
    heard: list[object] = []

    async def remember(_subject: str, message: object) -> None:
        heard.append(message)

    beat, ended, renamed = OnlineBeat("ann", 1.0), SessionsRevoked(("s1",)), NamesChanged(("ann",))
    sent: list[object] = [beat, ended, renamed]
    try:
        for subject in (subjects.ALL_ONLINE, subjects.sessions_revoked(), subjects.names_changed()):
            await other.subscribe(subject, remember)
        await other.flush()
        await one.publish(subjects.online("ann"), beat)
        await one.publish(subjects.sessions_revoked(), ended)
        await one.publish(subjects.names_changed(), renamed)
        for _ in range(50):
            if len(heard) == len(sent):
                break
            await asyncio.sleep(0.1)
        assert heard == sent
    finally:
        for bus in (one, other):
            await bus.close()


@pytest.mark.parametrize("role", ["gateway", "game", "driver", "analysis", "notifier"])
async def test_only_matchmaking_announces_challenges(server: EmbeddedNats, operator: Client,
                                                     role: str) -> None:
    assert await refused_publish(server, role, subjects.challenge("T1"), operator)


async def test_the_notifier_reads_the_challenges_matchmaking_keeps(server: EmbeddedNats) -> None:
    relay = await Bus.connect(server.url, role="game", env=server.credentials)
    matchmaking = await Bus.connect(server.url, role="matchmaking", env=server.credentials)
    notifier = await Bus.connect(server.url, role="notifier", env=server.credentials)
    seen: list[object] = []

    async def remember(_subject: str, message: object) -> None:
        seen.append(message)

    challenge = TableChallenge("T2", "samurai", "host-1", "Ann", ("friend-1",))
    try:
        await relay.ensure_games_stream()
        await matchmaking.publish_durable(subjects.challenge("T2"), challenge, "challenge:T2")
        await notifier.wait_for_games_stream(keeping=subjects.ALL_CHALLENGES)
        await notifier.consume(subjects.ALL_CHALLENGES, "challenges-test", remember)
        for _ in range(50):
            if seen:
                break
            await asyncio.sleep(0.1)
        assert seen == [challenge]
    finally:
        for bus in (relay, matchmaking, notifier):
            await bus.close()


async def test_the_games_stream_never_retains_seat_views(server: EmbeddedNats, operator: Client) -> None:
    relay = await Bus.connect(server.url, role="game", env=server.credentials)
    try:
        await relay.ensure_games_stream()
        await relay.publish(subjects.seat("g3", 0), messages.dumps({"hand": ["secret"]}))
        await relay.publish(subjects.watch("g3"), messages.dumps({"version": 1}))
        await relay.flush()
        js = operator.jetstream()
        info = await js.stream_info(subjects.GAMES_STREAM, subjects_filter="daimyo.game.g3.>")
        assert not info.state.subjects
    finally:
        await relay.close()


def test_the_generated_config_names_every_service(tmp_path: Path) -> None:
    config = credentials.nats_server_config(credentials.generate(), 4222, tmp_path)
    assert all(f'"user": "{role}"' in config for role in credentials.NATS_ROLES)
    assert "no_auth_user" not in config
