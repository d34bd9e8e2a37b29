"""What chips, cubes, positions and column heights are worth (KP-2, KP-5.1, KP-5.2, KP-8.2)."""

from __future__ import annotations

from collections.abc import Sequence

COLOURS = ("blue", "green", "yellow", "red", "orange")  # KP-1.2 the five teams
CUBE_COLOURS = ("gold", "silver", "bronze")
POSITIONS = tuple(range(1, 12))
BOARD_SIZE = 11

# The source groups the captain numbers by role (KP-8.2); the same grouping names the roles of
# the eleven board positions: 1, 2, 3, 4 and 6 defend, 5 is the midfielder, 7 to 11 attack.
DEFENDERS = (1, 2, 3, 4, 6)
MIDFIELDERS = (5,)

# KP-8.2: one captain card per group; a card with several numbers lets its team choose.
CAPTAIN_GROUPS = ((1,), (2, 3, 4, 6), (5,), (7, 8, 10), (9, 11))
# The captain chip is the diamond chip: the 5 diamond chips are the only chips no player card
# names, one per captain card (KP-1.3).
CAPTAIN_CHIP = "diamond"

LEVELS = ("white", "bronze", "silver", "gold", "crown")
LEVEL_DICE: dict[str, tuple[int, ...]] = {
    "white": (6,),
    "bronze": (6, 6),
    "silver": (6, 6, 6),
    "gold": (6, 6, 6, 6),
    "crown": (6, 6, 6, 6, 8),  # KP-1.2 each team's dice: 4 d6 and 1 d8
}

# (defense, attack) for a chip on a defender's position (KP-2.1); attackers mirror it.
_LINE_POINTS = {"white": (0, 0), "bronze": (1, 0), "silver": (2, 0), "gold": (3, 1)}
_LINE_POINTS["diamond"] = (4, 1)
# KP-2.2 the midfielder exception, as (defense, attack).
_MIDFIELD_POINTS = {
    "white": (0, 0),
    "bronze": (1, 0),
    "silver": (1, 1),
    "gold": (2, 2),
    "diamond": (2, 3),
}


def role(position: int) -> str:
    if position in MIDFIELDERS:
        return "midfielder"
    return "defender" if position in DEFENDERS else "attacker"


def chip_points(colour: str, position: int) -> tuple[int, int]:
    """The (defense, attack) a chip of `colour` adds to the columns on `position`."""
    if position in MIDFIELDERS:
        return _MIDFIELD_POINTS[colour]
    defense, attack = _LINE_POINTS[colour]
    return (defense, attack) if position in DEFENDERS else (attack, defense)


def columns(chips: Sequence[str]) -> tuple[int, int]:
    """The (defense, attack) heights that the chips on a board add up to."""
    points = [
        chip_points(colour, position) for position, colour in zip(POSITIONS, chips, strict=True)
    ]
    return sum(p[0] for p in points), sum(p[1] for p in points)


def level_of(height: int, thresholds: Sequence[int]) -> str:
    """KP-5.1: the level a column height reaches; `thresholds` start bronze, silver, gold, crown."""
    reached = sum(1 for threshold in thresholds if height >= threshold)
    return LEVELS[reached]


def captain_group(position: int) -> tuple[int, ...]:
    return next(group for group in CAPTAIN_GROUPS if position in group)
