"""Names in two languages: one identity for a card or team, whether typed in English or Japanese.

A table reads the cards in the language they are printed in, and two of the three games come
from Japanese sources: `大空翼` and `Tsubasa Ozora` are one card, `南葛` and `Nankatsu` one team.
`names.toml` lists each identity with its English name, its Japanese name and a reading; this
module answers, for any text, which identity it names (`NAMES.find`), the key two names share
when they are the same card (`name_key`), and how to show a name with its other language
(`bilingual`).

Names are stored as typed (an entry of `大空翼` keeps `大空翼`): the identity is resolved each
time a name is read, so that a match recorded before a name was listed means what it meant,
read with today's list (docs/events.md#names).

Comparisons are made on the NFKC form of the text, folded for case: a full-width `Ｔｏｈｏ` or a
half-width `ﾅﾝｶﾂ` typed on a Japanese keyboard reads as the name it looks like. A listed name
is also found without its spaces and middle dots and in either kana (`大空 翼`, `オオゾラツバサ`).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from domain.package_data import package_toml

# What a listed name may leave out and still be found: spaces between family and given name,
# the middle dot between names.
_DROPPED: Final = {ord(c): None for c in " ・"}
_KATAKANA: Final = range(0x30A1, 0x30F7)
_TO_HIRAGANA: Final = {code: code - 0x60 for code in _KATAKANA}


def folded(text: str) -> str:
    """`text` as names are compared: NFKC (full- and half-width forms as their plain
    letters), case folded, runs of white space as one space, none around it."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def lookup_form(text: str) -> str:
    """The form a listed name is found by: folded, without spaces and middle dots, katakana
    read as hiragana."""
    return folded(text).translate(_DROPPED).translate(_TO_HIRAGANA)


@dataclass(frozen=True)
class Identity:
    """One card or team, by every name it goes by."""

    kind: str
    en: str
    ja: str
    reading: str | None = None
    aliases: tuple[str, ...] = ()
    games: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """What every name of this identity compares as: its English name, folded."""
        return folded(self.en)

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.en, self.ja, *((self.reading,) if self.reading else ()), *self.aliases)

    def label(self) -> str:
        """Both names, the English first: `Tsubasa Ozora（大空翼）`."""
        return f"{self.en}（{self.ja}）"


class AmbiguousName(ValueError):
    """A name listed for two identities: the list would not say which is meant."""


class NameBook:
    """Finds an identity by any of its names; built from `names.toml` (or a test's list)."""

    def __init__(self, identities: Iterable[Identity]) -> None:
        self.identities = tuple(identities)
        self._by_spelling: dict[str, Identity] = {}
        for identity in self.identities:
            for spelling in identity.spellings:
                compact = lookup_form(spelling)
                other = self._by_spelling.get(compact)
                if other is not None and other != identity:
                    raise AmbiguousName(
                        f"{spelling!r} names both {other.label()} and {identity.label()}"
                    )
                self._by_spelling[compact] = identity

    def find(self, name: str) -> Identity | None:
        """The identity `name` names, in either language; None for a name not listed."""
        return self._by_spelling.get(lookup_form(name))

    def key(self, name: str) -> str:
        """What `name` compares as: the same for every name of one identity, and for a name
        not listed its folded text (so that case and width still do not matter)."""
        identity = self.find(name)
        return identity.key if identity else folded(name)

    def same(self, one: str, other: str) -> bool:
        return self.key(one) == self.key(other)

    def english(self, name: str) -> str:
        """The English name of a listed identity; any other name as it is."""
        identity = self.find(name)
        return identity.en if identity else name

    def other_language(self, name: str) -> str:
        """The Japanese name of a listed identity typed in English, the English name of one
        typed otherwise; `name` itself when it is not listed."""
        identity = self.find(name)
        if identity is None:
            return name
        return identity.ja if lookup_form(name) == lookup_form(identity.en) else identity.en

    def bilingual(self, name: str) -> str:
        """`name` with its other language where it is listed (`Tsubasa Ozora（大空翼）`);
        as it is otherwise."""
        identity = self.find(name)
        return identity.label() if identity else name

    def for_game(self, game: str) -> NameBook:
        return NameBook(i for i in self.identities if game in i.games)


def _identity(raw: Mapping[str, Any]) -> Identity:
    return Identity(
        kind=str(raw["kind"]),
        en=str(raw["en"]),
        ja=str(raw["ja"]),
        reading=str(raw["reading"]) if "reading" in raw else None,
        aliases=tuple(str(alias) for alias in raw.get("aliases", ())),
        games=tuple(str(game) for game in raw.get("games", ())),
    )


def load_names() -> NameBook:
    names = package_toml("domain", __file__, "names.toml")["name"]
    return NameBook(_identity(raw) for raw in names)


NAMES: Final = load_names()


# The rules compare names in loops over every card in play, on every entry and every replayed
# step: a name's key is worked out once. The book never changes while the process runs.
@functools.lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """What `name` compares as, in every game: two names are one card when their keys agree."""
    return NAMES.key(name)


def bilingual(name: str) -> str:
    return NAMES.bilingual(name)


# The kinds whose names are proper names, one team or character wherever they stand; King of
# the Pitch's colours, values and kinds of card are words (`red`, `gold`, `match`) that are
# also keys typed in its notation.
PROPER_KINDS: Final = ("team", "character")

# Every listed team's and character's English name, as the rules spell it: a sentence shows
# these in the reader's language (`service.i18n.listed_name`), so a board that keeps most of
# its text plain makes a phrase of a player only where the name is one of them.
PROPER_NAMES: Final = frozenset(i.en for i in NAMES.identities if i.kind in PROPER_KINDS)
