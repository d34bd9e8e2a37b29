"""What a scorer enters: coach decisions, ability effects and die rolls, one dataclass each.

Field order matters: the notation fills leading values without a name in this order, so the
coach always comes first (`play toho "Ken Wakashimazu" 0 0 4`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.actions import ActionCodec
from domain.phrase import phrase
from domain.ruleset import JSON

Side = Literal["nankatsu", "toho"]
Source = Literal["table", "app"]
Point = Literal["shot", "pass", "defense"]


@dataclass(frozen=True)
class Toss:
    """The Possession token flip before kick-off and who won it (CG-3.1)."""

    kind: ClassVar[str] = "toss"
    winner: Side
    source: Source = "table"


@dataclass(frozen=True)
class Signings:
    """The four Signing cards shown before kick-off (CG-12.3)."""

    kind: ClassVar[str] = "signings"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Kickoff:
    """The toss winner's choice of the coach who kicks off (CG-3.1)."""

    kind: ClassVar[str] = "kickoff"
    coach: Side


@dataclass(frozen=True)
class Draft:
    """A coach takes a Match card, face up from the Pitch or hidden from the Match deck (CG-4.2)."""

    kind: ClassVar[str] = "draft"
    coach: Side
    source: Literal["pitch", "deck"]
    card: str | None = None


@dataclass(frozen=True)
class Play:
    """A coach plays a card from hand, with its printed values (CG-4.3)."""

    kind: ClassVar[str] = "play"
    coach: Side
    card: str
    shot: int = 0
    pass_: int = 0
    defense: int = 0
    via: str | None = None


@dataclass(frozen=True)
class Pass:
    """A coach plays no card this turn, nor any more this round (CG-4.3)."""

    kind: ClassVar[str] = "pass"
    coach: Side


@dataclass(frozen=True)
class Gain:
    """A played card's ability banks points of the named types (CG-13.1)."""

    kind: ClassVar[str] = "gain"
    coach: Side
    card: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Eliminate:
    """A played card's ability returns a played card to the box (CG-13.1)."""

    kind: ClassVar[str] = "eliminate"
    coach: Side
    card: str
    target: str
    target_coach: Side | None = None


@dataclass(frozen=True)
class Discard:
    """A played card's ability sends a played card to its owner's discard pile (CG-13.1)."""

    kind: ClassVar[str] = "discard"
    coach: Side
    card: str
    target: str
    target_coach: Side | None = None


@dataclass(frozen=True)
class Draw:
    """A played card's ability draws cards from the coach's deck (CG-13.1)."""

    kind: ClassVar[str] = "draw"
    coach: Side
    card: str
    count: int = 1


@dataclass(frozen=True)
class EndAttack:
    """A played card's ability ends the Attack Phase (CG-4.5)."""

    kind: ClassVar[str] = "end-attack"
    coach: Side
    card: str


@dataclass(frozen=True)
class Injury:
    """A card discards a random card from the opponent's hand (CG-10.5)."""

    kind: ClassVar[str] = "injury"
    coach: Side
    card: str
    discarded: str | None = None


@dataclass(frozen=True)
class Book:
    """A Yellow card for the opponent (a Red on a second), with its printed penalties (CG-10.1)."""

    kind: ClassVar[str] = "book"
    coach: Side
    card: str
    target_coach: Side
    shot: int = 0
    pass_: int = 0
    defense: int = 0


@dataclass(frozen=True)
class Unbook:
    """A Substitution removes a Yellow card (CG-10.1)."""

    kind: ClassVar[str] = "unbook"
    coach: Side
    card: str
    target_coach: Side | None = None


@dataclass(frozen=True)
class Fatigue:
    """A Fatigue card given to the opponent, into their hand, deck or discard pile (CG-10.2)."""

    kind: ClassVar[str] = "fatigue"
    coach: Side
    card: str
    target_coach: Side
    into: Literal["hand", "deck", "discard"] = "discard"


@dataclass(frozen=True)
class ControlAndAdvance:
    """The attacker keeps possession and a new round starts (CG-10.3)."""

    kind: ClassVar[str] = "control-and-advance"
    coach: Side
    card: str


@dataclass(frozen=True)
class SpecialShot:
    """A coach starts a Special Shot with a card (CG-11.1)."""

    kind: ClassVar[str] = "special-shot"
    coach: Side
    card: str


