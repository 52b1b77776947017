"""Display names: blank-looking ones and ones that pass for a bot or the house are refused, each
with a stable code; ordinary names in any script pass unchanged."""

from __future__ import annotations

import pytest

from daimyo_kit.bot_levels import BOT_LEVELS
from daimyo_kit.names import NameRefused, clean_name, skeletons


def refusal(raw: object) -> str:
    with pytest.raises(NameRefused) as refused:
        clean_name(raw)
    return refused.value.code


@pytest.mark.parametrize("name", ["Вот", "ΒΟΤ", "Bøt", "ВОТ", "B0T", "Ｂｏｔ", "bot", "Bot (mcts)",
                                  "ВОТ (greedy)", "System", "ADMIN", "ADMlN", "Daimyo", "Dаimyo"])
def test_a_name_that_looks_like_a_bots_or_the_houses_is_reserved(name: str) -> None:
    assert refusal(name) == "name_reserved"


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_bot_display_name_is_reserved(level: str) -> None:
    assert refusal(f"Bot ({level})") == "name_reserved"


@pytest.mark.parametrize("name", ["ㅤ", "⠀", "\u115f\u1160", "\uffa0", "\u200b\u200d", "\u2060",
                                  "\ufe0f", "\U000e0100", "\u0301", "\u00ad", " \u3000 ", "", "\x07"])
def test_a_name_made_only_of_blank_looking_characters_is_blank(name: str) -> None:
    assert refusal(name) == "name_blank"


def test_a_name_far_too_long_is_refused_and_a_bit_long_is_cut() -> None:
    assert refusal("x" * 201) == "name_too_long"
    assert clean_name("x" * 100) == "x" * 24


def test_a_name_that_is_not_text_is_invalid() -> None:
    assert refusal(None) == "name_invalid" and refusal(42) == "name_invalid"


def test_a_name_mixing_latin_and_cyrillic_is_refused() -> None:
    assert refusal("\u0410lice") == "name_mixed_scripts"


@pytest.mark.parametrize("name", ["Alice", "Hanzo Hattori", "Иван", "Σοφία", "老王", "مريم", "Botan",
                                  "Bo Tanaka", "Robot", "Olga", "Lily"])
def test_ordinary_names_in_any_script_pass_unchanged(name: str) -> None:
    assert clean_name(name) == name


def test_blank_looking_letters_inside_a_name_read_as_a_space() -> None:
    assert clean_name("Al\u3164ice\u2800") == "Al ice"


def test_the_refusal_text_starts_with_its_code() -> None:
    with pytest.raises(ValueError, match=r"^name_reserved: "):
        clean_name("Вот")


def test_names_that_look_alike_share_a_skeleton() -> None:
    assert skeletons("Вот") & skeletons("Bot")
    assert skeletons("ΒΟΤ") & skeletons("Bot")
    assert not skeletons("Bob") & skeletons("Bot")
