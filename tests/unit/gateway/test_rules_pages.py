"""Each game's rules pages (`static/games/<game>/rules/<locale>.html`) exist in every locale, read
as that language, and use the words the game's glossary (`static/games/<game>/locales/GLOSSARY.md`)
fixes for it: a reader switching language meets the same game, named as its rule text names it."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import daimyo_gateway
from daimyo_rules.registry import game_names

GAMES_DIR = Path(daimyo_gateway.__file__).parent / "static" / "games"
LOCALES = ("en", "pt-BR", "es", "zh-Hans")
TRANSLATED = tuple(locale for locale in LOCALES if locale != "en")
GAMES = sorted(game_names())
# The terms every rules page must name, each with its glossary word (marked `data-term`).
MAIN_TERMS = {
    "samurai": ("buddha", "rice", "castle", "figure", "tile", "fast-tile", "normal-tile", "ship",
                "samurai", "ronin", "figure-swap", "tile-swap", "settlement", "village", "city",
                "leader-token", "surrounded", "tie-break"),
    "shogun": ("province", "army", "war-chest", "castle", "temple", "theatre", "tower", "tray",
               "peasants", "revolt", "revolt-marker", "rice", "event", "special-card", "action-card",
               "bid", "turn-order", "sun-side", "moon-side", "winter", "winter-table", "vp"),
}
# Names of where the rules came from (publishers, sites, ports); none may reach a player.
SOURCES = ("queen games", "桌游世界", "imrihil", "spielbyweb", "bgdf", "wallenstein", "boardgamegeek",
           "dleclercpro", "knizia", "dirk henn")
ENGLISH_WORDS = {"the", "and", "your", "with", "when", "each", "of", "you", "is"}


class Page(HTMLParser):
    """What a person reads on one page: its language, headings, captions and alt texts, the
    glossary terms it marks, and its visible text."""

    HEADINGS = {"h1", "h2", "h3", "figcaption", "th", "title"}

    def __init__(self, text: str) -> None:
        super().__init__()
        self.lang = ""
        self.h1 = 0
        self.labels: list[str] = []
        self.terms: list[tuple[str, str]] = []
        self.words: list[str] = []
        self.differences = 0
        self._open: list[tuple[str, str | None]] = []
        self._text: dict[int, list[str]] = {}
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.lang = found.get("lang") or "" if tag == "html" else self.lang
        self.h1 += tag == "h1"
        self.differences += tag == "section" and "differs" in (found.get("class") or "")
        self.labels += [found["aria-label"] or ""] if "aria-label" in found else []
        self._open.append((tag, found.get("data-term")))
        self._text[len(self._open)] = []

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            opened, term = self._open.pop()
            text = " ".join(" ".join(self._text.pop(len(self._open) + 1, [])).split())
            if term:
                self.terms.append((term, text))
            if opened in self.HEADINGS:
                self.labels.append(text)
            if self._open:
                self._text[len(self._open)].append(text)
            if opened == tag:
                return

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1][0] not in {"style", "script"}:
            self._text[len(self._open)].append(data)
            self.words += data.split()


def read(game: str, locale: str) -> Page:
    return Page((GAMES_DIR / game / "rules" / f"{locale}.html").read_text(encoding="utf-8"))


def normal(text: str) -> str:
    """Lower case, no parenthesised remark, single spaces: how a word is compared."""
    return " ".join(re.sub(r"\([^)]*\)|（[^）]*）", " ", text).lower().split())


def spellings(cell: str) -> set[str]:
    """Every way a glossary cell may be written in a page: each of its alternatives (" / "),
    the plurals it gives ("pl. …") and the regular plurals of its first or every word."""
    found = {normal(plural) for plural in re.findall(r"pl\. ([^;)）]+)", cell)}
    for word in filter(None, map(normal, re.sub(r"\([^)]*\)|（[^）]*）", "", cell).split(" / "))):
        head, *rest = word.split(" ")
        found |= {word, f"{word}s", f"{word}es", " ".join([f"{head}s", *rest]),
                  " ".join([f"{head}es", *rest]), " ".join(f"{part}s" for part in word.split(" "))}
    return found


def glossary(game: str) -> dict[str, dict[str, set[str]]]:
    """term id → locale → its spellings, from every table of the glossary whose header starts
    with a `term id` column (other tables, such as the province names, are left out)."""
    terms: dict[str, dict[str, set[str]]] = {}
    columns: dict[str, int] = {}
    header: list[str] = []
    for line in (GAMES_DIR / game / "locales" / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if cells and set("".join(cells)) <= {"-"}:
            wanted = header[0] == "term id"
            columns = {name: i for i, name in enumerate(header) if wanted and name in LOCALES}
        elif cells and columns:
            terms[cells[0]] = {locale: spellings(cells[i]) for locale, i in columns.items()}
        elif not cells:
            columns = {}
        header = cells
    return terms


def test_there_are_games_and_glossaries_to_check() -> None:
    assert {"samurai", "shogun"} <= set(GAMES)
    assert all(len(glossary(game)) > 30 for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_glossary_gives_every_term_a_word_in_every_locale(game: str) -> None:
    empty = [(term, locale) for term, words in glossary(game).items()
             for locale in LOCALES if not words.get(locale)]
    assert not empty, f"{game}'s glossary has no word for {empty}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_game_has_a_rules_page_in_each_locale_that_says_its_language(game: str, locale: str) -> None:
    page = read(game, locale)
    assert page.lang == locale, f"{game}/rules/{locale}.html declares <html lang={page.lang!r}>"
    assert page.h1 == 1, f"{game}/rules/{locale}.html has {page.h1} h1 headings"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_rules_page_says_where_the_platform_differs_from_the_printed_rules(game: str, locale: str) -> None:
    assert read(game, locale).differences == 1


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_a_translated_page_keeps_no_english_heading_caption_or_alt_text(game: str, locale: str) -> None:
    english = {normal(label) for label in read(game, "en").labels if re.search(r"[a-z]{2}", label.lower())}
    left = [label for label in read(game, locale).labels if normal(label) in english]
    assert not left, f"{game}/rules/{locale}.html still says in English: {left}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_a_translated_page_has_no_english_sentence(game: str, locale: str) -> None:
    words = {re.sub(r"\W", "", word.lower()) for word in read(game, locale).words}
    assert not words & ENGLISH_WORDS, f"{game}/rules/{locale}.html has English words {words & ENGLISH_WORDS}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_term_a_page_marks_is_the_glossarys_word_for_it(game: str, locale: str) -> None:
    terms = glossary(game)
    unknown = sorted({term for term, _ in read(game, locale).terms if term not in terms})
    assert not unknown, f"{game}/rules/{locale}.html marks terms the glossary lacks: {unknown}"
    wrong = [(term, text) for term, text in read(game, locale).terms
             if normal(text) not in terms[term][locale]]
    assert not wrong, f"{game}/rules/{locale}.html writes terms not as the glossary does: {wrong}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_page_names_the_main_pieces_with_the_glossarys_words(game: str, locale: str) -> None:
    marked = {term for term, _ in read(game, locale).terms}
    missing = [term for term in MAIN_TERMS[game] if term not in marked]
    assert not missing, f"{game}/rules/{locale}.html does not name {missing}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_page_names_no_rules_source(game: str, locale: str) -> None:
    text = (GAMES_DIR / game / "rules" / f"{locale}.html").read_text(encoding="utf-8").lower()
    assert not [source for source in SOURCES if source in text]


def test_the_checks_can_fail_on_a_wrong_word_and_an_english_heading() -> None:
    page = Page('<html lang="pt-BR"><h1>How to play</h1><b data-term="buddha">Buddha</b></html>')
    assert page.h1 == 1 and page.labels == ["How to play"]
    assert normal(page.terms[0][1]) not in glossary("samurai")["buddha"]["pt-BR"]
    assert "budas" in glossary("samurai")["buddha"]["pt-BR"]
