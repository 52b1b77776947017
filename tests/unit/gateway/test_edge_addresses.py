"""Who a quota counts and which page may open a socket: the client's address (IPv6 by /64,
`X-Forwarded-For` believed only from a trusted proxy), the scheme a proxy vouches for, and origins
compared with their scheme (the rates that count them: tests/unit/kit/test_rates.py)."""

from __future__ import annotations

import pytest

from daimyo_gateway.limits import (
    Limits,
    TrustedProxies,
    address_key,
    allowed_origins,
    origin_of,
    parse_networks,
)

PROXIES = TrustedProxies(parse_networks("10.0.0.0/8, 192.168.1.7"))


@pytest.mark.parametrize(("address", "key"), [
    ("203.0.113.9", "203.0.113.9"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
    ("::ffff:203.0.113.9", "203.0.113.9"),
    ("not an address", "not an address"),
    ("x" * 100, "x" * 64),
])
def test_an_address_is_keyed_as_it_is_and_ipv6_by_its_64_prefix(address: str, key: str) -> None:
    assert address_key(address) == key


def test_trusted_proxies_are_networks_and_a_typo_is_named() -> None:
    assert PROXIES.trusts("10.1.2.3") and PROXIES.trusts("192.168.1.7")
    assert not PROXIES.trusts("192.168.1.8") and not PROXIES.trusts(None) and not PROXIES.trusts("junk")
    with pytest.raises(ValueError, match=r"DAIMYO_TRUSTED_PROXIES must list networks.*10\.0\.0/33"):
        parse_networks("10.0.0.0/8,10.0.0/33")
    with pytest.raises(ValueError, match="DAIMYO_TRUSTED_PROXIES"):
        Limits.from_env({"DAIMYO_TRUSTED_PROXIES": "ingress"})


@pytest.mark.parametrize(("peer", "forwarded", "client"), [
    ("203.0.113.9", "1.2.3.4", "203.0.113.9"),  # not a proxy: its header is whatever it chose
    ("10.0.0.5", "198.51.100.1", "198.51.100.1"),
    ("10.0.0.5", "6.6.6.6, 198.51.100.1", "198.51.100.1"),  # the client's own entry is not believed
    ("10.0.0.5", "198.51.100.1, 10.0.0.9", "198.51.100.1"),  # two proxies in a row
    ("10.0.0.5", "", "10.0.0.5"),
    ("10.0.0.5", "10.0.0.6", "10.0.0.6"),  # nothing but proxies: the farthest one
])
def test_the_client_is_the_right_most_entry_a_trusted_proxy_vouches_for(peer: str, forwarded: str,
                                                                          client: str) -> None:
    assert PROXIES.client(peer, forwarded) == client


def test_with_no_trusted_proxy_forwarded_headers_are_ignored() -> None:
    nobody = TrustedProxies()
    assert nobody.client("127.0.0.1", "198.51.100.1") == "127.0.0.1"
    assert nobody.scheme("127.0.0.1", "https", "http") == "http"


def test_the_scheme_is_the_proxys_word_only_from_a_trusted_proxy() -> None:
    assert PROXIES.scheme("10.0.0.5", "HTTPS", "http") == "https"
    assert PROXIES.scheme("10.0.0.5", "gopher", "http") == "http"
    assert PROXIES.scheme("203.0.113.9", "https", "http") == "http"


@pytest.mark.parametrize(("text", "origin"), [
    ("https://Play.Example", ("https", "play.example", 443)),
    ("https://play.example:443/", ("https", "play.example", 443)),
    ("http://play.example", ("http", "play.example", 80)),
    ("http://127.0.0.1:8080", ("http", "127.0.0.1", 8080)),
    ("null", None),
    ("ftp://play.example", None),
    ("https://play.example:99999", None),
    ("https://play.example/path", None),
    ("https://user@play.example", None),
])
def test_an_origin_is_its_scheme_host_and_port(text: str, origin: tuple[str, str, int] | None) -> None:
    assert origin_of(text) == origin


def test_a_listed_origin_that_is_not_one_is_named_at_start() -> None:
    with pytest.raises(ValueError, match=r"DAIMYO_ALLOWED_ORIGINS.*'play\.example'"):
        Limits.from_env({"DAIMYO_ALLOWED_ORIGINS": "https://ok.example, play.example"})


def test_a_listed_origin_allows_its_scheme_only() -> None:
    allowed = allowed_origins(frozenset({"https://play.example"}))
    assert origin_of("https://play.example") in allowed
    assert origin_of("http://play.example") not in allowed
