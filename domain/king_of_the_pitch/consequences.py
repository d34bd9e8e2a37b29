"""King of the Pitch's consequences: each kind it stores, as a declared type.

Sides are the teams' colours, stored under `team`. Crowns are the score. A duel counts as
played for both teams, and each team is counted once per match for every level (above white)
it fought a duel at or below its highest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from domain.consequences import (
    JSON,
    Consequence,
    Mark,
    MarkKind,
    MatchEnded,
    PeriodStarted,
    Pitch,
    Tally,
)
from domain.king_of_the_pitch.values import LEVEL_DICE, LEVELS
from domain.phrase import phrase

FACES_BY_COUNT = {len(faces): faces for faces in LEVEL_DICE.values()}


def faces_of(dice: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The faces of each die of a roll, told by how many dice it holds (only the crown level
    rolls five, the d8 last); a roll of another size is of d6."""
    return FACES_BY_COUNT.get(len(dice), (6,) * len(dice))


@dataclass(frozen=True, kw_only=True)
class OpeningTie(Consequence):
    kind: ClassVar[str] = "opening-tie"
    teams: tuple[str, ...]
    value: int


@dataclass(frozen=True, kw_only=True)
class NewKing(Consequence):
    kind: ClassVar[str] = "king"
    team: str

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.NOTABLE, phrase("New King"))


@dataclass(frozen=True, kw_only=True)
class LineRefilled(Consequence):
    kind: ClassVar[str] = "line-refilled"
    slot: int
    card: Mapping[str, JSON]
    deck: int


@dataclass(frozen=True, kw_only=True)
class TurnStarted(PeriodStarted):
    kind: ClassVar[str] = "turn-started"
    team: str
    turn: int

    def phase_name(self) -> str:
        return f"turn {self.turn}"


@dataclass(frozen=True, kw_only=True)
class CardTaken(Consequence):
    kind: ClassVar[str] = "card-taken"
    team: str
    slot: int
    card: str
    colour: str | None
    position: int | None
    paid: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class CaptainPlaced(Consequence):
    kind: ClassVar[str] = "captain-placed"
    team: str
    position: int
    replaced: str
    defense: int
    attack: int


@dataclass(frozen=True, kw_only=True)
class PlayerSigned(Consequence):
    kind: ClassVar[str] = "player-signed"
    team: str
    colour: str
    position: int
    replaced: str
    defense: int
    attack: int


@dataclass(frozen=True, kw_only=True)
class ChipSold(Consequence):
    kind: ClassVar[str] = "chip-sold"
    team: str
    position: int
    colour: str
    defense: int
    attack: int


@dataclass(frozen=True, kw_only=True)
class CardSold(Consequence):
    kind: ClassVar[str] = "card-sold"
    team: str
    colour: str
    position: int


@dataclass(frozen=True, kw_only=True)
class TurnPassed(Consequence):
    kind: ClassVar[str] = "turn-passed"
    team: str


@dataclass(frozen=True, kw_only=True)
class DuelStarted(PeriodStarted):
    kind: ClassVar[str] = "duel-started"
    challenger: str
    king: str
    levels: Mapping[str, str]

    def phase_name(self) -> str:
        return "duel"

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        counted = []
        for colour, level in self.levels.items():
            counted.append(Tally(colour, "duels_played"))
            reached = LEVELS[1 : LEVELS.index(level) + 1]
            counted.extend(Tally(colour, f"reached_{name}", once=True) for name in reached)
        return tuple(counted)


@dataclass(frozen=True, kw_only=True)
class Declared(Consequence):
    kind: ClassVar[str] = "declared"
    team: str
    var: int
    bonus: int


@dataclass(frozen=True, kw_only=True)
class DiceCompared(Consequence):
    kind: ClassVar[str] = "dice-compared"
    dice: Mapping[str, tuple[int, ...]]
    cancelled: tuple[int, ...]
    score: Mapping[str, int]
    winner: str | None


@dataclass(frozen=True, kw_only=True)
class VarReroll(Consequence):
    kind: ClassVar[str] = "var-reroll"
    team: str
    old: int
    new: int
    dice: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class PenaltyRound(Consequence):
    """A shoot-out round: level (again), or with the winner of the shoot-out."""

    kind: ClassVar[str] = "shoot-out"
    round: int
    dice: Mapping[str, int]

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.SHOOT_OUT, phrase("Penalty round"))


@dataclass(frozen=True, kw_only=True)
class ShootOutWon(PenaltyRound):
    kind: ClassVar[str] = "shoot-out"
    winner: str


@dataclass(frozen=True, kw_only=True)
class DuelWon(Consequence):
    kind: ClassVar[str] = "duel-won"
    winner: str
    loser: str

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.winner, "duels_won"),)


@dataclass(frozen=True, kw_only=True)
class Crown(Consequence):
    """`team` places a crown: `crowns` is its new count (the score)."""

    kind: ClassVar[str] = "crown"
    team: str
    crowns: int

    def score_after(self, before: Mapping[str, int]) -> Mapping[str, int]:
        return {**before, self.team: self.crowns}

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.team, "crowns"),)

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.GOAL, phrase("Crown"))


@dataclass(frozen=True, kw_only=True)
class GameEnded(MatchEnded):
    kind: ClassVar[str] = "game-ended"
    winner: str
    score: Mapping[str, int]

    def phase_name(self) -> str:
        return "game over"
