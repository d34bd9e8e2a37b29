"""Exact odds where the TCG's dice decide: a tie on either dice table (TCG-7.6) and a penalty
of the shoot-out (TCG-9.2); a battle (TCG-7.4) has no dice."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tcg.odds import kick_chance, tie_chance


def test_tcg_7_6_a_tie_is_even_on_both_tables() -> None:
    assert tie_chance("high-roll") == Fraction(1, 2)
    assert tie_chance("single-die") == Fraction(1, 2)


def test_tcg_9_2_penalties_by_hand() -> None:
    """Docs/analysis.md: level values score only on a higher kicker's die, 15/36; two
    ahead, the kicker misses only when the keeper's die is 2 or more higher: 1 − 10/36."""
    assert kick_chance(5, 5) == Fraction(15, 36)
    assert kick_chance(7, 5) == Fraction(26, 36)
    assert kick_chance(0, 10) == 0
    assert kick_chance(10, 4) == 1


@given(st.integers(0, 12), st.integers(0, 12))
@settings(max_examples=20, deadline=None)
def test_tcg_9_2_the_odds_agree_with_rolling_the_dice(shot: int, defense: int) -> None:
    rng = random.Random(f"{shot}-{defense}")
    trials = 4000
    scored = sum(1 for _ in range(trials) if shot + rng.randint(1, 6) > defense + rng.randint(1, 6))
    p = float(kick_chance(shot, defense))
    error = math.sqrt(p * (1 - p) / trials)
    assert abs(scored / trials - p) <= 4 * error + 1e-9
    assert kick_chance(shot, defense) + (1 - kick_chance(shot, defense)) == 1
