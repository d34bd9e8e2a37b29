"""An entry said as a plain sentence, the way a match report reads: `Toho: Kojiro Hyuga (Shot
3, Pass 1)`, `Nankatsu roll 5`.

Each game words its own actions (its `sentences.py`, the ruleset's `sentence`); what they
share is here: a side's name, a card's printed values, the words for a die the app rolled, and
the sentence made from an entry's notation for a game that words nothing itself (a game kept
outside this repository), so that every entry reads as words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.actions import ActionCodec
from domain.notation import canonical_fields
from domain.phrase import commas, phrase
from domain.ruleset import JSON

# Each side's key → the name a report calls it by ("toho" → "Toho").
Names = Mapping[str, str]


def name(names: Names, side: object) -> str:
    """A side as the report names it; a value that is no side's key, as it is."""
    return names.get(str(side), str(side))


def printed(**values: int) -> str:
    """A card's values as printed, those that are not 0, e.g. ` (Shot 3, Pass 1)`; nothing when
    every one is 0. Keyword names are the values' names (`pass_` reads as Pass)."""
    said = [
        phrase("{value_name} {value}", value_name=_value_name(key), value=value)
        for key, value in values.items()
        if value
    ]
    return phrase(" ({values})", values=commas(said)) if said else ""


# A card's printed values, as the rules name them.
VALUE_NAMES = {
    "shot": phrase("Shot"),
    "pass": phrase("Pass"),
    "pass_": phrase("Pass"),
    "defense": phrase("Defense"),
}


def _value_name(key: str) -> str:
    return VALUE_NAMES.get(key) or key.rstrip("_").capitalize()


def by_app(source: str) -> str:
    """What a die rolled or a coin flipped by the app adds to the sentence."""
    return phrase(" (rolled by the app)") if source == "app" else ""


def listed(items: Sequence[object]) -> str:
    """Words in a list: `a`, `a and b`, `a, b and c`."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return phrase("{said} and {word}", said=commas(words[:-1]), word=words[-1])


def from_notation(codec: ActionCodec, data: Mapping[str, JSON], names: Names) -> str:
    """An entry of a game that words none of its actions: its kind in words, then each field
    that differs from its default, a side's key given as the side's name; led by the side
    the entry is by, when one of its fields names a side (`Home: roll, value 5`)."""
    kind = str(data.get("kind", "entry")).replace("-", " ").replace("_", " ")
    try:
        fields = canonical_fields(codec, data)
    except (ValueError, KeyError, TypeError):  # stored by another release: as it is
        fields = [(key, value) for key, value in data.items() if key != "kind"]
    side = next((value for _, value in fields if isinstance(value, str) and value in names), None)
    parts = [
        f"{key.replace('_', ' ')} {_words(value, names)}"
        for key, value in fields
        if value != side or side is None
    ]
    said = ", ".join([kind, *parts])
    return f"{names[side]}: {said}" if side is not None else said[:1].upper() + said[1:]


def _words(value: JSON, names: Names) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_words(v, names) for v in value)
    if value is None:
        return "none"
    return name(names, value)
