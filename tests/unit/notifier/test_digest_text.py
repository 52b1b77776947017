"""The digest's words for a friend's challenge: who challenges to which game, in the player's
language (a challenge is news, not a game awaiting a move)."""

from __future__ import annotations

import pytest

from daimyo_notifier.digest_text import compose
from daimyo_notifier.domain import Notice


def challenge(host: str) -> Notice:
    return Notice("T1:0:friend_challenge:bea", "bea", "friend_challenge", "T1", "go", 0, 0, host=host)


@pytest.mark.parametrize(("locale", "line"), [
    ("en", "- Ann challenges you to Go."), ("pt-BR", "- Ann desafia você para Go."),
    ("es", "- Ann te desafía a Go."), ("zh-Hans", "- Ann 邀你下 Go。"),
])
def test_a_challenge_names_the_host_and_the_game_in_the_players_language(locale: str, line: str) -> None:
    digest = compose([challenge("Ann")], locale, "https://d.test/#/mine", "https://d.test/stop", 24)
    assert digest.body.splitlines()[0] == line
    assert digest.subject == compose([], locale, "", "", 24).subject  # no game awaits a move


def test_a_challenge_without_a_host_name_says_a_friend() -> None:
    digest = compose([challenge("")], "en", "https://d.test/#/mine", "https://d.test/stop", 24)
    assert digest.body.splitlines()[0] == "- A friend challenges you to Go."


@pytest.mark.parametrize("locale, hourly, daily", [
    ("en", "at most once an hour", "at most once every 24 hours"),
    ("pt-BR", "no máximo uma vez por hora", "uma vez a cada 24 horas"),
    ("es", "como mucho una vez por hora", "una vez cada 24 horas"),
])
def test_the_reason_for_the_digest_says_an_hour_in_the_singular(locale: str, hourly: str, daily: str) -> None:
    assert hourly in compose([], locale, "", "", 1).body
    assert daily in compose([], locale, "", "", 24).body


def test_a_chinese_challenge_without_a_host_has_no_stray_space() -> None:
    digest = compose([challenge("")], "zh-Hans", "https://d.test/#/mine", "https://d.test/stop", 24)
    assert "一位好友邀你下" in digest.body
