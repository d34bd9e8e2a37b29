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
from domain.phrase import phrase

TEAM: Mapping[str, str] = {"side": "team"}
PLURAL = {"shot": "shots", "pass": "passes"}


def _each(side: str, stat: str, players: tuple[str, ...] = ()) -> Tally:
    return Tally(side, stat, players)


@dataclass(frozen=True, kw_only=True)
class SigningsShown(Consequence):
    """The Signing cards shown before kick-off (CG-12.3)."""

    kind: ClassVar[str] = "signings-shown"
    cards: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TossWon(Consequence):
    """The team that won the Possession token flip (CG-3.1)."""

    kind: ClassVar[str] = "toss-won"
    team: str


@dataclass(frozen=True, kw_only=True)
class KickedOff(PeriodStarted):
    """A half starts with the named team's kick-off (CG-3.1)."""

    kind: ClassVar[str] = "kick-off"
    period: int
    team: str


@dataclass(frozen=True, kw_only=True)
class RoundStarted(PassageStarted, PeriodStarted):
    """A round of a period starts, the named team attacking."""

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
    """A team took a Match card, from the Pitch (named) or the hidden Match deck (CG-4.2)."""

    kind: ClassVar[str] = "drafted"
    team: str
    source: str
    card: str | None


@dataclass(frozen=True, kw_only=True)
class InjuryTime(Consequence):
    """The last Match cards are drafted: the period is in Injury Time."""

    kind: ClassVar[str] = "injury-time"
    period: int


@dataclass(frozen=True, kw_only=True)
class Played(CardPlayed):
    """A card played from hand, with the values it counts for and how many cards are in play."""

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
    """A team plays no card this turn (CG-4.3)."""

    kind: ClassVar[str] = "passed"
    team: str


@dataclass(frozen=True, kw_only=True)
class Motivated(Consequence):
    """A played player motivated, and the banked points it cost (CG-12.1)."""

    kind: ClassVar[str] = "motivated"
    team: str
    card: str
    cost: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Signed(Consequence):
    """A shown player signed, and the banked points it cost (CG-12.3)."""

    kind: ClassVar[str] = "signed"
    team: str
    card: str
    cost: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Eliminated(PlayerLeft):
    """A played card returned to the box by an ability (CG-13.1)."""

    kind: ClassVar[str] = "card-eliminated"
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "player": "card"}


@dataclass(frozen=True, kw_only=True)
class Discarded(PlayerLeft):
    """A played card sent to its owner's discard pile by an ability (CG-13.1)."""

    kind: ClassVar[str] = "card-discarded"
    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "player": "card"}


@dataclass(frozen=True, kw_only=True)
class PointsGained(Consequence):
    """Points banked by an ability, and the team's bank after them (CG-13.1)."""

    kind: ClassVar[str] = "points-gained"
    team: str
    points: tuple[str, ...]
    bank: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class BankCapped(Consequence):
    """Points an ability would bank beyond the token supply's cap, lost."""

    kind: ClassVar[str] = "bank-capped"
    team: str
    lost: int
    cap: int | None


@dataclass(frozen=True, kw_only=True)
class AttackEnded(Consequence):
    """The Attack Phase ended by a card's ability (CG-4.5)."""

    kind: ClassVar[str] = "attack-ended"
    team: str
    card: str


@dataclass(frozen=True, kw_only=True)
class Injured(Consequence):
    """A random card discarded from the team's hand by an Injury (CG-10.5)."""

    kind: ClassVar[str] = "injury"
    team: str
    card: str | None

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.INJURY, phrase("Injury"))


@dataclass(frozen=True, kw_only=True)
class _Booked(Booking):
    """A booking with the card's printed penalties, its colour said by the subclass (CG-10.1)."""

    stored_as: ClassVar[Mapping[str, str]] = {"side": "team", "pass_": "pass"}
    shot: int
    pass_: int
    defense: int


@dataclass(frozen=True, kw_only=True)
class YellowCard(_Booked):
    """A Yellow card shown to a team's player (CG-10.1)."""

    kind: ClassVar[str] = "yellow-card"
    colour: ClassVar[str] = "yellow"


@dataclass(frozen=True, kw_only=True)
class RedCard(_Booked):
    """A Red card shown: a second Yellow (CG-10.1)."""

    kind: ClassVar[str] = "red-card"
    colour: ClassVar[str] = "red"


BOOKINGS: Mapping[str, type[_Booked]] = {"yellow": YellowCard, "red": RedCard}


@dataclass(frozen=True, kw_only=True)
class YellowRemoved(Consequence):
    """A Yellow card removed by a Substitution (CG-10.1)."""

    kind: ClassVar[str] = "yellow-removed"
    team: str

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.NOTABLE, phrase("Yellow card removed"))


@dataclass(frozen=True, kw_only=True)
class Fatigued(Consequence):
    """A Fatigue card given to a team, into their hand, deck or discard pile (CG-10.2)."""

    kind: ClassVar[str] = "fatigue"
    team: str
    into: str


@dataclass(frozen=True, kw_only=True)
class ControlAndAdvance(Consequence):
    """The attacker keeps possession by a card, and a new round starts (CG-10.3)."""

    kind: ClassVar[str] = "control-and-advance"
    team: str
    card: str


@dataclass(frozen=True, kw_only=True)
class SpecialShot(ShotTaken):
    """A Special Shot taken with a card (CG-11.1)."""

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
    """The Special Shot and the Special Defense shown, and whether the defense blocked (CG-11.2)."""

    kind: ClassVar[str] = "special-revealed"
    attacker: str
    shot: str
    defense: str
    blocked: bool


@dataclass(frozen=True, kw_only=True)
class Declared(Consequence):
    """The attacker's declared shot or pass, with both sides' totals as declared (CG-5.2)."""

    kind: ClassVar[str] = "declared"
    team: str
    action: str
    attack: int
    defense: int


@dataclass(frozen=True, kw_only=True)
class PointsSpent(Consequence):
    """Banked points a team spent on this play (CG-5.3)."""

    kind: ClassVar[str] = "points-spent"
    team: str
    points: int


@dataclass(frozen=True, kw_only=True)
class Rerolled(Consequence):
    """A die of this round rolled again by a card, and its new value (CG-10.6)."""

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
    """The goalkeeper's save roll and what it came to (CG-10.4)."""

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
    """A goal for a team."""

    kind: ClassVar[str] = "goal"
    stored_as: ClassVar[Mapping[str, str]] = TEAM


@dataclass(frozen=True, kw_only=True)
class Ball(Possession):
    """The team that has the ball now."""

    kind: ClassVar[str] = "possession"
    stored_as: ClassVar[Mapping[str, str]] = TEAM


@dataclass(frozen=True, kw_only=True)
class HalfEnded(PeriodEnded):
    """The end of a half, with the score then."""

    kind: ClassVar[str] = "half-ended"
    period: int
    score: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class ExtraTime(PeriodStarted):
    """Extra Time starts after a tied second half, with the score then (CG-8.3)."""

    kind: ClassVar[str] = "extra-time"
    score: Mapping[str, int]

    def phase_name(self) -> str:
        return "Extra Time"

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.NOTABLE, phrase("Extra Time"))


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
