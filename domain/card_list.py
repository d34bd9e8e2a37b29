"""A card list kept outside any match: a league's, or the installation's, for one game.

It is an aggregate of its own, like a league, so that what it holds is a fact in the log: who
recorded a card's printed values, when, and how (the first entry of the card in a match, or an
imported file). Its id derives from its scope and game, which makes one list per scope and game
in a store, found without an index. The matches read it as a frozen `CardLibrary`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from domain.names import name_key
from domain.printed import CardLibrary, PrintedCard

INSTALLATION = "installation"
# How cards came into a list.
FROM_ENTRY, FROM_FILE = "entry", "file"


def card_list_id(game: str, league: str | None) -> UUID:
    """The id of `game`'s card list in `league` (its name, however capitalised or spaced), or
    the installation's when `league` is None."""
    scope = INSTALLATION if league is None else "league:" + " ".join(league.split()).casefold()
    return uuid5(NAMESPACE_URL, f"touchline:card-list:{scope}:{game}")


@dataclass(frozen=True)
class Learned:
    """How a list came to hold a card's values as it holds them now: an entry of the card in a
    match (`match`, its id; None for entries recorded before lists kept it) or an imported
    file, by whom, when and through which link."""

    how: str
    by: str
    at: str
    link: str | None
    match: str | None


def card_to_data(card: PrintedCard) -> dict[str, Any]:
    return {"name": card.name, "values": list(card.values), "side": card.side}


def card_from_data(data: dict[str, Any], origin: str) -> PrintedCard:
    values = tuple(int(v) for v in data["values"])
    return PrintedCard(str(data["name"]), values, str(data.get("side", "")), origin)


def _differs(known: PrintedCard | None, card: PrintedCard) -> bool:
    return known is None or (known.values, known.side) != (card.values, card.side)


class CardList(Aggregate):
    """The printed values of a game's cards within one scope; a card recorded again replaces
    its earlier values (a file is the club's word for the cards it names)."""

    class Created(Aggregate.Created):
        """A card list started for a game, in a league or for the installation."""

        class_version: ClassVar[int] = 1
        game: str
        league: str | None

    @event(Created)
    def __init__(self, game: str, league: str | None) -> None:
        self.game = game
        self.league = league
        self.cards: dict[str, dict[str, Any]] = {}
        # For each card (by its folded name), the recording its values came from.
        self.learned: dict[str, Learned] = {}

    @classmethod
    def create(cls, game: str, league: str | None) -> CardList:
        return cls._create(cls.Created, id=card_list_id(game, league), game=game, league=league)

    @property
    def origin(self) -> str:
        """Where its cards were recorded, as a sentence ends."""
        if self.league is None:
            return "in the installation's card list"
        return f"in the card list of the league {self.league}"

    def library(self) -> CardLibrary:
        return CardLibrary(tuple(card_from_data(c, self.origin) for c in self.cards.values()))

    def changes(self, cards: Sequence[PrintedCard]) -> list[PrintedCard]:
        """The cards that would change the list: new cards, or other values or side. A card
        under its name in the other language is the same card, and not a change by that."""
        known = self.library()
        return [card for card in cards if _differs(known.find(card.name), card)]

    def learned_of(self, name: str) -> Learned | None:
        return self.learned.get(name_key(name))

    class CardsRecorded(Aggregate.Event):
        """Cards' printed values recorded: how (a first entry in a match, a file) and by whom."""

        class_version: ClassVar[int] = 2
        cards: list[dict[str, Any]]
        how: str
        by: str
        at: str
        link: str | None
        match: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Recorded before a list kept which match taught it a card: not known."""
            state["match"] = None

    @event(CardsRecorded)
    def _record(
        self,
        cards: list[dict[str, Any]],
        how: str,
        by: str,
        at: str,
        link: str | None,
        match: str | None,
    ) -> None:
        # One card under either of its names (domain/names.py): an import of 大空翼 replaces the
        # values recorded for Tsubasa Ozora, keeping the name as the file writes it.
        learned = Learned(how, by, at, link, match)
        for card in cards:
            key = name_key(str(card["name"]))
            self.cards[key] = card
            self.learned[key] = learned

    def record(
        self,
        cards: Sequence[PrintedCard],
        how: str,
        by: str,
        at: str,
        link: str | None = None,
        match: str | None = None,
    ) -> int:
        """Record the cards that change the list (`match`: the match whose entry taught them);
        how many did."""
        changed = self.changes(cards)
        if changed:
            self._record([card_to_data(c) for c in changed], how, by, at, link, match)
        return len(changed)
