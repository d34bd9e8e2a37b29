"""Who may settle what on a match's pages: dispute, rule, correct, confirm the result.

The pages show a control only to a browser that may use it, and every write checks again
before it reads the form. The checks are made here and nowhere else: a scorer of the match
(the browser that opened its scorer link) may do each of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flask import g

from web.context import is_session_scorer, require_scorer


@dataclass(frozen=True)
class Powers:
    """What this browser may do on one match (reading needs nothing)."""

    dispute: bool = False
    rule: bool = False
    correct: bool = False
    # The sides it may confirm the result for.
    confirm: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        return self.dispute or self.rule or self.correct or bool(self.confirm)


def powers_for(match_id: str, sides: Iterable[str] = ()) -> Powers:
    """What this browser may do on match `match_id`, whose sides are `sides`."""
    cache: dict[tuple[str, tuple[str, ...]], Powers] = g.setdefault("settling_powers", {})
    sides = tuple(sides)
    key = (match_id, sides)
    if key not in cache:
        scorer = is_session_scorer(match_id)
        cache[key] = Powers(
            dispute=scorer, rule=scorer, correct=scorer, confirm=sides if scorer else ()
        )
    return cache[key]


def require_to_dispute(match_id: str) -> None:
    require_scorer(match_id)


def require_to_rule(match_id: str) -> None:
    require_scorer(match_id)


def require_to_correct(match_id: str) -> None:
    require_scorer(match_id)


def require_to_confirm(match_id: str, side: str) -> None:
    require_scorer(match_id)
