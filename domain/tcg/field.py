"""The 5 x 9 field (TCG-11): area names, zones, named areas, distances and the goal mouths.

TCG-11.1: 45 areas and a goal mouth per side. TCG-11.2: areas are named by column a-e and row
1-9 ("c5" is the centre circle); rows count from the away goal: home attacks towards row 1 and
defends the goal mouth beyond row 9; away attacks towards row 9. A goalkeeper in its own goal
mouth stands at "goal". A goal mouth lies beyond the three penalty areas of its end (columns
b-d), so it is one area away from each of them.
"""

from __future__ import annotations

COLUMNS = "abcde"
ROWS = 9
GOAL = "goal"
AREAS = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
PLACES = (*AREAS, GOAL)  # where a player may stand
CENTRE_CIRCLE = "c5"
DISTANCES = ("king", "orthogonal")
PENALTY_COLUMNS = (1, 3)  # b..d as column indexes


def is_area(name: str) -> bool:
    return name in AREAS


def coordinates(area: str) -> tuple[int, int]:
    """(column index 0-4, row 1-9) of a named area."""
    return COLUMNS.index(area[0]), int(area[1:])


def goal_row(side: str) -> int:
    """The row just beyond the field where `side`'s own goal mouth lies."""
    return ROWS + 1 if side == "home" else 0


def position_of(area: str, side: str) -> tuple[int, int, bool]:
    """(column, row, is goal mouth) with `side`'s own goal mouth for "goal"."""
    if area == GOAL:
        return 2, goal_row(side), True
    column, row = coordinates(area)
    return column, row, False


def distance(first: tuple[int, int, bool], second: tuple[int, int, bool], rule: str) -> int:
    """Areas crossed between two positions (TCG-11.6): king moves or orthogonal steps."""
    rows = abs(first[1] - second[1])
    if first[2] or second[2]:
        # A goal mouth spans the penalty columns: only the column gap outside them counts.
        other = second if first[2] else first
        low, high = PENALTY_COLUMNS
        columns = max(0, low - other[0], other[0] - high)
        if first[2] and second[2]:
            columns = 0
    else:
        columns = abs(first[0] - second[0])
    return max(rows, columns) if rule == "king" else rows + columns


def area_distance(side_a: str, area_a: str, side_b: str, area_b: str, rule: str) -> int:
    return distance(position_of(area_a, side_a), position_of(area_b, side_b), rule)


def shot_distance(area: str, shooter_side: str, rule: str) -> int:
    """TCG-6.2: from the shooter's area into the opposing goal mouth, the goal mouth counted."""
    defender = "away" if shooter_side == "home" else "home"
    return area_distance(shooter_side, area, defender, GOAL, rule)


def starting_rows(position: str, side: str) -> tuple[int, ...]:
    """TCG-11.3: DF row 8, MF rows 6-7, FW row 5 for home; mirrored for away; GK none."""
    home = {"DF": (8,), "MF": (6, 7), "FW": (5,)}.get(position, ())
    return home if side == "home" else tuple(ROWS + 1 - row for row in home)


def starting_areas(position: str, side: str) -> tuple[str, ...]:
    if position == "GK":
        return (GOAL,)
    rows = starting_rows(position, side)
    return tuple(area for area in AREAS if coordinates(area)[1] in rows)


def area_kind(area: str) -> str:
    """TCG-11.5: corner, penalty, side or free-kick area (or the goal mouth)."""
    if area == GOAL:
        return "goal mouth"
    column, row = coordinates(area)
    edge_row = row in (1, ROWS)
    edge_column = column in (0, len(COLUMNS) - 1)
    if edge_row and edge_column:
        return "corner"
    if edge_row and PENALTY_COLUMNS[0] <= column <= PENALTY_COLUMNS[1]:
        return "penalty"
    if edge_column:
        return "side"
    if area == CENTRE_CIRCLE:
        return "centre circle"
    return "free-kick"
