"""The values the card list use cases answer (service/card_lists.py), imported by the use
cases that make them: a command at the table, which makes none, does not make their classes
(tests/cli/test_start_up.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from domain.printed import PrintedCard

if TYPE_CHECKING:
    from domain.card_list import Learned


@dataclass(frozen=True)
class CardListView:
    """A game's card list in one scope (`league` None: the installation's)."""

    game: str
    league: str | None
    fields: tuple[str, ...]
    labels: tuple[str, ...]
    cards: tuple[PrintedCard, ...]
    # Where each card's values came from, by its folded name (`learned_of`).
    learned: Mapping[str, Learned] = field(default_factory=dict, compare=False)

    def learned_of(self, card: PrintedCard) -> Learned | None:
        return self.learned.get(card.key)


@dataclass(frozen=True)
class CardListImport:
    """What importing a file did: the cards it held, and how many of them changed the list."""

    list: CardListView
    cards: int
    changed: int


@dataclass(frozen=True)
class KnownCard:
    """A card a side may pick for an entry, with the printed values it is known by."""

    name: str
    values: tuple[tuple[str, int], ...]  # field name → value, in printed order
    text: str  # `Shot 3, Pass 1, Defense 0`


@dataclass(frozen=True)
class OfferedCards:
    """For each side that may put a card down now, the cards with known values it may; and
    the names to suggest as it types another (`suggested`): those cards, then the names the
    game's rulebook gives (no values known: `values` empty) that the rules let it play now."""

    by_side: tuple[tuple[str, tuple[KnownCard, ...]], ...] = ()
    suggested_by_side: tuple[tuple[str, tuple[KnownCard, ...]], ...] = ()

    def of(self, side: str) -> tuple[KnownCard, ...]:
        return next((cards for s, cards in self.by_side if s == side), ())

    def suggested(self, side: str) -> tuple[KnownCard, ...]:
        return next((cards for s, cards in self.suggested_by_side if s == side), ())

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(card.name for _, cards in self.by_side for card in cards))
