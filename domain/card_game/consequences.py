"""The card game's consequences: each kind it stores, as a declared type.

Sides are the teams' keys ("nankatsu", "toho"), stored under `team`. A player card "takes
part" in the phases of the round it was played in: its shots, passes and defenses count for
it, and a goal counts for every card of the scoring side in play that round (for a Special
Shot, the Special Shot card itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from domain.card_game.cards import CATALOGUE
from domain.card_game.state import PERIOD_NAMES
from domain.consequences import (
    JSON,
    Booking,
    CardPlayed,
    Consequence,
    Goal,
    Mark,
    MarkKind,
    MatchEnded,
    PassageStarted,
    PeriodEnded,
    PeriodStarted,
    Pitch,
    PlayerLeft,
    Possession,
    ShotTaken,
    Tally,
)

TEAM: Mapping[str, str] = {"side": "team"}
PLURAL = {"shot": "shots", "pass": "passes"}


def _each(side: str, stat: str, players: tuple[str, ...] = ()) -> Tally:
    return Tally(side, stat, players)


@dataclass(frozen=True, kw_only=True)
class SigningsShown(Consequence):
    kind: ClassVar[str] = "signings-shown"
    cards: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TossWon(Consequence):
    kind: ClassVar[str] = "toss-won"
    team: str


@dataclass(frozen=True, kw_only=True)
class KickedOff(PeriodStarted):
    kind: ClassVar[str] = "kick-off"
    period: int
    team: str


@dataclass(frozen=True, kw_only=True)
class RoundStarted(PassageStarted, PeriodStarted):
    kind: ClassVar[str] = "round-started"
    period: int
    round: int
    attacker: str

    def phase_name(self) -> str:
        return f"{PERIOD_NAMES.get(self.period, '')}, round {self.round}"


@dataclass(frozen=True, init=False, eq=True)
class CardsDrawn(Consequence):
    """Cards drawn by side (the Draw Phase, or an ability); stored keyed by side."""

    kind: ClassVar[str] = "cards-drawn"
    by_side: Mapping[str, Mapping[str, int]]

    def __init__(self, text: str, *, by_side: Mapping[str, Mapping[str, int]]) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "by_side", by_side)

    @property
    def data(self) -> dict[str, JSON]:
        return {side: dict(counts) for side, counts in self.by_side.items()}

    @classmethod
    def from_data(cls, text: str, data: Mapping[str, JSON]) -> Consequence | None:
        if not all(isinstance(counts, Mapping) for counts in data.values()):
            return None
        return cls(text, by_side=dict(data))


@dataclass(frozen=True, kw_only=True)
class Drafted(Consequence):
    kind: ClassVar[str] = "drafted"
    team: str
    source: str
    card: str | None


@dataclass(frozen=True, kw_only=True)
class InjuryTime(Consequence):
    kind: ClassVar[str] = "injury-time"
    period: int


@dataclass(frozen=True, kw_only=True)
class Played(CardPlayed):
    kind: ClassVar[str] = "card-played"
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "player": "card", "pass_": "pass"}
    shot: int | None
    pass_: int | None
    defense: int | None
    cards_in_play: int

    @property
    def is_player(self) -> bool:
        return CATALOGUE.is_player(self.player)


@dataclass(frozen=True, kw_only=True)
class Passed(Consequence):
    kind: ClassVar[str] = "passed"
    team: str


@dataclass(frozen=True, kw_only=True)
class Motivated(Consequence):
    kind: ClassVar[str] = "motivated"
    team: str
    card: str
    cost: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Signed(Consequence):
    kind: ClassVar[str] = "signed"
    team: str
    card: str
    cost: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Eliminated(PlayerLeft):
    kind: ClassVar[str] = "card-eliminated"
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "player": "card"}


@dataclass(frozen=True, kw_only=True)
class Discarded(PlayerLeft):
    kind: ClassVar[str] = "card-discarded"
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "player": "card"}


@dataclass(frozen=True, kw_only=True)
class PointsGained(Consequence):
    kind: ClassVar[str] = "points-gained"
    team: str
    points: tuple[str, ...]
    bank: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class BankCapped(Consequence):
    kind: ClassVar[str] = "bank-capped"
    team: str
    lost: int
    cap: int | None


@dataclass(frozen=True, kw_only=True)
class AttackEnded(Consequence):
    kind: ClassVar[str] = "attack-ended"
    team: str
    card: str


@dataclass(frozen=True, kw_only=True)
class Injured(Consequence):
    kind: ClassVar[str] = "injury"
    team: str
    card: str | None

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.INJURY, "Injury")


@dataclass(frozen=True, kw_only=True)
class _Booked(Booking):
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "pass_": "pass"}
    shot: int
    pass_: int
    defense: int


@dataclass(frozen=True, kw_only=True)
class YellowCard(_Booked):
    kind: ClassVar[str] = "yellow-card"
    colour: ClassVar[str] = "yellow"


@dataclass(frozen=True, kw_only=True)
class RedCard(_Booked):
    kind: ClassVar[str] = "red-card"
    colour: ClassVar[str] = "red"


BOOKINGS: Mapping[str, type[_Booked]] = {"yellow": YellowCard, "red": RedCard}


@dataclass(frozen=True, kw_only=True)
class YellowRemoved(Consequence):
    kind: ClassVar[str] = "yellow-removed"
    team: str

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.NOTABLE, "Yellow card removed")


@dataclass(frozen=True, kw_only=True)
class Fatigued(Consequence):
    kind: ClassVar[str] = "fatigue"
    team: str
    into: str


@dataclass(frozen=True, kw_only=True)
class ControlAndAdvance(Consequence):
    kind: ClassVar[str] = "control-and-advance"
    team: str
    card: str


@dataclass(frozen=True, kw_only=True)
class SpecialShot(ShotTaken):
    kind: ClassVar[str] = "special-shot"
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "player": "card"}

    @property
    def is_player(self) -> bool:
        return CATALOGUE.is_player(self.player)

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        players = (self.player,) if self.is_player else ()
        return (_each(self.side, "special_shots", players),)


@dataclass(frozen=True, kw_only=True)
class SpecialRevealed(Consequence):
    kind: ClassVar[str] = "special-revealed"
    attacker: str
    shot: str
    defense: str
    blocked: bool


@dataclass(frozen=True, kw_only=True)
class Declared(Consequence):
    kind: ClassVar[str] = "declared"
    team: str
    action: str
    attack: int
    defense: int


@dataclass(frozen=True, kw_only=True)
class PointsSpent(Consequence):
    kind: ClassVar[str] = "points-spent"
    team: str
    points: int


@dataclass(frozen=True, kw_only=True)
class Rerolled(Consequence):
    kind: ClassVar[str] = "re-rolled"
    team: str
    die: str
    value: int


@dataclass(frozen=True, kw_only=True)
class PhaseResolved(Consequence):
    """A Shooting/Passing Phase settled: the attacker's shot or pass against the defense."""

    kind: ClassVar[str] = "phase-resolved"
    attacker: str
    action: str
    attack_total: int
    defense_total: int
    dice: Mapping[str, int | None]
    spent: Mapping[str, int]
    winner: str
    assured_success: bool

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        attacker = self.attacker
        defender = next(side for side in self.spent if side != attacker)
        attacking, defending = pitch.players(attacker), pitch.players(defender)
        tried = PLURAL[self.action]
        counted = [_each(attacker, f"{tried}_tried", attacking)]
        counted.append(_each(defender, "defenses_tried", defending))
        if self.winner == attacker:
            counted.append(_each(attacker, f"{tried}_won", attacking))
        else:
            counted.append(_each(defender, "defenses_won", defending))
        return tuple(counted)


