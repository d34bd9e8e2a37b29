"""The TCG's own words for what its data names by key (a battle's kind, a card's type), as
phrases, so that a sentence about a tackle reads タックル in Japanese; a key with no word here
is shown as it is."""

from __future__ import annotations

from typing import Final

from domain.phrase import phrase

WORDS: Final = {
    "shot": phrase("shot"),
    "tackle": phrase("tackle"),
    "pass-cut": phrase("pass-cut"),
    "player": phrase("player"),
    "coach": phrase("coach"),
    "supporter": phrase("supporter"),
    "tactics": phrase("tactics"),
    "reverse": phrase("reverse"),
}


def word(key: object) -> str:
    """`key` in words (the English text is the key itself)."""
    return WORDS[key] if isinstance(key, str) and key in WORDS else str(key)
