"""The languages Touchline speaks, and its gettext catalogues.

English is the language the code is written in; each other language has catalogues under
`service/translations/<lang>/LC_MESSAGES/`, made with Babel's `pybabel` (DEVELOPERS.md,
"Translations"):

- `messages`: the pages, the JSON API's human-readable messages and the command line's;
- `rules`: what the rules say (`domain.phrase.Phrase`: refusals, prompts, the log's sentences).

The catalogues are read with the standard library's `gettext`, which reads the same compiled
`.mo` files Flask-Babel does: a command at the table must not pay for importing Babel.
"""

from __future__ import annotations

import gettext
import unicodedata
from functools import cache
from pathlib import Path
from typing import Final

from domain.originals import original
from domain.phrase import Centred, Joined, Phrase

# Named here too, where the web app and the tests read them.
from service.languages import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from service.languages import LANGUAGES as LANGUAGES
from service.languages import best_language as best_language
from service.languages import language_from_environment as language_from_environment
from service.languages import supported as supported

CATALOGUES: Final = Path(__file__).parent / "translations"
DOMAINS: Final = ("messages", "rules")


@cache
def catalogue(language: str, domain: str = "messages") -> gettext.NullTranslations:
    """The compiled catalogue of `domain` in `language`; English is the source text itself."""
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(domain, CATALOGUES, languages=[language])


def translated(text: str, language: str) -> str:
    """`text` in `language`: a rule's `Phrase` through the `rules` catalogue, other text as is.

    A phrase's values are put into the translated template unchanged (names are shown as they
    were typed), except values that are phrases themselves (a phase's name, a side's word),
    translated in turn; a template the catalogue lacks is shown in English. Joined text (a
    board's lines) is translated part by part, centred text centred again.
    """
    if language == DEFAULT_LANGUAGE:
        return text
    if isinstance(text, Joined):
        separator = translated(text.separator, language)
        return separator.join(translated(part, language) for part in text.parts)
    if isinstance(text, Centred):
        return centred(translated(text.text, language), text.width)
    if not isinstance(text, Phrase):
        return text
    template = catalogue(language, "rules").gettext(text.template)
    params = {key: translated(value, language) for key, value in text.params.items()}
    return template.format_map(params)


def columns(text: str) -> int:
    """How many columns `text` takes at a terminal: two for a wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def centred(text: str, width: int) -> str:
    """`text` centred in `width` columns as `str.center` does, counting wide characters twice."""
    room = width - columns(text)
    if room <= 0:
        return text
    # Where str.center puts an odd space: on the left when the width is odd, else the right.
    left = room // 2 + (room & width & 1)
    return " " * left + text + " " * (room - left)


# How a refusal in Japanese quotes the source's words for its rule: （原文「…」）, "the original:".
QUOTED_ORIGINAL: Final = {"ja": "（原文「{original}」）"}


def refusal(rule: str, message: str, language: str) -> str:
    """A broken rule as a person reads it: `TCG-8.7: …`, its sentence in `language`.

    In a language other than the source's, the TCG's and King of the Pitch's refusals end
    with their rule as the source wrote it (`domain.originals`): the translation says what
    went wrong, the quote what the rule says.
    """
    said = f"{rule}: {translated(message, language)}"
    quoting = QUOTED_ORIGINAL.get(language)
    source = original(rule) if quoting and rule else None
    return said + quoting.format(original=source) if quoting and source else said
