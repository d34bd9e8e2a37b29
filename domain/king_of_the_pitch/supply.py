"""The shared supply of chips and cubes (KP-1.3): what is not on a board or in a team's stock."""

from __future__ import annotations

from domain.king_of_the_pitch.state import KingState
from domain.king_of_the_pitch.words import word
from domain.phrase import phrase
from domain.ruleset import Violation

CHIP_SUPPLY = {"bronze": 22, "silver": 22, "gold": 11, "diamond": 5}
CUBE_SUPPLY = {"gold": 12, "silver": 12, "bronze": 12}


def chips_left(state: KingState, colour: str) -> int:
    used = sum(team.chips.count(colour) for team in state.teams)
    return CHIP_SUPPLY[colour] - used


def cubes_left(state: KingState, colour: str) -> int:
    held = sum(team.cubes.get(colour) for team in state.teams)
    return CUBE_SUPPLY[colour] - held


def chip_available(state: KingState, colour: str, replaced: str) -> list[Violation]:
    # The chip taken off the position goes back first, so a like-for-like swap always works.
    if chips_left(state, colour) + (1 if replaced == colour else 0) > 0:
        return []
    return [
        Violation("KP-1.3", phrase("no {colour} chip is left in the supply.", colour=word(colour)))
    ]


def cube_available(state: KingState, colour: str) -> list[Violation]:
    if cubes_left(state, colour) > 0:
        return []
    return [
        Violation("KP-1.3", phrase("no {colour} cube is left in the supply.", colour=word(colour)))
    ]
