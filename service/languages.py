"""The languages Touchline speaks, and which one a tag or POSIX's variables ask for.

Apart from the catalogues (service/i18n.py), so that the command line can decide its language
before it parses, without importing what the catalogues need.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

DEFAULT_LANGUAGE: Final = "en"
# Every language with catalogues, the default first.
LANGUAGES: Final = ("en", "ja")


def supported(tag: str | None) -> str | None:
    """The supported language a tag such as `ja_JP.UTF-8`, `ja-JP` or `EN` names, if any."""
    if not tag:
        return None
    language = tag.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    language = language.lower()
    return language if language in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language POSIX's variables ask for, in gettext's order of precedence.

    `LANGUAGE` may list several (`ja:en`); `LC_ALL`, then `LC_MESSAGES`, then `LANG` name one.
    `C` and `POSIX` mean the default.
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for tag in value.split(":"):
            found = supported(tag)
            if found:
                return found
        if variable != "LANGUAGE":
            # The first of LC_ALL, LC_MESSAGES and LANG that is set decides, even when it names
            # a language Touchline does not speak.
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def best_language(tags: Iterable[str]) -> str:
    """The first supported language among `tags`, in the order given, else the default."""
    for tag in tags:
        found = supported(tag)
        if found:
            return found
    return DEFAULT_LANGUAGE
