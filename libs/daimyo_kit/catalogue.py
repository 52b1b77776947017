"""The server's catalogues: the few sentences a service writes for a person itself (emails, which
no client is there to word), kept the way the client keeps its own.

Why it exists: the client's words live in Fluent files (`<owner>/locales/<locale>.ftl`); without
this module every service that mails someone grew its own format (JSON files, a dict of
`str.format` templates) with its own plural and fallback rules. Here a service package holds
`locales/{en,pt-BR,es,zh-Hans}.ftl`, in the client's format and with its rules: English is the
source, a locale served by none of the four reads English, a message one locale lacks is read in
English, and plurals follow CLDR through Fluent's selectors (`{ $count -> [one] … *[other] … }`).

A file is read the first time its locale is asked for, then kept (one bundle per package and
locale). A number argument is written as plain digits in every locale, as the server always wrote
it; a `date` in the locale's medium style. A file Fluent cannot read whole, a message English
lacks, or an argument a message needs and is not given raises CatalogueError: no half-worded
text leaves a service.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date
from importlib import resources

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import ast

LOCALES = ("en", "pt-BR", "es", "zh-Hans")
SOURCE = "en"
Argument = str | int | date


class CatalogueError(LookupError):
    """A catalogue that cannot word a message: a defect in a file or in the code that asked."""


@dataclass(frozen=True)
class Catalogue:
    """The messages of one package's `locales/` folder."""

    package: str

    def text(self, message_id: str, locale: str, **args: Argument) -> str:
        """`message_id` worded in `locale` (one of LOCALES, else English) with `args`."""
        bundle = _bundle(self.package, served(locale))
        if not bundle.has_message(message_id):
            bundle = _bundle(self.package, SOURCE)
        if not bundle.has_message(message_id):
            raise CatalogueError(f"{self.package}: no message {message_id!r} in {SOURCE}.ftl")
        return _format(bundle, message_id, args)


def served(locale: str) -> str:
    """The catalogue locale that serves `locale`: itself when it is one of LOCALES, else English."""
    return locale if locale in LOCALES else SOURCE


def _format(bundle: FluentBundle, message_id: str, args: dict[str, Argument]) -> str:
    pattern = bundle.get_message(message_id).value
    if pattern is None:
        raise CatalogueError(f"{message_id!r} has attributes only, no text")
    fluent_args = {name: _argument(value) for name, value in args.items()}
    text, errors = bundle.format_pattern(pattern, fluent_args)
    if errors:
        raise CatalogueError(f"{message_id!r} in {bundle.locales[0]}: {errors}")
    return str(text)


def _argument(value: Argument) -> object:
    # Fluent would group digits by locale ("1,000"); the server's texts never did.
    if isinstance(value, int) and not isinstance(value, bool):
        return fluent_number(value, useGrouping=False)
    return value


@functools.cache
def _bundle(package: str, locale: str) -> FluentBundle:
    source = resources.files(package).joinpath("locales", f"{locale}.ftl").read_text("utf-8")
    resource = FluentResource(source)
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    if junk:
        raise CatalogueError(f"{package}/locales/{locale}.ftl: Fluent cannot read {junk[0].content!r}")
    # No Unicode isolation marks around arguments: the texts are plain-text emails.
    bundle = FluentBundle([locale], use_isolating=False)
    bundle.add_resource(resource)
    return bundle
