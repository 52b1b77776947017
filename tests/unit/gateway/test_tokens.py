"""Guest tokens: what one secret signs, only that secret verifies, and only until it expires."""

from __future__ import annotations

import pytest

from daimyo_gateway.tokens import InvalidToken, Player, TokenSigner, clean_name, new_guest


def test_a_signed_token_verifies_to_the_same_player() -> None:
    signer = TokenSigner("s3cret")
    player = new_guest("Alice")
    assert signer.verify(signer.issue(player)) == player


def test_a_token_signed_with_another_secret_is_refused() -> None:
    token = TokenSigner("one").issue(new_guest("Alice"))
    with pytest.raises(InvalidToken):
        TokenSigner("two").verify(token)


def test_a_token_whose_payload_was_edited_is_refused() -> None:
    signer = TokenSigner("s3cret")
    body, signature = signer.issue(Player("g-1", "Alice")).split(".")
    other_body = signer.issue(Player("g-2", "Mallory")).split(".")[0]
    with pytest.raises(InvalidToken):
        signer.verify(f"{other_body}.{signature}")
    with pytest.raises(InvalidToken):
        signer.verify(body)


def test_an_expired_token_is_refused() -> None:
    signer = TokenSigner("s3cret", lifetime=60)
    token = signer.issue(new_guest("Alice"), now=1000)
    assert signer.verify(token, now=1059).name == "Alice"
    with pytest.raises(InvalidToken):
        signer.verify(token, now=1061)


@pytest.mark.parametrize("garbage", ["", ".", "abc", "a.b.c", "%%%.xyz"])
def test_garbage_is_never_a_token(garbage: str) -> None:
    with pytest.raises(InvalidToken):
        TokenSigner("s3cret").verify(garbage)


def test_names_are_trimmed_and_stripped_of_control_characters() -> None:
    assert clean_name("  Hanzo \x00 Hattori\n ") == "Hanzo Hattori"
    assert len(clean_name("x" * 100)) == 24
    for bad in ("", "   ", None, 42):
        with pytest.raises(ValueError):
            clean_name(bad)


def test_a_signer_needs_a_secret() -> None:
    with pytest.raises(ValueError):
        TokenSigner("")


@pytest.mark.parametrize(("name", "code"), [("Вот", "name_reserved"), ("ΒΟΤ", "name_reserved"),
                                            ("Bøt", "name_reserved"), ("ㅤ", "name_blank"),
                                            ("⠀", "name_blank"), ("x" * 300, "name_too_long")])
def test_a_guest_name_that_is_blank_or_passes_for_a_bot_is_refused_with_its_code(name: str,
                                                                                  code: str) -> None:
    with pytest.raises(ValueError, match=f"^{code}: "):
        clean_name(name)
