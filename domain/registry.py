"""Find a ruleset by name, as python-chess finds a variant.

A game is known once registered: `register(CardGame())`, one line per game. A game kept
outside this repository's packages registers the same way before the app starts.
"""

from __future__ import annotations

import importlib

from domain.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    _RULESETS[ruleset.name] = ruleset


def unregister(name: str) -> None:
    """Forget a game registered earlier (a test's game, once the test is done)."""
    _RULESETS.pop(name, None)


class UnknownRuleset(LookupError):
    pass


def ruleset_names() -> tuple[str, ...]:
    _load_builtin()
    return tuple(sorted(_RULESETS))


def find_ruleset(name: str) -> Ruleset:
    found = _RULESETS.get(name)
    if found is not None:
        return found
    if name in _BUILTIN:
        # Only the game asked for: importing all three would cost a command at the table a
        # quarter of a second.
        _load(name)
    else:
        _load_builtin()
    try:
        return _RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(_RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None


# The games that come with Touchline: each is imported on first use, not before, so that a
# game's package can import this module without a cycle and a command loads only its game.
_BUILTIN = {
    "card-game": ("domain.card_game.ruleset", "CardGame"),
    "king-of-the-pitch": ("domain.king_of_the_pitch.ruleset", "KingOfThePitch"),
    "tcg": ("domain.tcg.ruleset", "Tcg"),
}
_loaded: set[str] = set()


def _load(name: str) -> None:
    if name in _loaded:
        return
    _loaded.add(name)
    module, attribute = _BUILTIN[name]
    register(getattr(importlib.import_module(module), attribute)())


def _load_builtin() -> None:
    for name in _BUILTIN:
        _load(name)
