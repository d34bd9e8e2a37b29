"""The cards the rulebook names, read from cards.toml, and questions about them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.names import name_key
from domain.package_data import package_toml

TEAM_DECKS = ("nankatsu", "toho")
FATIGUE = "Fatigue"
# The classes of card that carry a player (CG-1.1): the rest are Match, Fatigue, Yellow/Red,
# Special Shot and Special Defense cards.
PLAYER_CLASSES = frozenset({"initial", "motivation", "signing"})
# Initial cards that are no player of their own: the Fan (CG-1.1: "11 players + 1 Fan"), and
# the cards named here for the Special Shot ability they carry, whose printed player the
# rulebook does not give (docs/rules/card-game.md).
NOT_PLAYER_ROLES = frozenset({"fan", "special-shot-ability"})


@dataclass(frozen=True)
class CardInfo:
    """One card of the catalogue: its deck, class, roles, copies in a deck and what it blocks."""

    name: str
    deck: str
    card_class: str
    roles: tuple[str, ...]
    copies: int = 1
    blocks: str | None = None
    does_not_block: tuple[str, ...] = ()


class Catalogue:
    """Looks cards up by name, ignoring case and language (`若島津健` is Ken Wakashimazu); a
    name may have several entries (one per deck)."""

    def __init__(self, cards: tuple[CardInfo, ...]) -> None:
        self.cards = cards
        self._by_key: dict[str, tuple[CardInfo, ...]] = {}
        for card in cards:
            key = name_key(card.name)
            self._by_key[key] = (*self._by_key.get(key, ()), card)

    def entries(self, name: str) -> tuple[CardInfo, ...]:
        return self._by_key.get(name_key(name), ())

    def known(self, name: str) -> bool:
        return bool(self.entries(name))

    def canonical(self, name: str) -> str:
        """The printed spelling of a known card; an unknown name is kept as typed."""
        entries = self.entries(name)
        return entries[0].name if entries else name.strip()

    def has_role(self, name: str, role: str) -> bool:
        return any(role in card.roles for card in self.entries(name))

    def card_class(self, name: str) -> str | None:
        entries = self.entries(name)
        return entries[0].card_class if entries else None

    def is_player(self, name: str) -> bool:
        """Whether a card carries a player, for the statistics per player. A name the
        rulebook does not give is a player the table named (its players are not listed)."""
        entries = self.entries(name)
        return not entries or any(
            card.card_class in PLAYER_CLASSES and not NOT_PLAYER_ROLES & set(card.roles)
            for card in entries
        )

    def decks(self, name: str) -> tuple[str, ...]:
        return tuple(card.deck for card in self.entries(name))

    def copies(self, name: str) -> int:
        return sum(card.copies for card in self.entries(name))

    def names(self, card_class: str, deck: str | None = None) -> tuple[str, ...]:
        found = (
            c.name for c in self.cards if c.card_class == card_class and deck in (None, c.deck)
        )
        return tuple(dict.fromkeys(found))

    def special_defense(self, name: str) -> CardInfo | None:
        for card in self.entries(name):
            if card.card_class == "special-defense":
                return card
        return None


def _card(raw: dict[str, Any]) -> CardInfo:
    return CardInfo(
        name=str(raw["name"]),
        deck=str(raw["deck"]),
        card_class=str(raw["class"]),
        roles=tuple(str(role) for role in raw.get("roles", ())),
        copies=int(raw.get("copies", 1)),
        blocks=str(raw["blocks"]) if "blocks" in raw else None,
        does_not_block=tuple(str(n) for n in raw.get("does_not_block", ())),
    )


def load_catalogue() -> Catalogue:
    cards = package_toml("domain.card_game", __file__, "cards.toml")["card"]
    return Catalogue(tuple(_card(raw) for raw in cards))


CATALOGUE = load_catalogue()
