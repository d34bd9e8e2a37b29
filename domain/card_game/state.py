"""The immutable match state: public counts per coach, the play areas, the round in progress.

Hands are secret, so a coach's hand, draw deck, discard pile and eliminated cards are counts;
only cards shown on the table (play areas, named drafts, bookings) carry names.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.card_game.setup import TEAMS, CardGameSetup
from domain.frozen import replace
from domain.names import name_key
from domain.phrase import phrase
from domain.printed import NO_CARDS, CardLibrary

HAND_SIZE = 4
PITCH_SIZE = 4
# CG-1.2 shared components: 26 Match cards, 13 a half, and 8 Fatigue cards (the 2 Yellow/Red
# cards are one `Booking` a coach: yellow, flipped to red).
MATCH_DECK = 13
REMOVED_AT_SETUP = 1  # CG-2.1 one card of each Match deck goes back to the box, unseen
REMOVED_IN_FIRST_MATCH = 4
TEAM_CARDS = 12  # CG-2.4 each coach's Draw Deck: the 12 team cards
FATIGUE_CARDS = 8
MOTIVATION_CARDS = 4
SPECIAL_CARDS = 3
ET_ROUNDS_PER_HALF = 2  # CG-9.2 two halves of 2 rounds each
PERIOD_NAMES = {
    1: phrase("1st half"),
    2: phrase("2nd half"),
    3: phrase("Extra Time 1st half"),
    4: phrase("Extra Time 2nd half"),
}


def other(side: str) -> str:
    return "toho" if side == "nankatsu" else "nankatsu"


def team(side: str) -> str:
    return TEAMS[side]


@dataclass(frozen=True)
class Bank:
    """A coach's banked Shot, Pass and Defense points."""

    shot: int = 0
    pass_: int = 0
    defense: int = 0

    def get(self, point: str) -> int:
        return int(getattr(self, _field(point)))

    def set(self, point: str, value: int) -> Bank:
        return replace(self, **{_field(point): value})


def _field(point: str) -> str:
    return "pass_" if point == "pass" else point


@dataclass(frozen=True)
class PlayedCard:
    """A card in a coach's Play Area, with the values it plays for."""

    name: str
    shot: int = 0
    pass_: int = 0
    defense: int = 0
    motivated: bool = False
    signed: bool = False

    def value(self, point: str) -> int:
        return int(getattr(self, _field(point)))


@dataclass(frozen=True)
class Booking:
    """The Yellow or Red card in a coach's Play Area, with its penalties (CG-10.1)."""

    color: str
    shot: int = 0
    pass_: int = 0
    defense: int = 0

    def value(self, point: str) -> int:
        return int(getattr(self, _field(point)))


@dataclass(frozen=True)
class Coach:
    """One coach's side: the count of each pile, the Play Area, the bank and what was used."""

    side: str
    owned: int
    deck: int
    hand: int = 0
    discard: int = 0
    eliminated: int = 0
    area: tuple[PlayedCard, ...] = ()
    bank: Bank = Bank()
    booking: Booking | None = None
    goals: int = 0
    motivated: tuple[str, ...] = ()
    fatigue_received: int = 0
    drafted: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()
    signed: tuple[str, ...] = ()
    special_shots: tuple[str, ...] = ()
    special_defenses: tuple[str, ...] = ()

    def in_area(self, name: str) -> PlayedCard | None:
        key = name_key(name)
        return next((card for card in self.area if name_key(card.name) == key), None)


@dataclass(frozen=True)
class DeclaredAbilities:
    """The Optional Abilities the table has used a card with in this match, in the order first
    used: what the table declared the card's abilities are (CG-1.3, see abilities.py)."""

    card: str  # the card as printed; a Motivation card is marked apart (its own abilities)
    abilities: tuple[str, ...]


