"""A rule in the words of its game's source, for the games whose source is not English.

The digests (`domain/<game>/rules.md`) restate each rule in English under a stable ID. The
Konami TCG's rules were written in Japanese, and King of the Pitch's help page half in Japanese
and half in English; a refusal read in Japanese quotes the source's own sentence for its rule,
so the table can hold the engine to what the rules really say. The quotes are data, one file
per game (`domain/<game>/rules.ja.toml`), each copied word for word from the source.

The card game's rulebook is English: its refusals are translated and quote nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Final

from domain.package_data import package_toml

QUOTES_FILE: Final = "rules.ja.toml"
# The rule-ID prefix of each game whose source is quoted → the package holding its quotes.
QUOTED: Final = {"TCG": "domain.tcg", "KP": "domain.king_of_the_pitch"}


@cache
def quotes_of(package: str) -> Mapping[str, str]:
    """Rule ID → the source's sentence, as the game's `rules.ja.toml` lists them."""
    # Read from the package's folder, and kept between commands, as the names list is
    # (domain/package_data.py): a command at the table imports neither importlib.resources
    # nor tomllib for it.
    quotes = package_toml(package, importlib.import_module(package).__file__, QUOTES_FILE)["quotes"]
    return {str(rule): str(said) for rule, said in quotes.items()}


def original(rule: str) -> str | None:
    """The source's sentence for `rule` (`TCG-6.2`), or for the nearest rule it belongs to
    (`TCG-6.2.1` → `TCG-6.2` → `TCG-6`); None for a game whose source is not quoted."""
    package = QUOTED.get(rule.partition("-")[0])
    if package is None:
        return None
    quotes = quotes_of(package)
    wanted = rule
    while wanted not in quotes and "." in wanted:
        wanted = wanted.rpartition(".")[0]
    return quotes.get(wanted)
