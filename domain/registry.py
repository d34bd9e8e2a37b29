"""Find a ruleset by name, as python-chess finds a variant.

A game is known once registered: `register(CardGame())`, one line per game. A game kept
outside this repository's packages registers the same way before the app starts.
"""

from __future__ import annotations

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
    _load_builtin()
    try:
        return _RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(_RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None


_loaded = False


def _load_builtin() -> None:
    # Imported lazily so that a game's package can import this module without a cycle.
    global _loaded
    if _loaded:
        return
    _loaded = True
    from domain.card_game.ruleset import CardGame
    from domain.king_of_the_pitch.ruleset import KingOfThePitch
    from domain.tcg.ruleset import Tcg

    register(CardGame())
    register(KingOfThePitch())
    register(Tcg())
