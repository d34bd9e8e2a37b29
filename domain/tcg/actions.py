"""What a scorer enters: coach decisions and die rolls, one dataclass each.

Field order matters: the notation fills leading values without a name in this order, so the
side always comes first (`move home "Tsubasa Ozora" c4`). Cards in hand are secret: an entry
names a card only when it is shown (played, flipped, revealed, discarded to the trash).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.actions import ActionCodec
from domain.phrase import phrase

Side = Literal["home", "away"]
Source = Literal["table", "app"]


@dataclass(frozen=True)
class Place:
    kind: ClassVar[str] = "place"
    side: Side
    player: str
    area: str


@dataclass(frozen=True)
class Toss:
    kind: ClassVar[str] = "toss"
    winner: Side
    source: Source = "table"


@dataclass(frozen=True)
class Kickoff:
    kind: ClassVar[str] = "kickoff"
    side: Side
    player: str


@dataclass(frozen=True)
class Discard:
    kind: ClassVar[str] = "discard"
    side: Side
    card: str


@dataclass(frozen=True)
class Move:
    kind: ClassVar[str] = "move"
    side: Side
    player: str
    to: str


@dataclass(frozen=True)
class Pass:
    kind: ClassVar[str] = "pass"
    side: Side
    receiver: str


@dataclass(frozen=True)
class Shoot:
    kind: ClassVar[str] = "shoot"
    side: Side


@dataclass(frozen=True)
class Tackle:
    kind: ClassVar[str] = "tackle"
    side: Side
    player: str


@dataclass(frozen=True)
class PassCut:
    kind: ClassVar[str] = "pass-cut"
    side: Side
    player: str


@dataclass(frozen=True)
class EndPhase:
    kind: ClassVar[str] = "end"
    side: Side


@dataclass(frozen=True)
class Supporter:
    kind: ClassVar[str] = "supporter"
    side: Side
    card: str


@dataclass(frozen=True)
class Tactics:
    kind: ClassVar[str] = "tactics"
    side: Side
    card: str


@dataclass(frozen=True)
class SetReverse:
    kind: ClassVar[str] = "set-reverse"
    side: Side


@dataclass(frozen=True)
class DropReverse:
    kind: ClassVar[str] = "drop-reverse"
    side: Side
    slot: int


@dataclass(frozen=True)
class RankChange:
    kind: ClassVar[str] = "rank-change"
    side: Side
    player: str
    card: str


@dataclass(frozen=True)
class Flip:
    kind: ClassVar[str] = "flip"
    side: Side
    slot: int
    card: str
    bonus: int = 0
    cost: int = 0  # what the card's printed cost asks (TCG-8.7); most reverse cards are free


@dataclass(frozen=True)
class NoFlip:
    kind: ClassVar[str] = "no-flip"
    side: Side


@dataclass(frozen=True)
class BattleCard:
    kind: ClassVar[str] = "battle-card"
    side: Side
    card: str


@dataclass(frozen=True)
class Support:
    kind: ClassVar[str] = "support"
    side: Side
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class TieDice:
    kind: ClassVar[str] = "tie-dice"
    dice: tuple[int, ...]
    source: Source = "table"


@dataclass(frozen=True)
class Land:
    kind: ClassVar[str] = "land"
    roll: int
    area: str
    source: Source = "table"


@dataclass(frozen=True)
class Gather:
    kind: ClassVar[str] = "gather"
    side: Side
    player: str


@dataclass(frozen=True)
class Restart:
    kind: ClassVar[str] = "restart"
    side: Side
    player: str


@dataclass(frozen=True)
class Substitute:
    kind: ClassVar[str] = "substitute"
    side: Side
    player: str
    card: str


@dataclass(frozen=True)
class Kickers:
    kind: ClassVar[str] = "kickers"
    side: Side
    players: tuple[str, ...]


@dataclass(frozen=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    side: Side
    dice: tuple[int, ...]
    source: Source = "table"


ACTION_CLASSES: tuple[type, ...] = (
    Place,
    Toss,
    Kickoff,
    Discard,
    Move,
    Pass,
    Shoot,
    Tackle,
    PassCut,
    EndPhase,
    Supporter,
    Tactics,
    SetReverse,
    DropReverse,
    RankChange,
    Flip,
    NoFlip,
    BattleCard,
    Support,
    TieDice,
    Land,
    Gather,
    Restart,
    Substitute,
    Kickers,
    Penalty,
)

CODEC = ActionCodec(ACTION_CLASSES)

HELP = {
    "place": phrase(
        "TCG-3.2 place a starter in its zone: side player area (a1..e9, or goal for the GK)"
    ),
    "toss": phrase("TCG-3.3 who has the ball at the start: winner [source=table|app]"),
    "kickoff": phrase("TCG-3.3 give the ball to a player and attack: side player"),
    "discard": phrase("TCG-5.2 discard down to 6 after the draw: side card"),
    "move": phrase("TCG-6.2 move a field player (1 cost an area, 2 areas a phase): side player to"),
    "pass": phrase("TCG-6.2 pass to a teammate (the distance; 1 within an area): side receiver"),
    "shoot": phrase("TCG-6.2 the ball holder shoots (the distance to the goal mouth): side"),
    "tackle": phrase("TCG-6.2 tackle the ball holder (reach + 1): side player"),
    "pass-cut": phrase("TCG-6.2 cut the pass at its receiver (reach + 1): side player"),
    "end": phrase("TCG-5.3 end the phase: side"),
    "supporter": phrase("TCG-8.5 use a supporter card (gains its printed cost): side card"),
    "tactics": phrase("TCG-8.6 use a tactics card (pays its printed cost): side card"),
    "set-reverse": phrase("TCG-8.7 set a reverse card face down: side"),
    "drop-reverse": phrase("TCG-5.3 discard a set reverse card: side slot (1 = the oldest)"),
    "rank-change": phrase(
        "TCG-8.3 swap a field player for a same-name card from hand: side player card"
    ),
    "flip": phrase("TCG-7.2 flip a set reverse card: side slot card [bonus=its effect] [cost=N]"),
    "no-flip": phrase("TCG-7.2 flip no reverse card in this battle: side"),
    "battle-card": phrase("TCG-7.3 the battle card set and revealed: side card"),
    "support": phrase("TCG-7.5 the receiver's supporting players (+1 each): side [players=A,B]"),
    "tie-dice": phrase(
        "TCG-7.6 dice deciding a tie: dice (challenger,receiver; one die for single-die)"
    ),
    "land": phrase("TCG-7.6 where the punched ball lands: roll area [source]"),
    "gather": phrase("TCG-7.6 the player who takes the punched ball: side player"),
    "restart": phrase("TCG-7.6 the goal kick or out-of-play restart: side player"),
    "substitute": phrase("TCG-8.3 bring a player on from hand while play is out: side player card"),
    "kickers": phrase("TCG-9.1 the 5 penalty takers in order: side players=A,B,C,D,E"),
    "penalty": phrase("TCG-9.2 a penalty kick: side dice=kicker,keeper [source]"),
}

FIELD_HELP = {
    "side": phrase("the side making the entry (home or away)"),
    "winner": phrase("the side that has the ball at the start"),
    "player": phrase("the player card's name as printed"),
    "area": phrase("the zone, a1..e9 (goal for the goalkeeper)"),
    "to": phrase("the zone moved to, a1..e9"),
    "receiver": phrase("the teammate who receives the pass"),
    "card": phrase("the card's name as printed"),
    "slot": phrase("the reverse card's slot (1 = the oldest)"),
    "bonus": phrase("the reverse card's effect on the stat"),
    "flip.cost": phrase("what the reverse card costs to use, as printed (0 for most: TCG-8.7)"),
    "players": phrase("the players, comma-separated, in order"),
    "dice": phrase("the dice, comma-separated; ? lets the app roll"),
    "roll": phrase("the die deciding where the ball lands"),
    "land.area": phrase("the zone where the punched ball lands"),
    "source": phrase("table: rolled at the table; app: rolled by Touchline (`?`)"),
}