@dataclass(frozen=True)
class SpecialReveal:
    """The Special Shot and the Special Defense shown, and whether the defense blocks (CG-11.2)."""

    kind: ClassVar[str] = "special-reveal"
    shot: str
    defense: str
    blocks: str | None = None


@dataclass(frozen=True)
class Declare:
    """The attacker declares a shot or a pass (CG-5.2)."""

    kind: ClassVar[str] = "declare"
    coach: Side
    action: Literal["shot", "pass"]


@dataclass(frozen=True)
class Spend:
    """A coach spends banked points on this play (CG-5.3)."""

    kind: ClassVar[str] = "spend"
    coach: Side
    points: int


@dataclass(frozen=True)
class Roll:
    """A coach's Shooting or Passing die (CG-5.4)."""

    kind: ClassVar[str] = "roll"
    coach: Side
    value: int
    source: Source = "table"


@dataclass(frozen=True)
class Reroll:
    """A card re-rolls a die of this round: either coach's or the save (CG-10.6)."""

    kind: ClassVar[str] = "reroll"
    coach: Side
    card: str
    die: Literal["nankatsu", "toho", "save"]
    value: int
    source: Source = "table"


@dataclass(frozen=True)
class Save:
    """The goalkeeper's save roll (CG-10.4)."""

    kind: ClassVar[str] = "save"
    coach: Side
    value: int
    source: Source = "table"


@dataclass(frozen=True)
class Resolve:
    """The coaches decline the remaining re-rolls and saves: the phase is settled (CG-5.5)."""

    kind: ClassVar[str] = "resolve"


@dataclass(frozen=True)
class Motivate:
    """A coach motivates a played player, paying banked points (CG-12.1)."""

    kind: ClassVar[str] = "motivate"
    coach: Side
    card: str
    shot: int = 0
    pass_: int = 0
    defense: int = 0
    cost: tuple[Point, ...] = ()


@dataclass(frozen=True)
class Sign:
    """A coach signs a shown player, paying banked points, perhaps in place of a card (CG-12.3)."""

    kind: ClassVar[str] = "sign"
    coach: Side
    card: str
    shot: int = 0
    pass_: int = 0
    defense: int = 0
    cost: tuple[Point, ...] = ()
    replaces: str | None = None


@dataclass(frozen=True)
class EtKickoff:
    """Who attacks first in Extra Time, chosen at random (CG-9.3)."""

    kind: ClassVar[str] = "et-kickoff"
    coach: Side
    source: Source = "table"


ACTION_CLASSES: tuple[type, ...] = (
    Toss,
    Signings,
    Kickoff,
    Draft,
    Play,
    Pass,
    Gain,
    Eliminate,
    Discard,
    Draw,
    EndAttack,
    Injury,
    Book,
    Unbook,
    Fatigue,
    ControlAndAdvance,
    SpecialShot,
    SpecialReveal,
    Declare,
    Spend,
    Roll,
    Reroll,
    Save,
    Resolve,
    Motivate,
    Sign,
    EtKickoff,
)

CODEC = ActionCodec(ACTION_CLASSES)

