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

from domain.names import NAMES, PROPER_KINDS
from domain.originals import original
from domain.phrase import AsTyped, Centred, Joined, Phrase

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

    A phrase's values are put into the translated template as they are, except values that
    are phrases themselves (a phase's name, a side's word), translated in turn, and the names
    of teams and characters the name list knows (`listed_name`); a template the catalogue
    lacks is shown in English. Joined text (a board's lines, a list of cards) is translated
    part by part, a part that is a listed name read as one; centred text centred again.
    """
    if language == DEFAULT_LANGUAGE:
        return text
    if isinstance(text, Joined):
        separator = translated(text.separator, language)
        return separator.join(str(_value(part, language)) for part in text.parts)
    if isinstance(text, Centred):
        return centred(translated(text.text, language), text.width)
    if not isinstance(text, Phrase):
        return text
    template = catalogue(language, "rules").gettext(text.template)
    params = {key: _value(value, language) for key, value in text.params.items()}
    return template.format_map(params)


def _value(value: object, language: str) -> object:
    """A phrase's value, or a part of joined text the rules made (a list of cards, a board's
    line), in `language`: a phrase translated, a listed name in the language, text a person
    typed and anything else as it is."""
    if isinstance(value, Phrase | Joined | Centred):
        return translated(value, language)
    if isinstance(value, str) and not isinstance(value, AsTyped):
        return listed_name(value, language)
    return value


@cache
def _names_in(language: str) -> dict[str, str]:
    """Each listed team's and character's English name → its name in `language`."""
    if language != "ja":
        return {}
    return {i.en: i.ja for i in NAMES.identities if i.kind in PROPER_KINDS}


def listed_name(value: str, language: str) -> str:
    """`value` in `language` when it is, exactly as the rules spell it, the English name of a
    listed team or character (`Toho` → 東邦, `Tsubasa Ozora` → 大空翼); anything else as it is.
    King of the Pitch's colours and values are words of the rules, phrases of their own
    (domain/king_of_the_pitch/words.py): as a plain value `red` or `match` may be a key to type
    (`card=match`), and is left alone.

    Why here, among a phrase's values, rather than by a type the rules give their names: a
    name reaches a sentence from a setup, a typed entry, a team list or a consequence stored
    as text and read again as a phrase, and each would have to mark it; a value that spells a
    listed name exactly is that name. Only the exact spelling is looked up, not the folded
    forms `NAMES.find` accepts: `toho` in a hint is the key to type (`coach=toho`). What a
    person typed that only happens to spell a name is marked `AsTyped` where it enters a
    phrase (a coach's name in a side's label) and left alone; text outside a phrase (a note,
    a coach's name on its own) is never looked at. Where there is room, the pages show both
    names (the `bilingual` filter); a sentence says the reader's.
    """
    return _names_in(language).get(value, value)


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
