"""Exact odds of a match against the King: dice by level (KP-5.2), cancelling equal dice
(KP-5.3), V.A.R. re-rolls (KP-6.1) and the penalty shoot-out (KP-5.4); worked examples and a
seeded simulation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.king_of_the_pitch.dice import compare, lowest_die
from domain.king_of_the_pitch.odds import beats, kick_chance, match_chance
from domain.king_of_the_pitch.values import LEVEL_DICE

D6 = (6,)


def test_kp_5_3_one_d6_against_one_d6_with_cancelling_is_even() -> None:
    """15/36 higher, 15/36 lower, 6/36 equal dice cancel and go to the shoot-out (KP-5.4),
    won half the time: 15/36 + 3/36 = 1/2."""
    assert match_chance((D6, D6)) == Fraction(1, 2)


def test_kp_5_3_two_dice_against_one_lose_only_below_it() -> None:
    """Docs/analysis.md: equal highest dice cancel and the 2d6 team has a die left, so it
    loses only when both its dice are below the single die: Σ_b (b − 1)² / 216 = 55/216."""
    assert match_chance(((6, 6), D6)) == Fraction(161, 216)


def test_kp_5_5_the_sources_examples_compare_as_words() -> None:
    assert beats((6, 3, 1), (5, 4, 2)) == 1
    assert beats((5, 3), (5,)) == 1
    assert beats((6, 4), (4, 6)) == 0


def test_kp_6_1_a_var_for_the_first_team_by_hand() -> None:
    """1d6 against 1d6, the first holding a V.A.R.: 15/36 won, 6/36 drawn (half), and losing
    a against b it re-rolls: wins on 6 − b faces, draws on 1: Σ_b (b − 1)((6 − b)/6 + 1/12)."""
    lost = sum(
        (Fraction(b - 1, 36) * (Fraction(6 - b, 6) + Fraction(1, 12)) for b in range(1, 7)),
        Fraction(0),
    )
    by_hand = Fraction(15, 36) + Fraction(3, 36) + lost
    assert by_hand == Fraction(271, 432)
    assert match_chance((D6, D6), (True, False)) == by_hand
    # A V.A.R. each: even again, by symmetry.
    assert match_chance((D6, D6), (True, True)) == Fraction(1, 2)


def test_kp_5_4_a_shoot_out_kick() -> None:
    assert kick_chance(None) == Fraction(1, 2)
    assert kick_chance(6) == Fraction(5, 6) + Fraction(1, 12)
    assert kick_chance(1) == Fraction(1, 12)


def test_a_known_roll_is_not_rolled_again() -> None:
    assert match_chance((D6, D6), known=((6,), None)) == Fraction(5, 6) + Fraction(1, 12)
    assert match_chance((D6, D6), known=((2,), (3,))) == 0


LEVELS = list(LEVEL_DICE)


@given(st.sampled_from(LEVELS), st.sampled_from(LEVELS))
@settings(max_examples=25, deadline=None)
def test_either_team_wins_with_chances_summing_to_one(first: str, second: str) -> None:
    a, b = LEVEL_DICE[first], LEVEL_DICE[second]
    assert match_chance((a, b)) + match_chance((b, a)) == 1
    assert match_chance((a, a)) == Fraction(1, 2)


def _simulated(
    faces: tuple[tuple[int, ...], tuple[int, ...]], var: tuple[bool, bool], rng: random.Random
) -> int:
    """One match rolled with the rules' own comparison and V.A.R. (0: the first team wins)."""
    dice = [[rng.randint(1, f) for f in faces[0]], [rng.randint(1, f) for f in faces[1]]]
    left = list(var)
    while True:
        result = compare(dice[0], dice[1])
        if result.winner is None:
            while True:  # the shoot-out
                x, y = rng.randint(1, 6), rng.randint(1, 6)
                if x != y:
                    return 0 if x > y else 1
        loser = 1 - result.winner
        if not left[loser]:
            return result.winner
        left[loser] = False
        index = lowest_die(dice[loser], faces[loser])
        dice[loser][index] = rng.randint(1, faces[loser][index])


@given(
    st.sampled_from(LEVELS),
    st.sampled_from(LEVELS),
    st.booleans(),
    st.booleans(),
)
@settings(max_examples=15, deadline=None)
def test_the_odds_agree_with_rolling_the_dice(
    first: str, second: str, var_first: bool, var_second: bool
) -> None:
    """A seeded simulation of 4,000 matches lands within 4 standard errors of the exact
    chance, at every level with or without a V.A.R. each, the crown's included."""
    faces = (LEVEL_DICE[first], LEVEL_DICE[second])
    var = (var_first, var_second)
    rng = random.Random(f"{faces}{var}")
    trials = 4000
    won = sum(1 for _ in range(trials) if _simulated(faces, var, rng) == 0)
    p = float(match_chance(faces, var))
    error = math.sqrt(p * (1 - p) / trials)
    assert abs(won / trials - p) <= 4 * error + 1e-9


def test_kp_6_1_exchangeable_teams_are_even_and_the_enumeration_agrees() -> None:
    """The same dice and a V.A.R. each: 1/2 at once, and the same averaged over the first
    team's rolls one by one (each enumerated against every roll of the other)."""
    faces = ((6, 6), (6, 6))
    assert match_chance(faces, (True, True)) == Fraction(1, 2)
    by_roll = sum(
        (
            Fraction(1, 36) * match_chance(faces, (True, True), ((a, b), None))
            for a in range(1, 7)
            for b in range(1, 7)
        ),
        Fraction(0),
    )
    assert by_roll == Fraction(1, 2)
