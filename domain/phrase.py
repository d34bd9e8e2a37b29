"""A sentence the rules say to a person, kept with what it was made from so it can be translated.

The rules speak English (`Violation.message`, a prompt, a line of the log). A `Phrase` is that
English text, a `str` like any other, which also remembers its template and the values put into
it, so that an adapter can look the template up in a language's catalogue and fill in the same
values (`service.i18n.translated`). The domain never chooses a language: it cannot know who reads.

`phrase("{card} has the wait icon", card=name)` is also the marker the catalogue's extraction
looks for (`babel.cfg`: the keyword `phrase`), so every template a rule can say is found in the
source and checked to have a translation (tests/test_translations.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any


class Phrase(str):
    """English text that remembers its template and its values."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Phrase:
        made = super().__new__(cls, template.format_map(params))
        made.template = template
        made.params = MappingProxyType(dict(params))
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.template, dict(self.params)))


def phrase(template: str, /, **params: Any) -> Phrase:
    """The English sentence `template` filled with `params` (str.format fields)."""
    return Phrase(template, params)


# The comma between the parts of a `listed` text.
_COMMA = phrase(", ")


class Joined(str):
    """Texts (phrases or plain text) joined by a separator, such as the line break between a
    board's lines: each part is translated on its own (and the separator, if a phrase), and one
    template per number of parts is not needed."""

    separator: str
    parts: tuple[str, ...]

    def __new__(cls, separator: str, parts: Iterable[str]) -> Joined:
        kept = tuple(parts)
        made = super().__new__(cls, separator.join(kept))
        made.separator = separator
        made.parts = kept
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.separator, self.parts))


def lines(parts: Iterable[str]) -> Joined:
    """Lines of text (a board), each translated on its own."""
    return Joined("\n", parts)


def listed(parts: Iterable[str]) -> Joined:
    """`a, b, c` as one text, the comma a phrase too (`、` in Japanese): `commas` for a long
    list, such as a side's eleven players on every step of a replay, at the cost of one."""
    return Joined(_COMMA, parts)


class Centred(str):
    """`text` centred in `width` columns (a board's goal line), centred again once translated:
    a translation is as wide as it is, and a Japanese character takes two columns."""

    text: str
    width: int

    def __new__(cls, text: str, width: int) -> Centred:
        made = super().__new__(cls, text.center(width))
        made.text = text
        made.width = width
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Centred, (self.text, self.width))


