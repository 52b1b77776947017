"""On a real NATS with the generated accounts, the gateway's login publishes its two chat
channels and seat presence beats, and nothing around them (issue 32: it could publish any
`daimyo.chat.>` or `daimyo.presence.>` subject)."""

from __future__ import annotations

import pytest
from nats.aio.client import Client

from daimyo_devkit.embedded import EmbeddedNats
from tests.integration.test_nats_accounts import operator, refused_publish, server

pytestmark = pytest.mark.integration
__all__ = ["operator", "server"]  # the fixtures this module borrows


@pytest.mark.parametrize("subject", ["daimyo.chat.g-1.players", "daimyo.chat.g-1.spectators",
                                     "daimyo.presence.g-1.0", "daimyo.online.g-alice"])
async def test_the_gateway_publishes_what_it_uses(server: EmbeddedNats, operator: Client,
                                                  subject: str) -> None:
    assert not await refused_publish(server, "gateway", subject, operator)


@pytest.mark.parametrize("subject", ["daimyo.chat.g-1.staff", "daimyo.chat.g-1.players.extra",
                                     "daimyo.presence.g-1.0.extra", "daimyo.presence.g-1"])
async def test_the_gateway_cannot_publish_around_it(server: EmbeddedNats, operator: Client,
                                                    subject: str) -> None:
    assert await refused_publish(server, "gateway", subject, operator)
