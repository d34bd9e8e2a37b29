"""Which card or player a typed name means in the TCG, in either language.

A team list may be written in Japanese or English (`大空翼` or `Tsubasa Ozora`), and a card
may list its other names (`aliases`); a player on the field is labelled by its card's name,
numbered when the name is on the field twice (`大空翼 (2)`). Every comparison of a typed name
with a card or a label goes through here, so that `Tsubasa Ozora (2)` finds `大空翼 (2)` and a
full-width `（2）` reads as `(2)` (domain/names.py).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Final

from domain.names import name_key

_NUMBERED: Final = re.compile(r"^(.*?)\s*\((\d+)\)$")


@functools.lru_cache(maxsize=8192)
def label_key(label: str) -> str:
    """What a label compares as: its name's key, and its number if it has one."""
    plain = unicodedata.normalize("NFKC", label).strip()
    numbered = _NUMBERED.match(plain)
    if numbered is None:
        return name_key(plain)
    return f"{name_key(numbered[1])} ({int(numbered[2])})"


@functools.lru_cache(maxsize=8192)
def keys_of(names: tuple[str, ...], number: str = "") -> frozenset[str]:
    """The keys a card answers to under each of its names, numbered as its label is."""
    return frozenset(label_key(f"{name}{number}") for name in names)


def number_of(label: str, name: str) -> str:
    """The numbering a label adds to its card's name: ` (2)`, or nothing."""
    return label[len(name) :] if label.startswith(name) else ""
