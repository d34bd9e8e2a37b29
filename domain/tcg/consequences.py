"""Captain Tsubasa TCG's consequences: each kind it stores, as a declared type.

Sides are "home" and "away", stored under `side`. Battles count for both sides; a battle is
won by the shooter on a goal, the keeper's side on a catch, the challenger on a won tackle or
pass cut, and the receiver when it keeps the ball (a punch is won by nobody: the dice decide
where the ball lands). The landing die of a punch is the table's, not a coach's: it is no
DieRolled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from domain.consequences import (
    Consequence,
    Goal,
    Mark,
    MarkKind,
    MatchEnded,
    PeriodEnded,
    PeriodStarted,
    Pitch,
    ShotTaken,
    Tally,
)
from domain.phrase import phrase

SIDES = ("home", "away")


class BattleWon(Consequence):
    """A consequence that settles a battle in favour of its `side`."""

    side: str

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "battles_won"),)


@dataclass(frozen=True, kw_only=True)
class Placed(Consequence):
    kind: ClassVar[str] = "placed"
    side: str
    player: str


@dataclass(frozen=True, kw_only=True)
class TossWon(Consequence):
    kind: ClassVar[str] = "toss"
    winner: str


@dataclass(frozen=True, kw_only=True)
class KickedOff(Consequence):
    kind: ClassVar[str] = "kick-off"
    side: str
    player: str | None
    half: int


@dataclass(frozen=True, kw_only=True)
class Restarted(Consequence):
    kind: ClassVar[str] = "restart"
    side: str
    player: str | None


@dataclass(frozen=True, kw_only=True)
class Gathered(Consequence):
    kind: ClassVar[str] = "gathered"
    side: str
    player: str


@dataclass(frozen=True, kw_only=True)
class Substitution(Consequence):
    kind: ClassVar[str] = "substitution"
    side: str
    off: str
    on: str
    count: int

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "substitutions"),)

    def timeline_mark(self) -> Mark:
        return Mark(MarkKind.SUBSTITUTION, phrase("Substitution"))


@dataclass(frozen=True, kw_only=True)
class Discarded(Consequence):
    kind: ClassVar[str] = "discarded"
    side: str
    card: str


@dataclass(frozen=True, kw_only=True)
class CardsDrawn(Consequence):
    kind: ClassVar[str] = "cards-drawn"
    side: str
    drawn: int


@dataclass(frozen=True, kw_only=True)
class TurnStarted(PeriodStarted):
    kind: ClassVar[str] = "turn-started"
    turn: int
    half: int
    attacker: str

    def phase_name(self) -> str:
        return f"half {self.half}, turn {self.turn}"


@dataclass(frozen=True, kw_only=True)
class HalfEnded(PeriodEnded):
    kind: ClassVar[str] = "half-ended"
    half: int
    score: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class FullTime(MatchEnded):
    kind: ClassVar[str] = "match-ended"
    score: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class Moved(Consequence):
    kind: ClassVar[str] = "moved"
    stored_as: ClassVar[Mapping[str, str]] = {"from_": "from"}
    side: str
    player: str
    from_: str
    to: str
    cost: int
    dribble: bool


@dataclass(frozen=True, kw_only=True)
class Passed(Consequence):
    kind: ClassVar[str] = "passed"
    stored_as: ClassVar[Mapping[str, str]] = {"from_": "from"}
    side: str
    from_: str
    to: str
    cost: int

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "passes"),)


@dataclass(frozen=True, kw_only=True)
class Shot(ShotTaken):
    kind: ClassVar[str] = "shot"
    cost: int

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (Tally(self.side, "shots", (self.player,)),)


@dataclass(frozen=True, kw_only=True)
class _Challenge(Consequence):
    side: str
    player: str
    target: str
    cost: int


@dataclass(frozen=True, kw_only=True)
class TackleDeclared(_Challenge):
    kind: ClassVar[str] = "tackle-declared"


@dataclass(frozen=True, kw_only=True)
class PassCutDeclared(_Challenge):
    kind: ClassVar[str] = "pass-cut-declared"


CHALLENGES: Mapping[str, type[_Challenge]] = {
    "tackle": TackleDeclared,
    "pass-cut": PassCutDeclared,
}


@dataclass(frozen=True, kw_only=True)
class BattleStarted(Consequence):
    kind: ClassVar[str] = "battle-started"
    battle: str
    challenger: str
    challenger_player: str
    receiver_player: str
    stored_as: ClassVar[Mapping[str, str]] = {"battle": "kind"}


@dataclass(frozen=True, kw_only=True)
class ReverseFlipped(Consequence):
    kind: ClassVar[str] = "reverse-flipped"
    side: str
    card: str
    bonus: int


@dataclass(frozen=True, kw_only=True)
class BattleCard(Consequence):
    kind: ClassVar[str] = "battle-card"
    side: str
    card: str
    battle_point: int


@dataclass(frozen=True, kw_only=True)
class Support(Consequence):
    kind: ClassVar[str] = "support"
    side: str
    players: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Battle(Consequence):
    """A battle judged; it counts for both sides, and as a battle of its kind."""

    kind: ClassVar[str] = "battle"
    stored_as: ClassVar[Mapping[str, str]] = {"battle": "kind"}
    battle: str
    challenger: str
    challenger_total: int
    receiver_total: int
    one_beats_eight: bool

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        of_kind = f"{self.battle.replace('-', '_')}_battles"
        return tuple(Tally(side, stat) for side in SIDES for stat in ("battles", of_kind))


@dataclass(frozen=True, kw_only=True)
class Scored(Goal, BattleWon):
    kind: ClassVar[str] = "goal"

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        return (*Goal.tallies(self, pitch), Tally(self.side, "battles_won"))


@dataclass(frozen=True, kw_only=True)
class Catch(BattleWon):
    kind: ClassVar[str] = "catch"
    side: str
    keeper: str


@dataclass(frozen=True, kw_only=True)
class Punch(Consequence):
    kind: ClassVar[str] = "punch"
    side: str
    keeper: str


@dataclass(frozen=True, kw_only=True)
class _BallWon(BattleWon):
    side: str
    player: str


@dataclass(frozen=True, kw_only=True)
class TackleWon(_BallWon):
    kind: ClassVar[str] = "tackle-won"


@dataclass(frozen=True, kw_only=True)
class PassCut(_BallWon):
    kind: ClassVar[str] = "pass-cut"


BALL_WON: Mapping[str, type[_BallWon]] = {"tackle": TackleWon, "pass-cut": PassCut}


@dataclass(frozen=True, kw_only=True)
class OutOfPlay(Consequence):
    kind: ClassVar[str] = "out-of-play"
    side: str


@dataclass(frozen=True, kw_only=True)
class BallKept(BattleWon):
    kind: ClassVar[str] = "ball-kept"
    side: str


@dataclass(frozen=True, kw_only=True)
class TieDice(Consequence):
    kind: ClassVar[str] = "tie-dice"
    dice: tuple[int, ...]
    source: str


@dataclass(frozen=True, kw_only=True)
class BallLanded(Consequence):
    kind: ClassVar[str] = "ball-landed"
    area: str
    roll: int
    source: str


@dataclass(frozen=True, kw_only=True)
class Kickers(Consequence):
    kind: ClassVar[str] = "kickers"
    side: str
    players: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class ShootOutKick(Consequence):
    kind: ClassVar[str] = "shoot-out-kick"
    side: str
    kicker: str
    scored: bool
    dice: tuple[int, ...]
    source: str
    penalties: Mapping[str, int]

    def tallies(self, pitch: Pitch) -> tuple[Tally, ...]:
        counted = [Tally(self.side, "penalties_taken", (self.kicker,))]
        if self.scored:
            counted.append(Tally(self.side, "penalties_scored", (self.kicker,)))
        return tuple(counted)

    def timeline_mark(self) -> Mark:
        said = phrase("Penalty scored") if self.scored else phrase("Penalty missed")
        return Mark(MarkKind.SHOOT_OUT, said)


@dataclass(frozen=True, kw_only=True)
class Supporter(Consequence):
    kind: ClassVar[str] = "supporter"
    side: str
    card: str


@dataclass(frozen=True, kw_only=True)
class Tactics(Consequence):
    kind: ClassVar[str] = "tactics"
    side: str
    card: str


@dataclass(frozen=True, kw_only=True)
class ReverseSet(Consequence):
    kind: ClassVar[str] = "reverse-set"
    side: str
    set: int


@dataclass(frozen=True, kw_only=True)
class ReverseDropped(Consequence):
    kind: ClassVar[str] = "reverse-dropped"
    side: str


@dataclass(frozen=True, kw_only=True)
class RankChange(Consequence):
    kind: ClassVar[str] = "rank-change"
    side: str
    player: str
    card: str
