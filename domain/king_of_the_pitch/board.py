"""Changing the chips on a team board; the columns follow every change (KP-2, KP-4.3, KP-4.4)."""

from __future__ import annotations

from domain.frozen import replace
from domain.king_of_the_pitch.state import Card, Team
from domain.king_of_the_pitch.values import chip_points, columns


def put_chip(team: Team, position: int, colour: str) -> Team:
    """Place a chip on `position`, replacing whatever was there; the columns are adjusted."""
    old_defense, old_attack = chip_points(team.chip(position), position)
    new_defense, new_attack = chip_points(colour, position)
    chips = list(team.chips)
    chips[position - 1] = colour
    return replace(
        team,
        chips=tuple(chips),
        defense=team.defense - old_defense + new_defense,
        attack=team.attack - old_attack + new_attack,
    )


def without_card(team: Team, colour: str, position: int) -> Team:
    """The team after one player card of that colour and position left its hand (if held)."""
    hand = list(team.hand)
    for index, card in enumerate(hand):
        if card.colour == colour and card.position == position:
            del hand[index]
            break
    return replace(team, hand=tuple(hand))


def with_card(team: Team, card: Card) -> Team:
    return replace(team, hand=(*team.hand, card))


def columns_agree(team: Team) -> bool:
    """The invariant: the column heights are the sum of the chips on the board."""
    return columns(team.chips) == (team.defense, team.attack)
