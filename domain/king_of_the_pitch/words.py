"""King of the Pitch's words for what its data names by key: the five team colours, the
values of chips and cubes, the phases and the positions' roles, as phrases, so that `blue`
reads 青 and `gold` 金 in Japanese; a key with no word here is shown as it is. The situation
gives the keys themselves, and a page shows each as its word (web/language.py's `word`)."""

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
    # The phases, as the board names them.
    "opening": phrase("opening"),
    "reveal": phrase("reveal"),
    "turn": phrase("turn"),
    "declare": phrase("declare"),
    "roll": phrase("roll"),
    "var": phrase("var"),
    "shoot-out": phrase("shoot-out"),
    "over": phrase("over"),
    # The roles of a board's positions.
    "attacker": phrase("attacker"),
    "midfielder": phrase("midfielder"),
    "defender": phrase("defender"),
}


# The same words written at the start of a label or a sentence: `Blue (Alice)`, `Gold player
# no. 9 turned face up`.
TITLES: Final = {
    "blue": phrase("Blue"),
    "green": phrase("Green"),
    "yellow": phrase("Yellow"),
    "red": phrase("Red"),
    "orange": phrase("Orange"),
    "bronze": phrase("Bronze"),
    "silver": phrase("Silver"),
    "gold": phrase("Gold"),
}


def word(key: object) -> str:
    """`key` in words (the English text is the key itself)."""
    return WORDS[key] if isinstance(key, str) and key in WORDS else str(key)


def title(key: str) -> str:
    """`key` in words with a capital, as a label or a sentence begins."""
    return TITLES.get(key) or key.title()
