"""KP-6.1: the odds with V.A.R.s in hand, computed by a sweep over sorted rolls, checked on
every level pair (the crown's d8 included) against summing to one and against the first
definition, every pair of rolls judged one by one (domain.king_of_the_pitch.odds_reference)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.king_of_the_pitch.odds import _chance_with_var, _level_states, match_chance
from domain.king_of_the_pitch.odds_reference import pairwise_chance
from domain.king_of_the_pitch.values import LEVEL_DICE

LEVELS = list(LEVEL_DICE)
VARS = [(True, True), (True, False), (False, True)]


@pytest.mark.parametrize("second", LEVELS)
@pytest.mark.parametrize("first", LEVELS)
def test_kp_6_1_every_level_pair_with_a_var_each_sums_to_one(first: str, second: str) -> None:
    a, b = LEVEL_DICE[first], LEVEL_DICE[second]
    for var in VARS:
        mirrored = (var[1], var[0])
        assert match_chance((a, b), var) + match_chance((b, a), mirrored) == 1
        assert 0 < match_chance((a, b), var) < 1


def test_kp_6_1_the_sweep_finds_exchangeable_crowns_even_without_the_shortcut() -> None:
    """Both crowns with a V.A.R. each are even by symmetry; the sweep, asked directly rather
    than through match_chance's shortcut, agrees."""
    crown = _level_states(LEVEL_DICE["crown"])
    assert _chance_with_var(crown, crown, (True, True)) == Fraction(1, 2)


SMALL = [
    (("white",), ("white",)),
    (("white",), ("bronze",)),
    (("bronze",), ("silver",)),
    (("white",), ("crown",)),
    (("crown",), ("white",)),
]


@pytest.mark.parametrize(("first", "second"), SMALL)
def test_kp_6_1_the_sweep_agrees_with_judging_every_pair(
    first: tuple[str], second: tuple[str]
) -> None:
    faces = (LEVEL_DICE[first[0]], LEVEL_DICE[second[0]])
    for var in VARS:
        assert match_chance(faces, var) == pairwise_chance(faces, var)


@pytest.mark.parametrize(
    "known",
    [
        ((6, 5, 2, 1, 1), None),  # the crown rolled, its d8 (last) among the lowest dice
        ((3, 3, 3, 3, 8), None),
        (None, (4, 2)),
        ((2, 2, 1, 1, 1), (6, 1)),
        ((6, 6, 6, 6, 8), (6, 6)),
    ],
)
def test_kp_6_1_a_roll_already_down_agrees_with_judging_every_pair(
    known: tuple[tuple[int, ...] | None, tuple[int, ...] | None],
) -> None:
    faces = (LEVEL_DICE["crown"], LEVEL_DICE["bronze"])
    for var in VARS:
        assert match_chance(faces, var, known) == pairwise_chance(faces, var, known)