@dataclass(frozen=True)
class Shooting:
    """The Shooting or Passing Phase under way: what was declared, spent and rolled."""

    declared: str | None = None
    attacker_spent: int | None = None
    defender_spent: int | None = None
    attacker_roll: int | None = None
    defender_roll: int | None = None
    save: int | None = None
    rerolls_used: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Round:
    """The round under way: the cards drafted, whose turn it is and the abilities still open."""

    number: int = 0
    drafted: tuple[str, ...] = ()
    turn: str | None = None
    passed: tuple[str, ...] = ()
    # (coach, card) pairs whose Optional Abilities may still be used (CG-4.3).
    windows: tuple[tuple[str, str], ...] = ()
    # (coach, card, ability) for each Optional Ability used this round (CG-1.3).
    ability_uses: tuple[tuple[str, str, str], ...] = ()
    ended_early: bool = False
    shooting: Shooting | None = None


@dataclass(frozen=True)
class MatchDeck:
    """How many Match cards are left, face up on the Pitch and hidden in the deck."""

    pitch: int = 0
    hidden: int = 0

    @property
    def total(self) -> int:
        return self.pitch + self.hidden


@dataclass(frozen=True)
class CardGameState:
    """Everything the card game's rules know of a match after an entry."""

    setup: CardGameSetup
    phase: str
    nankatsu: Coach
    toho: Coach
    period: int = 0
    attacker: str | None = None
    toss_winner: str | None = None
    whistle: str | None = None
    et_starter: str | None = None
    shown_signings: tuple[str, ...] = ()
    match_deck: MatchDeck = MatchDeck()
    injury_time: bool = False
    fatigue_supply: int = FATIGUE_CARDS
    round: Round = Round()
    # The printed values of each card as first entered in this match (CG-1.3).
    learned: CardLibrary = NO_CARDS
    # The Optional Abilities each card was used with so far in this match (CG-1.3).
    abilities: tuple[DeclaredAbilities, ...] = ()

    def coach(self, side: str) -> Coach:
        return self.nankatsu if side == "nankatsu" else self.toho

    def with_coach(self, coach: Coach) -> CardGameState:
        if coach.side == "nankatsu":
            return replace(self, nankatsu=coach)
        return replace(self, toho=coach)

    def label(self, side: str) -> str:
        return self.setup.label(side)

    @property
    def defender(self) -> str | None:
        return other(self.attacker) if self.attacker else None

    @property
    def extra_time(self) -> bool:
        return self.period >= 3

    @property
    def card_limit(self) -> int:
        """CG-4.4: 9 cards in the Play Areas; CG-9.2: 7 in Extra Time."""
        return 7 if self.extra_time else 9

    @property
    def cards_in_play(self) -> int:
        return len(self.nankatsu.area) + len(self.toho.area)

    @property
    def score(self) -> dict[str, int]:
        return {"nankatsu": self.nankatsu.goals, "toho": self.toho.goals}

    @property
    def attack_over(self) -> bool:
        """CG-4.4: both coaches passed, the limit is reached, or an ability ended it (CG-4.5)."""
        rnd = self.round
        return (
            rnd.ended_early
            or len(rnd.passed) == 2
            or rnd.turn is None
            or self.cards_in_play >= self.card_limit
        )

    def window_open(self, side: str, card: str) -> bool:
        key = name_key(card)
        return any(s == side and name_key(name) == key for s, name in self.round.windows)


def match_deck_size(setup: CardGameSetup) -> int:
    removed = REMOVED_AT_SETUP + (REMOVED_IN_FIRST_MATCH if setup.first_match else 0)
    return MATCH_DECK - removed


def new_half_deck(setup: CardGameSetup) -> MatchDeck:
    size = match_deck_size(setup)
    return MatchDeck(pitch=min(PITCH_SIZE, size), hidden=max(0, size - PITCH_SIZE))


def initial_state(setup: CardGameSetup) -> CardGameState:
    # CG-2.4 each coach's team cards are their Draw Deck. First match: both Fan cards leave the
    # team decks and no Fatigue card is used (CG-2.5).
    team_cards = TEAM_CARDS - 1 if setup.first_match else TEAM_CARDS
    return CardGameState(
        setup=setup,
        phase="signings" if setup.has("signings") else "toss",
        nankatsu=Coach(side="nankatsu", owned=team_cards, deck=team_cards),
        toho=Coach(side="toho", owned=team_cards, deck=team_cards),
        fatigue_supply=0 if setup.first_match else FATIGUE_CARDS,
    )
