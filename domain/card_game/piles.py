"""Moving counted cards between a coach's hand, draw deck, discard pile and play area."""

from __future__ import annotations

from dataclasses import dataclass

from domain.card_game.state import Bank, Coach, PlayedCard
from domain.frozen import replace


@dataclass(frozen=True)
class Drawn:
    """A coach after drawing: the cards drawn and how often the discard pile was reshuffled."""

    coach: Coach
    count: int
    reshuffles: int


def draw(coach: Coach, count: int) -> Drawn:
    """CG-4.1: draw what the deck holds, shuffle the discard pile into a new deck, go on."""
    wanted = max(0, count)
    from_deck = min(wanted, coach.deck)
    deck, discard, hand = coach.deck - from_deck, coach.discard, coach.hand + from_deck
    reshuffles = 0
    missing = wanted - from_deck
    if missing and discard:
        deck, discard, reshuffles = discard, 0, 1
        more = min(missing, deck)
        deck, hand = deck - more, hand + more
    drawn = hand - coach.hand
    return Drawn(replace(coach, deck=deck, discard=discard, hand=hand), drawn, reshuffles)


def draw_up_to(coach: Coach, size: int) -> Drawn:
    return draw(coach, size - coach.hand)


def reshuffle_all(coach: Coach) -> Coach:
    """CG-8.1 / CG-9.1: hand, deck and discard pile become one new draw deck."""
    return replace(coach, deck=coach.deck + coach.discard + coach.hand, discard=0, hand=0)


def discard_play_area(coach: Coach) -> Coach:
    """CG-6.1: every played card goes to its owner's discard pile; bookings stay (CG-10.1)."""
    return replace(coach, discard=coach.discard + len(coach.area), area=())


def remove_from_area(coach: Coach, name: str) -> tuple[Coach, PlayedCard | None]:
    card = coach.in_area(name)
    if card is None:
        return coach, None
    area = list(coach.area)
    area.remove(card)
    return replace(coach, area=tuple(area)), card


def eliminate(coach: Coach, name: str) -> Coach:
    """CG-13.1: the card goes back to the box for the rest of the match."""
    coach, card = remove_from_area(coach, name)
    if card is None:
        return coach
    return replace(coach, eliminated=coach.eliminated + 1, gone=(*coach.gone, card.name))


def discard(coach: Coach, name: str) -> Coach:
    coach, card = remove_from_area(coach, name)
    if card is None:
        return coach
    return replace(coach, discard=coach.discard + 1)


def pay(bank: Bank, cost: tuple[str, ...]) -> Bank:
    """Spend one point per entry; a point the bank lacks is simply not taken (overridden)."""
    for point in cost:
        bank = bank.set(point, max(0, bank.get(point) - 1))
    return bank


def affordable(bank: Bank, cost: tuple[str, ...]) -> bool:
    return all(bank.get(point) >= cost.count(point) for point in set(cost))
