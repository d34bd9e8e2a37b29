"""King of the Pitch's words for what its data names by key: the five team colours and the
values of chips and cubes, as phrases, so that `blue` reads 青 and `gold` 金 in Japanese; a
key with no word here is shown as it is."""

from __future__ import annotations

from typing import Final

from domain.phrase import phrase

WORDS: Final = {
    "blue": phrase("blue"),
    "green": phrase("green"),
    "yellow": phrase("yellow"),
    "red": phrase("red"),
    "orange": phrase("orange"),
    "white": phrase("white"),
    "bronze": phrase("bronze"),
    "silver": phrase("silver"),
    "gold": phrase("gold"),
    "diamond": phrase("diamond"),
    "crown": phrase("crown"),
}


def word(key: object) -> str:
    """`key` in words (the English text is the key itself)."""
    return WORDS[key] if isinstance(key, str) and key in WORDS else str(key)
