"""On a real NATS with the generated accounts, the gateway's login publishes its two chat
channels, seat presence beats, drops and returns and watcher counts, and nothing around them
(issue 32: it could publish any `daimyo.chat.>` or `daimyo.presence.>` subject); it reads what the
other gateways say (every player's online beats, a game's drops and returns and watcher counts)."""

from __future__ import annotations

import pytest
from nats.aio.client import Client

from daimyo_devkit.embedded import EmbeddedNats
from tests.integration.test_nats_accounts import operator, refused_publish, refused_subscribe, server

pytestmark = pytest.mark.integration
__all__ = ["operator", "server"]  # the fixtures this module borrows


@pytest.mark.parametrize("subject", ["daimyo.chat.g-1.players", "daimyo.chat.g-1.spectators",
                                     "daimyo.presence.g-1.0", "daimyo.online.g-alice",
                                     "daimyo.connection.g-1", "daimyo.audience.g-1"])
async def test_the_gateway_publishes_what_it_uses(server: EmbeddedNats, operator: Client,
                                                  subject: str) -> None:
    assert not await refused_publish(server, "gateway", subject, operator)


@pytest.mark.parametrize("subject", ["daimyo.chat.g-1.staff", "daimyo.chat.g-1.players.extra",
                                     "daimyo.presence.g-1.0.extra", "daimyo.presence.g-1",
                                     "daimyo.connection.g-1.0", "daimyo.audience.g-1.extra"])
async def test_the_gateway_cannot_publish_around_it(server: EmbeddedNats, operator: Client,
                                                    subject: str) -> None:
    assert await refused_publish(server, "gateway", subject, operator)


@pytest.mark.parametrize("subject", ["daimyo.online.*", "daimyo.connection.g-1", "daimyo.audience.g-1"])
async def test_the_gateway_reads_what_the_other_gateways_say(server: EmbeddedNats, subject: str) -> None:
    assert not await refused_subscribe(server, "gateway", subject)
