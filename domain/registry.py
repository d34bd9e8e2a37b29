"""Find a ruleset by name, as python-chess finds a variant."""

from __future__ import annotations

from collections.abc import Callable

from domain.ruleset import Ruleset

_FACTORIES: dict[str, Callable[[], Ruleset]] = {}
_INSTANCES: dict[str, Ruleset] = {}


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    _FACTORIES[name] = factory


class UnknownRuleset(LookupError):
    pass


def ruleset_names() -> tuple[str, ...]:
    _load_builtin()
    return tuple(sorted(_FACTORIES))


def find_ruleset(name: str) -> Ruleset:
    _load_builtin()
    if name not in _INSTANCES:
        try:
            factory = _FACTORIES[name]
        except KeyError:
            known = ", ".join(sorted(_FACTORIES))
            raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None
        _INSTANCES[name] = factory()
    return _INSTANCES[name]


def _load_builtin() -> None:
    # Imported lazily so that a game's package can import this module without a cycle.
    if "card-game" not in _FACTORIES:
        from domain.card_game.ruleset import CardGame
        from domain.king_of_the_pitch.ruleset import KingOfThePitch
        from domain.tcg.ruleset import Tcg

        register("card-game", CardGame)
        register("king-of-the-pitch", KingOfThePitch)
        register("tcg", Tcg)
