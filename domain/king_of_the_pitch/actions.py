"""What a scorer enters: each coach decision and each roll, one dataclass per kind.

Field order matters: the notation fills leading values without a name in this order, so the
team always comes first (`roll blue 6,3,1`, `take green 3`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.actions import ActionCodec
from domain.phrase import phrase

Colour = Literal["blue", "green", "yellow", "red", "orange"]
CardType = Literal["player", "match", "var", "bonus", "captain-transfer"]
Metal = Literal["gold", "silver", "bronze"]
Source = Literal["table", "app"]


@dataclass(frozen=True)
class Roll:
    """A team's whole roll: the opening d6 (KP-3.5) or its duel dice, the d8 last (KP-5.2)."""

    kind: ClassVar[str] = "roll"
    team: Colour
    dice: tuple[int, ...]
    source: Source = "table"


@dataclass(frozen=True)
class Reveal:
    kind: ClassVar[str] = "reveal"
    card: CardType
    colour: Metal | None = None
    position: int | None = None
    price: tuple[Metal, ...] = ()


@dataclass(frozen=True)
class Take:
    kind: ClassVar[str] = "take"
    team: Colour
    slot: int
    captain: int | None = None  # where the captain goes when the card is a CAPTAIN TRANSFER


@dataclass(frozen=True)
class Sign:
    kind: ClassVar[str] = "sign"
    team: Colour
    colour: Metal
    position: int


@dataclass(frozen=True)
class SellChip:
    kind: ClassVar[str] = "sell-chip"
    team: Colour
    position: int


@dataclass(frozen=True)
class SellCard:
    kind: ClassVar[str] = "sell-card"
    team: Colour
    colour: Metal
    position: int


@dataclass(frozen=True)
class Challenge:
    kind: ClassVar[str] = "challenge"
    team: Colour


@dataclass(frozen=True)
class Transfer:
    kind: ClassVar[str] = "transfer"
    team: Colour
    position: int


@dataclass(frozen=True)
class Declare:
    kind: ClassVar[str] = "declare"
    team: Colour
    var: bool = False
    bonus: bool = False


@dataclass(frozen=True)
class Reroll:
    kind: ClassVar[str] = "reroll"
    team: Colour
    die: int
    source: Source = "table"


@dataclass(frozen=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    team: Colour
    die: int
    source: Source = "table"


@dataclass(frozen=True)
class Pass:
    kind: ClassVar[str] = "pass"
    team: Colour


CODEC = ActionCodec(
    [
        Roll,
        Reveal,
        Take,
        Sign,
        SellChip,
        SellCard,
        Challenge,
        Transfer,
        Declare,
        Reroll,
        Penalty,
        Pass,
    ]
)

HELP = {
    "roll": phrase(
        "KP-3.5/KP-5.3 a team's roll, every die at once (the d8 last): team dice=6,3,1 [source]"
    ),
    "reveal": phrase(
        "KP-3.6/KP-4.1 the card turned face up into the line: "
        "card=player|match|var|bonus|captain-transfer "
        "[colour=gold|silver|bronze position=1-11] [price=cubes, e.g. "
        "silver,bronze]"
    ),
    "take": phrase(
        "KP-4.1 take the card in a slot of the line (slot 1, the end, is "
        "free): team slot [captain=position for a CAPTAIN TRANSFER card]"
    ),
    "sign": phrase(
        "KP-4.3 exchange a player card for a chip on its position: team colour position"
    ),
    "sell-chip": phrase("KP-4.4 exchange a player chip for a cube of its colour: team position"),
    "sell-card": phrase(
        "KP-4.5 exchange a player card for a cube of its colour: team colour position"
    ),
    "challenge": phrase("KP-4.6 play a MATCH card against the King of the Pitch: team"),
    "transfer": phrase("KP-8.3 pay 2 gold cubes to place the captain chip: team position"),
    "declare": phrase(
        "KP-6 V.A.R. and BONUS declared before the duel: team var=yes|no bonus=yes|no"
    ),
    "reroll": phrase("KP-6.1 the V.A.R. re-roll of the lowest die: team die [source]"),
    "penalty": phrase("KP-5.4 a penalty shoot-out d6: team die [source]"),
    "pass": phrase("KP-4 a team with no possible action lets its turn go: team"),
}

FIELD_HELP = {
    "team": phrase("the team (by colour) making the entry"),
    "dice": phrase("every die of the roll, comma-separated (the d8 last); ? lets the app roll"),
    "source": phrase("table: rolled at the table; app: rolled by Touchline (`?`)"),
    "card": phrase("the kind of card turned face up"),
    "colour": phrase("the player's metal colour"),
    "position": phrase("the position number on the board (1-11)"),
    "price": phrase("the cubes it costs, comma-separated"),
    "slot": phrase("the slot of the line (1, the end, is free)"),
    "captain": phrase("where the captain goes (a CAPTAIN TRANSFER card)"),
    "var": phrase("whether the team declares V.A.R."),
    "bonus": phrase("whether the team declares a BONUS"),
    "reroll.die": phrase("the re-rolled die as it fell"),
    "penalty.die": phrase("the penalty d6 as it fell"),
}
