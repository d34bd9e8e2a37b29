"""The immutable game state: the team boards, the line of five, the deck counts, the duel."""

from __future__ import annotations

from dataclasses import dataclass

from domain.frozen import replace
from domain.king_of_the_pitch.setup import KingSetup
from domain.king_of_the_pitch.values import BOARD_SIZE
from domain.king_of_the_pitch.words import title, word
from domain.phrase import phrase

LINE_SIZE = 5
CAPTAIN_CARDS = 5  # KP-1.1: 5 captain players, one per position group (KP-8.2)
PLAYER_CARDS = {"gold": 11, "silver": 22, "bronze": 33}  # KP-1.1
# KP-3.1 (MATCH, V.A.R., BONUS) and KP-3.2 starting cubes (gold, silver, bronze) by team count.
EVENT_CARDS = {2: (15, 2, 2), 3: (17, 3, 3), 4: (19, 4, 4), 5: (21, 5, 5)}
STARTING_CUBES = {2: (1, 1, 1), 3: (1, 1, 2), 4: (1, 2, 2), 5: (2, 2, 2)}
CARD_TYPES = ("player", "match", "var", "bonus", "captain-transfer")
CARD_NAMES = {
    "match": phrase("MATCH"),
    "var": phrase("V.A.R."),
    "bonus": phrase("BONUS"),
    "captain-transfer": phrase("CAPTAIN TRANSFER"),
}


@dataclass(frozen=True)
class Cubes:
    gold: int = 0
    silver: int = 0
    bronze: int = 0

    def get(self, colour: str) -> int:
        return int(getattr(self, colour))

    def add(self, colour: str, count: int) -> Cubes:
        # Never below zero: a table that overrides a payment it cannot make pays what it has.
        return replace(self, **{colour: max(0, self.get(colour) + count)})

    def describe(self) -> str:
        return phrase(
            "{gold} gold, {silver} silver, {bronze} bronze",
            gold=self.gold,
            silver=self.silver,
            bronze=self.bronze,
        )


@dataclass(frozen=True)
class Card:
    type: str
    colour: str | None = None  # player cards: gold, silver or bronze
    position: int | None = None  # player cards: the board position 1-11
    price: tuple[str, ...] = ()  # the cubes pictured on the card

    @property
    def category(self) -> str:
        """The deck count it comes out of: a player colour or the event card type."""
        return self.colour if self.type == "player" and self.colour else self.type

    def describe(self, first: bool = False) -> str:
        """`gold player no. 9`, `MATCH card`; `first`: as a sentence begins (`Gold player`)."""
        if self.type == "player":
            colour = self.colour or ""
            return phrase(
                "{colour} player no. {position}",
                colour=title(colour) if first else word(colour),
                position=self.position,
            )
        return phrase("{card} card", card=CARD_NAMES[self.type])


@dataclass(frozen=True)
class Team:
    colour: str
    cubes: Cubes
    # KP-3.4: each board starts with 11 white players (value 0), both columns at the base.
    chips: tuple[str, ...] = ("white",) * BOARD_SIZE  # by position 1-11
    defense: int = 0
    attack: int = 0
    hand: tuple[Card, ...] = ()  # the player cards in hand (KP-4.1), captains apart
    # KP-8.1 the team's CAPTAIN card, dealt face down: it is in the hand (the table sees one
    # more card there) but nobody else knows which captain it is until it is used (KP-8.3).
    captain_card: bool = False
    match: int = 0
    var: int = 0
    bonus: int = 0
    crowns: int = 0
    captain: int | None = None  # the position of the placed captain chip

    def chip(self, position: int) -> str:
        return self.chips[position - 1]

    @property
    def cards_in_hand(self) -> int:
        """What the table sees of the hand: its player cards and the secret captain card."""
        return len(self.hand) + int(self.captain_card)

    def holds(self, colour: str, position: int) -> bool:
        return any(c.colour == colour and c.position == position for c in self.hand)


