"""Display names a person may choose: one check for guests and accounts, refusing names that are
blank-looking or pass for a computer player or the house, each refusal with a stable code.

A name is normalised (NFKC; control, format, bidi and zero-width characters dropped;
blank-looking letters such as the Hangul filler U+3164 or the braille blank U+2800 read as
spaces; runs of spaces made one) and cut to its maximum length. It is then refused when:

- `name_invalid`: it is not text;
- `name_too_long`: the raw text is far past the maximum (a cut is only for a few characters);
- `name_blank`: nothing visible is left (only spaces, fillers, marks or invisible characters);
- `name_reserved`: its confusable skeleton is a bot's or the house's (`RESERVED_NAMES`), or
  reads as a bot's ("Bot …", "… (mcts)");
- `name_mixed_scripts`: it mixes Latin, Greek and Cyrillic letters.

The skeleton follows UTS #39 (NFD, each character to its prototype, NFD again) with the
prototypes of Unicode's confusables.txt as shipped by `confusable-homoglyphs`. Two additions,
because UTS #39 keeps them apart: marks are dropped after the mapping ("ø" is "o" plus an
overlay, so "Bøt" is "Bot"), and a name is compared in upper and lower case too (Cyrillic "т"
has no Latin prototype but its capital "Т" is "T", so "Вот" is "Bot").
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data

from daimyo_kit.bot_levels import BOT_LEVELS

MAX_NAME_LENGTH = 24
MAX_RAW_NAME_LENGTH = 200
BOT_WORDS = ("bot", "computer", "ai", *BOT_LEVELS)
RESERVED_NAMES = ("bot", "system", "admin", "daimyo", "computer",
                  *(f"Bot ({level})" for level in BOT_LEVELS))
CONFUSABLE_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC"})
# Letters and symbols that draw nothing, yet are neither spaces nor format characters to Unicode.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
_BOT_NAME = re.compile(r"^b[o0]t(?![a-z])|\((?:" + "|".join(BOT_WORDS) + r")\)")


class NameRefused(ValueError):
    """A name nobody may take; `code` is stable (the client translates it), the text says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def clean_name(raw: object, max_length: int = MAX_NAME_LENGTH) -> str:
    """The display name `raw` stands for, normalised and cut to `max_length`; NameRefused if none."""
    if not isinstance(raw, str):
        raise NameRefused("name_invalid", "a name must be text")
    if len(raw) > MAX_RAW_NAME_LENGTH:
        raise NameRefused("name_too_long", f"a name must be at most {max_length} characters")
    name = " ".join(_visible(unicodedata.normalize("NFKC", raw)).split())[:max_length].strip()
    if not any(_draws_something(ch) for ch in name):
        raise NameRefused("name_blank", "a name must have a visible letter, digit or sign")
    if is_reserved(name):
        raise NameRefused("name_reserved", "names like 'Bot …' or '… (mcts)' are kept for the computer "
                                           "players, and the house's names for the house")
    if len(_scripts(name) & CONFUSABLE_SCRIPTS) > 1:
        raise NameRefused("name_mixed_scripts", "a name may not mix Latin, Greek and Cyrillic letters")
    return name


def is_reserved(name: str) -> bool:
    """Whether `name` looks like a reserved name or a bot's, whatever letters draw it."""
    folds = {name.casefold()} | skeletons(name)
    return bool(folds & _reserved_skeletons()) or any(_BOT_NAME.search(fold) for fold in folds)


def skeletons(name: str) -> set[str]:
    """The casefolded confusable skeletons of `name` as written, in capitals and in small letters,
    spaces left out: two names that share one look alike."""
    return {_skeleton(_skeleton(variant).casefold()) for variant in (name, name.upper(), name.lower())}


def _skeleton(text: str) -> str:
    mapped = "".join(_prototype(ch) for ch in unicodedata.normalize("NFD", text))
    return "".join(ch for ch in unicodedata.normalize("NFD", mapped)
                   if not ch.isspace() and unicodedata.category(ch)[0] not in "MC")


def _prototype(ch: str) -> str:
    expansion = _expansions().get(ch)
    if expansion is not None:
        return "".join(_representatives().get(part, part) for part in unicodedata.normalize("NFD", expansion))
    return _representatives().get(ch, ch)


@cache
def _reserved_skeletons() -> frozenset[str]:
    return frozenset(fold for name in RESERVED_NAMES for fold in skeletons(name) | {name.casefold()})


@cache
def _expansions() -> dict[str, str]:
    """Characters whose prototype is several characters (e.g. "ø" → "o" + U+0338)."""
    return {ch: entries[0]["c"] for ch, entries in confusables_data.items()
            if len(entries) == 1 and len(entries[0]["c"]) > 1}


@cache
def _representatives() -> dict[str, str]:
    """One character for each set of single characters confusables.txt says look alike.

    The kept data lists each pair both ways (source → prototype and prototype → sources), so a
    prototype with one source cannot be told from it; grouping the pairs and naming each group
    by one member (ASCII first) gives the same equalities as UTS #39's prototypes."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for ch, entries in confusables_data.items():
        for entry in entries:
            other = entry["c"]
            if len(ch) == 1 and len(other) == 1:
                a, b = sorted((root(ch), root(other)), key=_preference)
                parent[b] = a
    return {ch: root(ch) for ch in parent}


def _preference(ch: str) -> tuple[bool, int]:
    return (not ch.isascii(), ord(ch))


def _visible(text: str) -> str:
    """Without control, format (bidi, zero-width), surrogate, private or unassigned characters;
    blank-looking letters become spaces."""
    return "".join(" " if ch in BLANK_LOOKING else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")


def _draws_something(ch: str) -> bool:
    return not ch.isspace() and ch not in BLANK_LOOKING and unicodedata.category(ch)[0] not in "MCZ"


def _scripts(name: str) -> set[str]:
    return {unicodedata.name(ch, "UNKNOWN").split()[0] for ch in name if ch.isalpha()}


def draws_nothing(text: str) -> bool:
    """Whether `text` shows nothing visible: only spaces, blank-looking letters, marks and control,
    format or zero-width characters (a chat line like that is refused as blank)."""
    return not any(_draws_something(ch) for ch in _visible(unicodedata.normalize("NFKC", text)))
