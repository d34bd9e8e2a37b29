"""The shared exact dice arithmetic (domain/odds.py): sums, comparisons, repeated rounds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.odds import (
    Chance,
    Odds,
    compare,
    die,
    goal_difference,
    odds_of,
    repeated_until_decided,
    sorted_rolls,
    sum_of,
)


def test_two_d6_sum_is_the_triangle() -> None:
    two = sum_of((6, 6))
    assert two[7] == Fraction(6, 36)
    assert two[2] == two[12] == Fraction(1, 36)
    assert sum(two.values()) == 1


@given(st.lists(st.sampled_from([4, 6, 8]), min_size=1, max_size=4))
def test_any_sum_of_dice_sums_to_one_and_spans_its_range(faces: list[int]) -> None:
    found = sum_of(tuple(faces))
    assert sum(found.values()) == 1
    assert min(found) == len(faces) and max(found) == sum(faces)


def test_a_d6_against_a_d6_ties_to_one_side_is_21_of_36() -> None:
    """CG-5.5's tie to the attacker at equal totals: P(a >= d) = 21/36."""
    higher, equal, lower = compare(die(6), die(6))
    assert (higher, equal, lower) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    assert higher + equal == Fraction(21, 36)


def test_a_round_rolled_again_until_decided() -> None:
    assert repeated_until_decided(Fraction(15, 36), Fraction(15, 36)) == Fraction(1, 2)
    assert repeated_until_decided(Fraction(1, 6), Fraction(1, 3)) == Fraction(1, 3)
    with pytest.raises(ValueError):
        repeated_until_decided(Fraction(0), Fraction(0))


def test_sorted_rolls_count_every_ordered_roll() -> None:
    crown = sorted_rolls((6, 6, 6, 6, 8))
    assert sum(crown.values()) == 6**4 * 8
    assert len(sorted_rolls((6, 6, 6, 6))) == 126  # multisets of 4 from 6 faces


def test_odds_refuse_chances_that_do_not_sum_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 1"):
        Odds("a die", (Chance("six", Fraction(1, 6)),))


@given(st.dictionaries(st.text(max_size=20), st.integers(0, 50), min_size=1, max_size=6))
def test_odds_of_keeps_the_possible_outcomes_most_likely_first(weights: dict[str, int]) -> None:
    total = sum(weights.values())
    if total == 0:
        return
    odds = odds_of("arbitrary", {k: Fraction(v, total) for k, v in weights.items()})
    probabilities = [c.probability for c in odds.chances]
    assert sum(probabilities) == 1
    assert probabilities == sorted(probabilities, reverse=True)
    assert all(p > 0 for p in probabilities)


def test_goal_difference_is_zero_sum() -> None:
    found = goal_difference({"home": Fraction(3, 2), "away": Fraction(1)})
    assert found == {"home": Fraction(1, 2), "away": Fraction(-1, 2)}
