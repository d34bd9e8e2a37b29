"""The glyphs an annotation may carry: a reader's judgement of the entry, as chess
annotators mark a move (docs/events.md, docs/match-file.md).

A glyph is stored by its name, which never changes; its symbol is how the log, the replay and
the match report show it. The symbols follow chess's where chess has one (`!`, `?`, `??`,
`!?`); a turning point, which chess does not mark, is `⇄`: the match swung there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from domain.phrase import commas, phrase


@dataclass(frozen=True)
class Glyph:
    """One judgement an annotation may carry: its stored name, its mark and what it means."""

    name: str
    symbol: str
    meaning: str


GLYPHS: Final = (
    Glyph("good", "!", "a good decision"),
    Glyph("mistake", "?", "a mistake"),
    Glyph("blunder", "??", "a blunder"),
    Glyph("interesting", "!?", "an interesting decision"),
    Glyph("turning-point", "⇄", "the turning point of the match"),
)
_BY_NAME: Final = {glyph.name: glyph for glyph in GLYPHS}
_BY_SYMBOL: Final = {glyph.symbol: glyph for glyph in GLYPHS}
GLYPH_NAMES: Final = tuple(glyph.name for glyph in GLYPHS)


class BadGlyph(ValueError):
    """A glyph that is none of GLYPHS, by name or symbol."""


def glyph_named(word: str | None) -> Glyph | None:
    """The glyph a person named, by its name or its symbol (`blunder`, `??`); blank or None
    is no glyph (BadGlyph names the glyphs there are when the word is none of them)."""
    if word is None or not word.strip():
        return None
    key = word.strip()
    found = _BY_NAME.get(key.lower()) or _BY_SYMBOL.get(key)
    if found is None:
        listed = commas(f"{g.name} ({g.symbol})" for g in GLYPHS)
        shown = key if len(key) <= 20 else key[:17] + "..."
        raise BadGlyph(
            phrase("{word} is not a glyph; the glyphs: {listed}", word=repr(shown), listed=listed)
        )
    return found


def symbol_of(name: str | None) -> str:
    """The symbol of a stored glyph name ('' for none)."""
    found = None if name is None else _BY_NAME.get(name)
    return "" if found is None else found.symbol
