"""Dice Football's consequences: each kind it stores, as a subtype of the shared vocabulary.

Sides are "home" and "away", stored under `side`. A goal and the end of the match are stored
in the same form as the TCG's (`side` and `score`; `score`), with this game's meaning: a goal
here wins no battle. The d6 of each roll is a silent `DieRolled` beside the `Rolled` people
read, and full time adds the silent `FinalResult`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from domain.consequences import (
    Consequence,
    Goal,
    MatchEnded,
    PeriodStarted,
    Pitch,
    Possession,
    Tally,
)


@dataclass(frozen=True, kw_only=True)
class KickedOff(PeriodStarted):
    """`side` kicks off: the match is in play (PG-1)."""

    kind: ClassVar[str] = "kickoff"
    side: str

    def phase_name(self) -> str:
        return "in play"


@dataclass(frozen=True, kw_only=True)
class Rolled(Consequence):
    """`side` rolls its d6 (PG-2); the die itself is the silent `DieRolled` beside it."""

    kind: ClassVar[str] = "rolled"
    side: str
    value: int


@dataclass(frozen=True, kw_only=True)
class BallWon(Possession):
    """The ball goes to `side` after the other side's low roll (PG-2)."""

    kind: ClassVar[str] = "ball-won"


@dataclass(frozen=True, kw_only=True)
class Scored(Goal):
    """A goal for `side` (PG-3), with the score by side after it."""

    kind: ClassVar[str] = "goal"


@dataclass(frozen=True, kw_only=True)
class FinalWhistle(MatchEnded):
    """The referee ends the match (PG-4), with the final score by side: most goals wins,
    equal goals is a draw."""

    kind: ClassVar[str] = "match-ended"
    score: Mapping[str, int]

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        most = max(self.score.values())
        level = list(self.score.values()).count(most) > 1

        def outcome(side: str) -> str:
            if level:
                return "matches_drawn"
            return "matches_won" if self.score[side] == most else "matches_lost"

        return tuple(Tally(side, outcome(side)) for side in self.score)
