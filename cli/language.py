"""The language the command line speaks: `touchline --lang ja`, else POSIX's variables.

Without `--lang`, `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` decide as gettext reads them
(`service.i18n.language_from_environment`); Touchline speaks English and Japanese.

Every message a command prints goes through `_` (`ngettext` for a count), looked up in the
`messages` catalogue with the standard library's gettext; the catalogue is read only when a
message is first shown in a language other than English, so an English command pays nothing.
What the rules say (a refusal, a prompt, a line of the log) goes through `translated` and
`refusal` instead, as on the pages. Names people typed are never translated.
"""

from __future__ import annotations

import os
from typing import Any

_chosen: str | None = None
# The environment's language, read at the first message after `choose` (every command calls
# it as it starts, `--lang` given or not) rather than for every message: a command prints
# dozens, and one that prints none (`--help`) imports no part of the service for it.
_from_environment: str | None = None


def choose(language: str | None) -> None:
    """Speak `language` from now on (`--lang`); None goes back to the environment's, read
    again at the next message."""
    global _chosen, _from_environment
    _chosen = language
    _from_environment = None


def language() -> str:
    """The language of this command's messages."""
    if _chosen is not None:
        return _chosen
    return environment_language()


def environment_language() -> str:
    """The language the environment asks for, read once after each `choose`."""
    global _from_environment
    if _from_environment is None:
        from service.languages import language_from_environment

        _from_environment = language_from_environment(os.environ)
    return _from_environment


def N_(message: str, /) -> str:
    """Marks a message kept in a constant for the catalogue; `_` translates it where shown."""
    return message


def _(message: str, /, **values: Any) -> str:
    """`message` in the command's language, its `%(name)s` placeholders filled with `values`."""
    lang = language()
    if lang != "en":
        from service.i18n import catalogue

        message = catalogue(lang).gettext(message)
    return message % values if values else message


def ngettext(singular: str, plural: str, count: int, /, **values: Any) -> str:
    """The form of a message for `count` things; `%(count)s` is the count."""
    lang = language()
    if lang == "en":
        text = singular if count == 1 else plural
    else:
        from service.i18n import catalogue

        text = catalogue(lang).ngettext(singular, plural, count)
    return text % {"count": count, **values}


def translated(text: str) -> str:
    """Text the rules said (a phrase, a prompt, a kind's name) in the command's language."""
    from service.i18n import translated as in_language

    return in_language(text, language())


def told(text: str) -> str:
    """A sentence stored with an entry (what followed from it) in the command's language:
    stored as plain English, it is read again as the phrase it was made from."""
    lang = language()
    if lang == "en":
        return text
    from service.i18n import translated as in_language
    from service.recovered_phrases import recovered

    return in_language(recovered(text, lang), lang)


def refusal(rule: str, message: str) -> str:
    """A broken rule as the command line prints it: `TCG-8.7: …` in the command's language."""
    from service.i18n import refusal as said

    return said(rule, message, language())