@dataclass(frozen=True, kw_only=True)
class GoalkeeperSave(Consequence):
    kind: ClassVar[str] = "goalkeeper-save"
    team: str
    value: int
    outcome: str

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        counted = [_each(self.team, "saves_tried")]
        if self.outcome != "goal":
            counted.append(_each(self.team, "goalkeeper_saves"))
        return tuple(counted)


@dataclass(frozen=True, kw_only=True)
class Scored(Goal):
    kind: ClassVar[str] = "goal"
    stored_as: ClassVar[Mapping[str, str]] = TEAM


@dataclass(frozen=True, kw_only=True)
class Ball(Possession):
    kind: ClassVar[str] = "possession"
    stored_as: ClassVar[Mapping[str, str]] = TEAM


@dataclass(frozen=True, kw_only=True)
class HalfEnded(PeriodEnded):
    kind: ClassVar[str] = "half-ended"
    period: int
    score: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class ExtraTime(PeriodStarted):
    kind: ClassVar[str] = "extra-time"
    score: Mapping[str, int]

    def phase_name(self) -> str:
        return "Extra Time"

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.NOTABLE, "Extra Time")


@dataclass(frozen=True, kw_only=True)
class FullTime(MatchEnded):
    """The end of the match; a draw (after Extra Time) has no winner."""

    kind: ClassVar[str] = "match-ended"
    score: Mapping[str, int]
    winner: str | None

    def score_after(self, before: Mapping[str, int]) -> Mapping[str, int]:
        return self.score

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        def outcome(side: str) -> str:
            return "drawn" if self.winner is None else "won" if side == self.winner else "lost"

        return tuple(_each(side, f"matches_{outcome(side)}") for side in self.score)


def declared() -> tuple[type[Consequence], ...]:
    """Every kind this game declares (for tests)."""
    return tuple(
        value
        for value in globals().values()
        if isinstance(value, type) and issubclass(value, Consequence) and "kind" in vars(value)
    )
