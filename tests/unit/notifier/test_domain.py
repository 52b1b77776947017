"""The notifier's pure decisions: quiet hours in the player's own time zone (across midnight and
a change of daylight saving time), preferences checked before they are kept, the backoff, the
push services a device may name, and what a game's notices become."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from daimyo_bus.messages import GameNotices, SeatNotice, TableChallenge
from daimyo_notifier.domain import (
    InvalidRequest,
    Preferences,
    after_quiet_hours,
    backoff_ms,
    checked_preferences,
)
from daimyo_notifier.handlers import NotifierHandlers, Policy, challenge_notices, notices_of
from daimyo_notifier.push import Outcome, outcome_of, topic

HOUR = 3_600_000


def ms(text: str, zone: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp() * 1000)


def quiet(zone: str, start: str, end: str) -> Preferences:
    minutes = [int(t[:2]) * 60 + int(t[3:]) for t in (start, end)]
    return Preferences("ann", time_zone=zone, quiet_start_minute=minutes[0], quiet_end_minute=minutes[1])


@pytest.mark.parametrize(("local", "expected"), [
    ("2026-07-01T21:59", "2026-07-01T21:59"),  # before quiet hours: now
    ("2026-07-01T22:00", "2026-07-02T07:30"),  # from their start ...
    ("2026-07-02T03:10", "2026-07-02T07:30"),  # ... across midnight ...
    ("2026-07-02T07:30", "2026-07-02T07:30"),  # ... to their end
])
def test_quiet_hours_across_midnight_hold_a_notice_until_they_end(local: str, expected: str) -> None:
    prefs = quiet("Europe/Lisbon", "22:00", "07:30")
    assert after_quiet_hours(prefs, ms(local, "Europe/Lisbon")) == ms(expected, "Europe/Lisbon")


def test_quiet_hours_follow_the_wall_clock_across_a_change_of_daylight_saving_time() -> None:
    prefs = quiet("Europe/Lisbon", "00:00", "08:00")
    night = ms("2026-03-29T00:30", "Europe/Lisbon")  # clocks go forward at 01:00 that night
    assert datetime.fromtimestamp(after_quiet_hours(prefs, night) / 1000, UTC).hour == 7  # 08:00 WEST


def test_no_quiet_hours_when_they_start_and_end_at_once() -> None:
    assert after_quiet_hours(quiet("Asia/Tokyo", "09:00", "09:00"), 123) == 123


@pytest.mark.parametrize(("prefs", "complaint"), [
    (Preferences("ann", frozenset({("spam", "push")})), "no notice"),
    (Preferences("ann", frozenset({("your_turn", "pigeon")})), "no notice"),
    (Preferences("ann", time_zone="Mars/Olympus"), "unknown time_zone"),
    (Preferences("ann", time_zone="../../etc/passwd"), "not an IANA time zone"),
    (Preferences("ann", quiet_start_minute=1440), "quiet_start_minute"),
    (Preferences("ann", quiet_end_minute=-1), "quiet_end_minute"),
])
def test_unusable_preferences_are_refused_with_what_is_wrong(prefs: Preferences, complaint: str) -> None:
    with pytest.raises(InvalidRequest, match=complaint):
        checked_preferences(prefs)


def test_retries_back_off_doubling_up_to_a_cap() -> None:
    waits = [backoff_ms(n, 1000, 10_000) for n in (1, 2, 3, 4, 5, 9)]
    assert waits == [1000, 2000, 4000, 8000, 10_000, 10_000]


@pytest.mark.parametrize(("status", "outcome"), [
    (201, Outcome.SENT), (404, Outcome.GONE), (410, Outcome.GONE), (429, Outcome.RETRY), (503, Outcome.RETRY),
    (400, Outcome.REFUSED), (413, Outcome.REFUSED), (403, Outcome.REFUSED),
])
def test_the_push_services_answer_decides_what_happens_next(status: int, outcome: Outcome) -> None:
    assert outcome_of(status) is outcome


def test_a_notice_keeps_one_topic_of_at_most_32_url_safe_characters() -> None:
    assert topic("g1:4:your_turn:ann") == topic("g1:4:your_turn:ann") != topic("g1:5:your_turn:ann")
    url_safe = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(topic("x" * 500)) == 32 and set(topic("g")) <= url_safe


@pytest.mark.parametrize(("endpoint", "allowed"), [
    ("https://fcm.googleapis.com/fcm/send/x", True),
    ("https://wns2-par02p.notify.windows.com/w/?token=x", True),
    ("https://notify.windows.com.evil.example/x", False),
    ("https://evil.example/?https://fcm.googleapis.com", False),
    ("http://fcm.googleapis.com/fcm/send/x", False),
    ("https://user:pw@fcm.googleapis.com/x", False),
    ("http://169.254.169.254/latest/meta-data", False),
])
def test_a_device_may_name_only_an_allowed_push_service(endpoint: str, allowed: bool) -> None:
    from daimyo_notifier.settings import PUSH_SERVICES

    handlers = NotifierHandlers(None, Policy(PUSH_SERVICES), lambda: 0)  # type: ignore[arg-type]
    if allowed:
        assert handlers.checked_endpoint(endpoint) == endpoint
    else:
        with pytest.raises(InvalidRequest):
            handlers.checked_endpoint(endpoint)


def test_a_turn_with_days_left_brings_its_reminder_and_a_short_one_none() -> None:
    message = GameNotices("g1", "samurai", 3, (SeatNotice("your_turn", 0, "ann", 100 * HOUR),
                                                SeatNotice("your_turn", 1, "bob", 10 * HOUR)))
    made = {(n.kind, n.player_id): n.due_ms for n in notices_of(message, 0, 24 * HOUR)}
    assert made == {("your_turn", "ann"): 0, ("time_low", "ann"): 76 * HOUR, ("your_turn", "bob"): 0}


def test_a_challenge_makes_one_notice_per_friend_due_now_naming_the_host_and_the_table() -> None:
    challenge = TableChallenge("T1", "samurai", "host", "Ann", ("bea", "cy", "bea"))
    made = challenge_notices(challenge, 5)
    assert [(n.key, n.player_id, n.due_ms) for n in made] == [("T1:0:friend_challenge:bea", "bea", 5),
                                                               ("T1:0:friend_challenge:cy", "cy", 5)]
    assert made[0].payload() == {"key": "T1:0:friend_challenge:bea", "kind": "friend_challenge",
                                 "game_id": "T1", "game": "samurai", "version": 0, "deadline_ms": 0,
                                 "host": "Ann"}


def test_a_friend_who_muted_challenges_on_push_may_still_hear_of_them_by_email() -> None:
    prefs = Preferences("bea", frozenset({("friend_challenge", "push")}))
    assert not prefs.allows("friend_challenge", "push")
    assert prefs.allows("friend_challenge", "email") and prefs.allows("your_turn", "push")


def test_a_turn_notice_says_no_host() -> None:
    message = GameNotices("g1", "samurai", 3, (SeatNotice("game_ended", 0, "ann"),))
    assert "host" not in notices_of(message, 0, HOUR)[0].payload()
