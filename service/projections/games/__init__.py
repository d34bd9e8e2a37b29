"""One fold per game; adding a game is one module here and one line in `FOLDS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.match import MatchRecord
from service.projections.games import card_game, king_of_the_pitch, tcg
from service.projections.games.fold import Contribution

Fold = Callable[[MatchRecord], Contribution]
CoachesOf = Callable[[dict[str, Any]], dict[str, str]]

FOLDS: dict[str, tuple[Fold, CoachesOf]] = {
    "card-game": (card_game.fold, card_game.coaches),
    "king-of-the-pitch": (king_of_the_pitch.fold, king_of_the_pitch.coaches),
    "tcg": (tcg.fold, tcg.coaches),
}


def fold(match: MatchRecord) -> Contribution:
    """A match's contribution; a game without a fold yet still gets its summary row."""
    found = FOLDS.get(match.ruleset_name)
    return found[0](match) if found else Contribution()


def coaches_of(match: MatchRecord) -> dict[str, str]:
    found = FOLDS.get(match.ruleset_name)
    return found[1](match.setup) if found else {}