HELP = {
    "toss": phrase("CG-3.1 the Possession token flip: winner [source=table|app]"),
    "signings": phrase("CG-12.3 the 4 Signing cards shown before kick-off: cards=A,B,C,D"),
    "kickoff": phrase("CG-3.1 the toss winner's choice of who kicks off: coach"),
    "draft": phrase(
        "CG-4.2 take a Match card: coach source=pitch|deck [card] (name only from the Pitch)"
    ),
    "play": phrase("CG-4.3 play a card from hand: coach card shot pass defense [via=card]"),
    "pass": phrase("CG-4.3 play no card this turn (and no more this round): coach"),
    "gain": phrase("CG-13.1 bank points by an ability: coach card points=shot,pass,defense"),
    "eliminate": phrase(
        "CG-13.1 return a played card to the box: coach card target [target_coach]"
    ),
    "discard": phrase(
        "CG-13.1 send a played card to its owner's discard pile: coach card target [target_coach]"
    ),
    "draw": phrase("CG-13.1 draw cards by an ability: coach card [count]"),
    "end-attack": phrase("CG-4.5 end the Attack Phase by an ability: coach card"),
    "injury": phrase(
        "CG-10.5 discard a random card from the opponent's hand: coach card [discarded]"
    ),
    "book": phrase(
        "CG-10.1 give a yellow card (a red on a second yellow): coach card "
        "target_coach shot pass defense (the printed penalties, 0 or less)"
    ),
    "unbook": phrase("CG-10.1 remove a yellow card (Substitution): coach card [target_coach]"),
    "fatigue": phrase(
        "CG-10.2 give a Fatigue card: coach card target_coach into=hand|deck|discard"
    ),
    "control-and-advance": phrase("CG-10.3 the attacker keeps possession, new round: coach card"),
    "special-shot": phrase("CG-11.1 start a Special Shot: coach card"),
    "special-reveal": phrase(
        "CG-11.2 the Special Shot and Special Defense shown: shot defense [blocks]"
    ),
    "declare": phrase("CG-5.2 the attacker declares: coach action=shot|pass"),
    "spend": phrase("CG-5.3 spend banked points on this play: coach points"),
    "roll": phrase("CG-5.4 a Shooting/Passing die: coach value [source]"),
    "reroll": phrase(
        "CG-10.6 re-roll a die of this round: coach card die=nankatsu|toho|save value [source]"
    ),
    "save": phrase("CG-10.4 the goalkeeper's save roll: coach value [source]"),
    "resolve": phrase("CG-5.5 decline the remaining re-rolls and saves and settle the phase"),
    "motivate": phrase("CG-12.1 motivate a played player: coach card shot pass defense cost=types"),
    "sign": phrase(
        "CG-12.3 sign a shown player: coach card shot pass defense cost=types [replaces]"
    ),
    "et-kickoff": phrase(
        "CG-9.3 who attacks first in Extra Time, chosen at random: coach [source]"
    ),
}

# Every card prints its Shot, Pass and Defense (CG-1.3; 0 is a printed value), except a
# Fatigue card, which has none (CG-10.2). The codec defaults them to 0 only so that match
# files, which leave a 0 out, still read: a scorer says all three.
PRINTED = ("shot", "pass", "defense")
PRINTED_ON = ("play", "motivate", "sign", "book")


def printed_values_left_out(data: Mapping[str, JSON]) -> tuple[str, ...]:
    """The printed values an entry leaves out that the card carries (none for Fatigue)."""
    if data.get("kind") not in PRINTED_ON:
        return ()
    card = data.get("card")
    if (
        data.get("kind") == "play"
        and isinstance(card, str)
        and card.strip().casefold() == "fatigue"
    ):
        return ()
    return tuple(name for name in PRINTED if name not in data)


FIELD_HELP = {
    "coach": phrase("the team making the entry"),
    "winner": phrase("the team that won the Possession token flip"),
    "card": phrase("the card's name as printed"),
    "shot": phrase("the card's printed Shot value (0 if it prints none)"),
    "pass": phrase("the card's printed Pass value (0 if it prints none)"),
    "defense": phrase("the card's printed Defense value (0 if it prints none)"),
    "book.shot": phrase("the Yellow/Red card's printed Shot penalty (0 or less)"),
    "book.pass": phrase("the Yellow/Red card's printed Pass penalty (0 or less)"),
    "book.defense": phrase("the Yellow/Red card's printed Defense penalty (0 or less)"),
    "via": phrase("the played card whose ability plays this one"),
    "source": phrase("table: rolled or drawn at the table; app: drawn by Touchline (`?`)"),
    "draft.source": phrase("pitch: a face-up card of the Pitch; deck: the hidden Match deck"),
    "draft.card": phrase("the Pitch card taken (only from the Pitch)"),
    "cards": phrase("the cards shown, comma-separated"),
    "points": phrase("the point types, comma-separated (shot, pass, defense)"),
    "cost": phrase("the point types paid, comma-separated (shot, pass, defense)"),
    "target": phrase("the played card it acts on"),
    "target_coach": phrase("the team whose card or player it acts on"),
    "count": phrase("how many cards"),
    "discarded": phrase("the card that was discarded"),
    "into": phrase("where the Fatigue card goes"),
    "action": phrase("what the attacker declares"),
    "spend.points": phrase("how many banked points are spent"),
    "value": phrase("the die as rolled (the N/T face counts 6)"),
    "die": phrase("which die is re-rolled: a team's die or the save"),
    "replaces": phrase("the card the signed player replaces"),
    "special-reveal.shot": phrase("the Special Shot card shown"),
    "special-reveal.defense": phrase("the Special Defense card shown"),
    "blocks": phrase("the Special Shot the Special Defense blocks"),
}
