"""Which pages may use passkeys: the relying party's origin rule."""

from __future__ import annotations

import pytest

from daimyo_accounts.domain import Refused
from daimyo_accounts.passkeys import RelyingParty, credential_id


@pytest.mark.parametrize("origin", ["https://daimyo.example", "https://play.daimyo.example"])
def test_https_pages_of_the_relying_party_may_use_passkeys(origin: str) -> None:
    assert RelyingParty(rp_id="daimyo.example").check_origin(origin) == origin


@pytest.mark.parametrize(
    "origin",
    [
        "http://daimyo.example",
        "https://daimyo.example.evil",
        "https://evildaimyo.example",
        "https://daimyo.example/path",
        "null",
        "",
    ],
)
def test_other_pages_may_not(origin: str) -> None:
    with pytest.raises(Refused) as caught:
        RelyingParty(rp_id="daimyo.example").check_origin(origin)
    assert caught.value.code == "origin_not_allowed"


def test_localhost_may_use_plain_http_as_browsers_allow() -> None:
    assert RelyingParty().check_origin("http://localhost:8123") == "http://localhost:8123"


def test_a_listed_origin_is_the_only_one_allowed() -> None:
    rp = RelyingParty(rp_id="daimyo.example", origins=("https://daimyo.example",))
    with pytest.raises(Refused):
        rp.check_origin("https://play.daimyo.example")


@pytest.mark.parametrize("answer", ["not json", "[]", "{}", '{"rawId": 3}', "x" * 20_000])
def test_a_malformed_passkey_answer_is_refused_with_a_code(answer: str) -> None:
    with pytest.raises(Refused) as caught:
        credential_id(answer)
    assert caught.value.code == "passkey_invalid"
