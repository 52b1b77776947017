"""VersionedFollower: each (game, version) handled once; a gap triggers one resync."""

from __future__ import annotations

from daimyo_bus import VersionedFollower


class FakeResync:
    def __init__(self, current: int) -> None:
        self.current = current
        self.calls: list[str] = []

    async def __call__(self, game_id: str) -> int:
        self.calls.append(game_id)
        return self.current


async def test_the_first_message_of_a_game_is_accepted() -> None:
    follower = VersionedFollower(FakeResync(0))
    assert await follower.offer("g", 7)
    assert follower.version("g") == 7


async def test_a_duplicate_or_older_version_is_dropped() -> None:
    follower = VersionedFollower(FakeResync(0))
    await follower.offer("g", 3)
    assert not await follower.offer("g", 3)
    assert not await follower.offer("g", 2)


async def test_consecutive_versions_are_accepted_without_resync() -> None:
    resync = FakeResync(0)
    follower = VersionedFollower(resync)
    assert [await follower.offer("g", v) for v in (1, 2, 3)] == [True, True, True]
    assert resync.calls == []


async def test_a_gap_resyncs_and_accepts_a_message_newer_than_the_resync() -> None:
    resync = FakeResync(4)
    follower = VersionedFollower(resync)
    await follower.offer("g", 2)
    assert await follower.offer("g", 6)
    assert resync.calls == ["g"]
    assert follower.version("g") == 6


async def test_a_message_covered_by_the_resync_is_dropped() -> None:
    resync = FakeResync(9)
    follower = VersionedFollower(resync)
    await follower.offer("g", 2)
    assert not await follower.offer("g", 5)
    assert follower.version("g") == 9
    assert await follower.offer("g", 10)


async def test_an_expected_start_version_counts_as_seen() -> None:
    resync = FakeResync(0)
    follower = VersionedFollower(resync)
    follower.expect("g", 5)
    assert not await follower.offer("g", 5)
    assert await follower.offer("g", 6)
    assert resync.calls == []


async def test_games_are_followed_independently() -> None:
    follower = VersionedFollower(FakeResync(0))
    await follower.offer("a", 4)
    assert await follower.offer("b", 1)
    follower.forget("a")
    assert follower.version("a") is None