class AsTyped(str):
    """Text a person typed (a coach's name, a note) put into a phrase: shown as typed in every
    language, even where it spells a name the rules know (a coach called `Toho` is a person,
    not the team 東邦), where a phrase's other plain values that are listed names are read in
    the reader's language (`service.i18n.translated`)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (AsTyped, (str(self),))


def as_typed(text: str) -> AsTyped:
    """`text` marked as a person typed it (`AsTyped`)."""
    return text if isinstance(text, AsTyped) else AsTyped(text)


def either(words: Iterable[str]) -> str:
    """`a or b or c`, each word kept a phrase of its own so that each is translated."""
    return _chained(words, lambda said, word: phrase("{said} or {word}", said=said, word=word))


def alternatives(words: Iterable[str]) -> str:
    """`a or b or c` of words a person would type (a kind, a field, a card's name), as a
    suggestion offers them. The English reads as `either`'s; the template names its field
    otherwise so that a catalogue may join these apart: Japanese joins a sentence's words with
    no space (`ドローフェイズまたはメインフェイズ`) but sets words to be typed off by spaces
    (`kickoff または kick`), as it sets off any Latin word."""
    return _chained(words, lambda said, word: phrase("{said} or {typed}", said=said, typed=word))


def both(words: Iterable[str]) -> str:
    """`a and b and c`, each word kept a phrase of its own so that each is translated."""
    return _chained(words, lambda said, word: phrase("{said} and {word}", said=said, word=word))


def commas(words: Iterable[str]) -> str:
    """`a, b, c`, each word kept a phrase of its own so that each is translated."""
    return _chained(words, lambda said, word: phrase("{said}, {word}", said=said, word=word))


def semicolons(words: Iterable[str]) -> str:
    """`a; b; c`: separate problems, each kept a phrase of its own so that each is translated."""
    return _chained(words, lambda said, word: phrase("{said}; {word}", said=said, word=word))


def _chained(words: Iterable[str], join: Callable[[str, str], str]) -> str:
    listed = list(words)
    if not listed:
        return ""
    said = listed[0]
    for word in listed[1:]:
        said = join(said, word)
    return said


# What a stored phrase's values may be: JSON's scalars, or a phrase of its own.
_SCALARS = (str, int, float, bool, type(None))


def phrase_data(text: str) -> dict[str, Any] | None:
    """A phrase as JSON data (`{"template": ..., "params": {...}}`), so that a stored sentence
    can be read again in any language; None for plain text or a value JSON cannot hold."""
    if not isinstance(text, Phrase):
        return None
    params: dict[str, Any] = {}
    for key, value in text.params.items():
        if isinstance(value, Phrase):
            nested = phrase_data(value)
            if nested is None:
                return None
            params[key] = nested
        elif isinstance(value, _SCALARS) and not isinstance(value, dict):
            params[key] = str(value) if isinstance(value, str) else value
        else:
            return None
    return {"template": text.template, "params": params}


def phrase_from_data(data: object, text: str) -> str:
    """The phrase `data` describes, when it still says exactly `text`; else `text` as stored.

    A stored sentence never changes: data that no longer fills in to the very text stored
    (a template edited since, a value of another shape) leaves the text as it is.
    """
    try:
        made = _made(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return text
    return made if made is not None and made == text else text


def _made(data: object) -> Phrase | None:
    if not isinstance(data, Mapping):
        return None
    template, raw = data["template"], data["params"]
    if not isinstance(template, str) or not isinstance(raw, Mapping):
        return None
    params = {
        str(key): (_made(value) if isinstance(value, Mapping) else value)
        for key, value in raw.items()
    }
    if any(value is None and isinstance(raw[key], Mapping) for key, value in params.items()):
        return None
    return Phrase(template, params)


def said_by(error: BaseException) -> str:
    """What an error says, kept a phrase when its message is one: `str(error)` makes plain
    text of it, so an error raised again from another keeps its first argument instead."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, str) else str(error)


def phrase_template(template: str, /) -> str:
    """A template some other code fills in (a library's message, read back by `recognised`),
    marked for the catalogue's extraction as `phrase` is; returned as it is."""
    return template


def recognised(text: str, templates: Iterable[str]) -> Phrase | None:
    """The phrase of `templates` that fills in to exactly `text`, its values read back from
    it; None when none does. For text that another library formats in English, such as a
    parser's message, so that it can be translated as the rules' own phrases are."""
    for template, pattern in _patterns(tuple(templates)):
        found = pattern.fullmatch(text)
        if found is not None:
            return Phrase(template, found.groupdict())
    return None


@cache
def _patterns(templates: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    # The template with the most fixed text first: `Expected '=' after a key` before
    # `Expected {expected}`, which its text fills in too.
    ordered = sorted(templates, key=lambda t: -len(_field().sub("", t)))
    return tuple((template, _pattern(template)) for template in ordered)


# Compiled when text is first recognised: showing a match compiles no expression of ours.
@cache
def _field() -> re.Pattern[str]:
    return re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    pieces: list[str] = []
    seen: set[str] = set()
    at = 0
    for field in _field().finditer(template):
        pieces.append(re.escape(template[at : field.start()].replace("{{", "{").replace("}}", "}")))
        name = field[1]
        pieces.append(f"(?P={name})" if name in seen else f"(?P<{name}>.*?)")
        seen.add(name)
        at = field.end()
    pieces.append(re.escape(template[at:].replace("{{", "{").replace("}}", "}")))
    return re.compile("".join(pieces), re.DOTALL)