@dataclass(frozen=True)
class Deck:
    """Cards still face down, by category (KP-3.1); identities arrive with each reveal."""

    gold: int = 0
    silver: int = 0
    bronze: int = 0
    match: int = 0
    var: int = 0
    bonus: int = 0
    transfer: int = 0

    def left(self, category: str) -> int:
        return int(getattr(self, _deck_field(category)))

    def draw(self, category: str) -> Deck:
        return replace(self, **{_deck_field(category): max(0, self.left(category) - 1)})

    @property
    def total(self) -> int:
        events = self.match + self.var + self.bonus + self.transfer
        return self.gold + self.silver + self.bronze + events


def _deck_field(category: str) -> str:
    return "transfer" if category == "captain-transfer" else category


@dataclass(frozen=True)
class Duel:
    challenger: str
    king: str
    to_declare: tuple[str, ...] = ()  # challenger first, the King decides second (KP-6.3)
    var: tuple[str, ...] = ()
    bonus: tuple[str, ...] = ()
    faces: tuple[tuple[str, tuple[int, ...]], ...] = ()  # the dice each team rolls
    dice: tuple[tuple[str, tuple[int, ...]], ...] = ()
    rerolled: tuple[str, ...] = ()
    var_due: str | None = None
    penalties: tuple[tuple[str, int], ...] = ()  # this shoot-out round's kicks
    shootout_round: int = 0

    @property
    def teams(self) -> tuple[str, str]:
        return (self.challenger, self.king)

    def rival(self, colour: str) -> str:
        return self.king if colour == self.challenger else self.challenger

    def faces_of(self, colour: str) -> tuple[int, ...]:
        return dict(self.faces).get(colour, ())

    def dice_of(self, colour: str) -> tuple[int, ...] | None:
        return dict(self.dice).get(colour)


@dataclass(frozen=True)
class KingState:
    setup: KingSetup
    phase: str  # opening, reveal, turn, declare, roll, var, shoot-out, over
    teams: tuple[Team, ...]
    deck: Deck
    line: tuple[Card, ...] = ()  # slot 1 (the free end) first, the newest card last
    discard: int = 0
    king: str | None = None
    turn: str | None = None  # whose turn it is, or whose turn comes once the line is full
    contenders: tuple[str, ...] = ()  # KP-3.5 the teams still rolling for the first King
    opening_rolls: tuple[tuple[str, int], ...] = ()
    duel: Duel | None = None
    winner: str | None = None
    turns: int = 0
    # KP-8.1: with 4 teams the fifth CAPTAIN card is set aside unseen, out of the game.
    captains_aside: int = 0

    def team(self, colour: str) -> Team:
        return next(t for t in self.teams if t.colour == colour)

    def with_team(self, team: Team) -> KingState:
        teams = tuple(team if t.colour == team.colour else t for t in self.teams)
        return replace(self, teams=teams)

    def label(self, colour: str) -> str:
        return self.setup.label(colour)

    def next_after(self, colour: str) -> str:
        seats = self.setup.colours
        return seats[(seats.index(colour) + 1) % len(seats)]

    @property
    def score(self) -> dict[str, int]:
        return {t.colour: t.crowns for t in self.teams}

    @property
    def needs_refill(self) -> bool:
        return len(self.line) < LINE_SIZE and self.deck.total > 0


def new_deck(setup: KingSetup) -> Deck:
    match, var, bonus = EVENT_CARDS[len(setup.teams)]
    transfer = len(setup.teams) if setup.captains else 0  # KP-3.3
    return Deck(**PLAYER_CARDS, match=match, var=var, bonus=bonus, transfer=transfer)


def initial_state(setup: KingSetup) -> KingState:
    gold, silver, bronze = STARTING_CUBES[len(setup.teams)]
    cubes = Cubes(gold, silver, bronze)
    # KP-8.1, source: "Every team will be dealt ramdonly a CAPTAIN card. That card will be kept
    # secret until they are used. For 4 players game, the remaining CAPTAIN card will be put
    # aside without revealing it."
    dealt = setup.captains
    return KingState(
        setup=setup,
        phase="opening",
        teams=tuple(Team(colour, cubes, captain_card=dealt) for colour in setup.colours),
        deck=new_deck(setup),
        contenders=setup.colours,
        captains_aside=CAPTAIN_CARDS - len(setup.teams) if dealt else 0,
    )
