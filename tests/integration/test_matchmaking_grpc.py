"""The matchmaking gRPC API end to end on real Postgres and NATS (game service faked): status
codes for bad input, the ticket life cycle, ratings, and "match found" on the player's subject."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable

import grpc
import pytest

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import BusMessage, PlayerNotice
from daimyo_kit.grpc_server import start_server
from daimyo_matchmaking.bootstrap import matchmaking_servicer
from daimyo_matchmaking.handlers import MatchmakingHandlers
from daimyo_matchmaking.messaging import NatsPlayerNotifier
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, scratch_store
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2 as pb
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2_grpc

pytestmark = pytest.mark.integration


@pytest.fixture
async def bus(nats_url: str) -> AsyncIterator[Bus]:
    bus = await Bus.connect(nats_url, name="mm-grpc-test")
    yield bus
    await bus.close()


@pytest.fixture
async def handlers(database_url: str, bus: Bus) -> AsyncIterator[MatchmakingHandlers]:
    async with scratch_store(database_url) as store:
        catalog = StaticCatalog({"samurai": (2, 3, 4)})
        yield MatchmakingHandlers(
            store, InMemoryGameCreator(), NatsPlayerNotifier(bus), catalog, FakeClock(), rng=random.Random(3)
        )


@pytest.fixture
async def stub(handlers: MatchmakingHandlers) -> AsyncIterator[matchmaking_pb2_grpc.MatchmakingServiceStub]:
    server = await start_server([matchmaking_servicer(handlers)], port=0, host="127.0.0.1")
    async with grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        yield matchmaking_pb2_grpc.MatchmakingServiceStub(channel)
    await server.stop(grace=0)


async def refused(call: Awaitable[object]) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as error:
        await call
    return error.value


async def test_bad_input_maps_to_clear_status_codes(
    stub: matchmaking_pb2_grpc.MatchmakingServiceStub
) -> None:
    unknown = await refused(stub.Enqueue(pb.EnqueueRequest(player_id="a", game="chess")))
    assert unknown.code() == grpc.StatusCode.INVALID_ARGUMENT and "unknown game 'chess'" in unknown.details()
    too_many = await refused(
        stub.Enqueue(pb.EnqueueRequest(player_id="a", game="samurai", player_counts=[6]))
    )
    assert too_many.code() == grpc.StatusCode.INVALID_ARGUMENT
    await stub.Enqueue(pb.EnqueueRequest(player_id="a", game="samurai"))
    twice = await refused(stub.Enqueue(pb.EnqueueRequest(player_id="a", game="samurai")))
    assert twice.code() == grpc.StatusCode.ALREADY_EXISTS
    missing = await refused(stub.GetTicket(pb.GetTicketRequest(ticket_id="nope")))
    assert missing.code() == grpc.StatusCode.NOT_FOUND


async def test_text_postgres_cannot_store_is_refused_as_malformed(
    stub: matchmaking_pb2_grpc.MatchmakingServiceStub
) -> None:
    nul = await refused(stub.Enqueue(pb.EnqueueRequest(player_id="a\x00b", game="samurai")))
    assert nul.code() == grpc.StatusCode.INVALID_ARGUMENT and "player_id contains a NUL" in nul.details()
    party = await refused(stub.Enqueue(pb.EnqueueRequest(player_id="a", game="samurai", party=["\x00"])))
    assert party.code() == grpc.StatusCode.INVALID_ARGUMENT and "party" in party.details()


async def test_a_ticket_can_be_cancelled_once(stub: matchmaking_pb2_grpc.MatchmakingServiceStub) -> None:
    ticket = await stub.Enqueue(pb.EnqueueRequest(player_id="a", game="samurai", player_counts=[2, 3]))
    assert (ticket.state, list(ticket.player_counts)) == ("queued", [2, 3])
    cancelled = await stub.Cancel(pb.CancelRequest(ticket_id=ticket.ticket_id, player_id="a"))
    assert cancelled.state == "cancelled"
    again = await refused(stub.Cancel(pb.CancelRequest(ticket_id=ticket.ticket_id, player_id="a")))
    assert again.code() == grpc.StatusCode.FAILED_PRECONDITION


async def test_a_match_is_announced_on_each_players_subject(
    stub: matchmaking_pb2_grpc.MatchmakingServiceStub, handlers: MatchmakingHandlers, bus: Bus
) -> None:
    inbox: asyncio.Queue[tuple[str, PlayerNotice]] = asyncio.Queue()

    async def collect(subject: str, payload: BusMessage) -> None:
        assert isinstance(payload, PlayerNotice)
        await inbox.put((subject, payload))

    for player in ("p1", "p2"):
        await bus.subscribe(subjects.player(player), collect)
    await bus.flush()
    first = await stub.Enqueue(pb.EnqueueRequest(player_id="p1", game="samurai", player_counts=[2]))
    await stub.Enqueue(pb.EnqueueRequest(player_id="p2", game="samurai", player_counts=[2]))
    (match,) = await handlers.match_round("samurai")
    got = dict([await asyncio.wait_for(inbox.get(), 5), await asyncio.wait_for(inbox.get(), 5)])
    ticket = await stub.GetTicket(pb.GetTicketRequest(ticket_id=first.ticket_id))
    assert (ticket.state, ticket.game_id) == ("matched", match.game_id)
    assert got[subjects.player("p1")].to_json() == {
        "type": "match_found",
        "game_id": match.game_id,
        "seat": ticket.seat,
        "game": "samurai",
        "ticket_id": first.ticket_id,
    }
    playing = await refused(stub.Enqueue(pb.EnqueueRequest(player_id="p1", game="samurai")))
    assert playing.code() == grpc.StatusCode.FAILED_PRECONDITION


async def test_ratings_and_the_leaderboard_are_served(
    stub: matchmaking_pb2_grpc.MatchmakingServiceStub, handlers: MatchmakingHandlers
) -> None:
    seats = [{"player_id": "x"}, {"player_id": "y"}]
    await handlers.game_finished(
        {"game_id": "r1", "game": "samurai", "seats": seats, "outcome": {"winners": [1]}}
    )
    rating = await stub.GetRating(pb.GetRatingRequest(player_id="y", game="samurai"))
    assert rating.games == 1 and rating.ordinal == pytest.approx(rating.mu - 3 * rating.sigma)
    board = await stub.Leaderboard(pb.LeaderboardRequest(game="samurai", limit=5))
    assert [r.player_id for r in board.ratings] == ["y", "x"]
