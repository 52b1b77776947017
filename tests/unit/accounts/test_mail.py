"""The language an account's email is written in, and the per-locale texts it is written from."""

from __future__ import annotations

import pytest

from daimyo_accounts.domain import LANGUAGES, Refused, check_language
from daimyo_accounts.mail import KINDS, accepted, email, mail_language


@pytest.mark.parametrize(
    ("saved", "asked", "language"),
    [
        ("pt-BR", "es", "pt-BR"),
        ("", "es", "es"),
        ("", "pt-PT,pt;q=0.9,en;q=0.5", "pt-BR"),
        ("", "zh-CN,zh;q=0.9", "zh-Hans"),
        ("", "zh-TW,es;q=0.1", "es"),
        ("", "es-419", "es"),
        ("", "de,fr;q=0.8", "en"),
        ("", "not a tag!!", "en"),
        ("", "", "en"),
    ],
)
def test_the_saved_language_wins_then_the_request_then_english(saved: str, asked: str, language: str) -> None:
    assert mail_language(saved, asked) == language


def test_accept_language_is_read_by_weight_without_refused_tags() -> None:
    assert accepted("en;q=0.2, pt-BR, *, ja;q=0, es;q=0.5") == ["pt-BR", "es", "en"]


def test_every_locale_has_both_emails_and_each_carries_the_link() -> None:
    assert set(KINDS) == {"verify", "reset"}
    for language in LANGUAGES:
        for kind in KINDS:
            assert "https://x/#t" in email(kind, language, "https://x/#t").body, (language, kind)


def test_a_portuguese_email_is_written_in_portuguese_and_an_unknown_one_in_english() -> None:
    assert email("verify", "pt-BR", "L").subject == "Daimyo: confirme seu endereço de e-mail"
    assert email("reset", "klingon", "L").subject == "Daimyo: choose a new password"


@pytest.mark.parametrize("tag", ["pt", "PT-br", "fr", "en-US", "zh", "x" * 100])
def test_a_language_saved_is_one_of_the_clients_locales_exactly(tag: str) -> None:
    with pytest.raises(Refused) as caught:
        check_language(tag)
    assert caught.value.code == "malformed"


def test_every_client_locale_or_none_may_be_saved() -> None:
    assert [check_language(tag) for tag in (*LANGUAGES, "")] == [*LANGUAGES, ""]
