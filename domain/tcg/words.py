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
    "goal": phrase("goal"),
}

# The phases, as the board names them (the English is the key itself).
PHASES: Final = {
    "placement": phrase("placement"),
    "toss": phrase("toss"),
    "kickoff": phrase("kickoff"),
    "discard": phrase("discard"),
    "attack": phrase("attack"),
    "defense": phrase("defense"),
    "reverse": phrase("reverse"),
    "battle-card": phrase("battle-card"),
    "support": phrase("support"),
    "tie": phrase("tie"),
    "landing": phrase("landing"),
    "gather": phrase("gather"),
    "restart": phrase("restart"),
    "kickers": phrase("kickers"),
    "penalties": phrase("penalties"),
    "over": phrase("over"),
}


def phase_word(key: str) -> str:
    """The phase `key` as a word (the English text is the key itself)."""
    return PHASES.get(key, key)


def area_word(area: str | None) -> str | None:
    """An area as the board names it: the goal mouth in words, a1..e9 as they are."""
    return WORDS.get(area, area) if area is not None else None


def word(key: object) -> str:
    """`key` in words (the English text is the key itself)."""
    return WORDS[key] if isinstance(key, str) and key in WORDS else str(key)
