"""What a person probably meant by a word that names nothing: `paly` → `play`, `東方` → `東邦`.

A word typed in Latin letters is compared with the candidates as they are spelled. A word typed
in Japanese is compared with the Japanese names of the candidates (their names, readings and
listed variants, domain/names.py), in the form names are found by, and the Japanese name of the
one it is like is offered: a Japanese typo is answered in Japanese.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from domain.names import NAMES, lookup_form
from domain.phrase import alternatives, phrase

# How alike a word must be to a candidate to be offered (difflib's ratio, 0 to 1).
CUTOFF = 0.6
# The same for a word typed in Japanese. One kanji or kana carries what several letters do, and
# the usual Japanese typo is a conversion that picks another kanji of the same reading (`東方`
# for `東邦`, both とうほう): in a two-character name that leaves half the name right, a ratio
# of 0.5, which must still be offered. Two names sharing no character still score 0.
JAPANESE_CUTOFF = 0.5


@cache
def _japanese() -> re.Pattern[str]:
    """Kana and kanji (after NFKC, so half-width katakana count too): a word with any of them
    is read as Japanese. Compiled on first use: a class of some 35,000 code points takes
    longer to compile than the rest of the module to import, and most commands ask nothing
    of it."""
    return re.compile("[\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def is_japanese(word: str) -> bool:
    return _japanese().search(unicodedata.normalize("NFKC", word)) is not None


def close_matches(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """The candidates most like `word`, best first, compared without regard to case; for a word
    typed in Japanese, the Japanese names of the candidates most like it."""
    import difflib  # here, not with the module: only a word that names nothing needs it

    if is_japanese(word):
        by_form = _japanese_forms(candidates)
        found = difflib.get_close_matches(
            lookup_form(word), list(by_form), n=limit * 4, cutoff=JAPANESE_CUTOFF
        )
        return list(dict.fromkeys(by_form[form] for form in found))[:limit]
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(candidate.casefold(), candidate)
    found = difflib.get_close_matches(word.casefold(), list(by_key), n=limit, cutoff=CUTOFF)
    return [by_key[key] for key in found]


def _japanese_forms(candidates: Iterable[str]) -> dict[str, str]:
    """Each Japanese spelling of a listed candidate, as names are found by → its Japanese
    name."""
    forms: dict[str, str] = {}
    for candidate in candidates:
        identity = NAMES.find(candidate)
        if identity is None:
            continue
        for spelling in identity.spellings:
            if spelling != identity.en and (form := lookup_form(spelling)):
                forms.setdefault(form, identity.ja)
    return forms


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """` (did you mean play?)` for a near miss, or "" when nothing is close: a phrase, put
    into the refusal's own phrase as a value so that it reads in the refusal's language."""
    found = close_matches(word, candidates)
    if not found:
        return ""
    return phrase(" (did you mean {words}?)", words=alternatives(found))
