"""Exact odds of a Shooting/Passing Phase (CG-5.4, CG-5.5) with Assured Success (CG-12.2), the
goalkeeper's save (CG-10.4) and re-rolls (CG-10.6): worked examples and simulation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.card_game.odds import (
    CAUGHT,
    CORNER,
    DEFENDED,
    GOAL,
    KEPT,
    Phase,
    attacker_wins,
    outcome_chances,
)


def test_cg_5_5_eight_against_eight_ties_to_the_attacker_21_of_36() -> None:
    """The issue's worked example: attacker total 8 against defender total 8, no options."""
    chances = outcome_chances(Phase("pass", 8, 8))
    assert chances == {KEPT: Fraction(21, 36), DEFENDED: Fraction(15, 36)}
    assert float(chances[KEPT]) == 0.5833333333333334


def test_cg_5_4_a_gap_of_five_or_more_is_certain() -> None:
    assert outcome_chances(Phase("shot", 10, 5)) == {GOAL: 1}
    # 6 behind: only a 6 against a 1 reaches a tie, which goes to the attacker.
    assert outcome_chances(Phase("pass", 2, 7)) == {
        KEPT: Fraction(1, 36),
        DEFENDED: Fraction(35, 36),
    }


def test_cg_12_2_assured_success_turns_a_6_against_a_1() -> None:
    """Docs/analysis.md: 10 behind, the attacker wins only with a 6 against a 1 (1/36);
    5 ahead, the attacker loses only with a 1 against a 6 (1/36)."""
    assert outcome_chances(Phase("pass", 0, 10, assured_success=True))[KEPT] == Fraction(1, 36)
    assert outcome_chances(Phase("pass", 0, 10))[DEFENDED] == 1
    ahead = outcome_chances(Phase("pass", 10, 5, assured_success=True))
    assert ahead[DEFENDED] == Fraction(1, 36)


def test_cg_10_4_the_save_splits_a_won_shot_1_2_3() -> None:
    """8 against 8 with a saving goalkeeper: of 21/36 won Shots, 1/6 caught, 2/6 corners."""
    chances = outcome_chances(Phase("shot", 8, 8, keeper=True))
    assert chances == {
        DEFENDED: Fraction(15, 36),
        CAUGHT: Fraction(21, 36 * 6),
        CORNER: Fraction(21 * 2, 36 * 6),
        GOAL: Fraction(21 * 3, 36 * 6),
    }


def test_cg_10_6_one_re_roll_for_the_attacker_by_hand() -> None:
    """Docs/analysis.md: equal totals and one re-roll for the attacker of a Pass. Losing with
    a against d, the attacker re-rolls the die that helps more: its own (wins on 7 − d of 6
    faces) or the defender's (wins on a of 6): P = 21/36 + Σ_{a<d} max(7 − d, a) / 216."""
    by_hand = Fraction(21, 36) + sum(
        (Fraction(max(7 - d, a), 216) for a in range(1, 7) for d in range(1, 7) if a < d),
        Fraction(0),
    )
    assert by_hand == Fraction(29, 36)
    assert outcome_chances(Phase("pass", 8, 8, attacker_rerolls=1))[KEPT] == by_hand


def test_cg_10_6_a_re_roll_helps_its_holder_and_one_each_lies_between() -> None:
    attacker = outcome_chances(Phase("pass", 8, 8, attacker_rerolls=1))[KEPT]
    defender = outcome_chances(Phase("pass", 8, 8, defender_rerolls=1))[KEPT]
    both = outcome_chances(Phase("pass", 8, 8, attacker_rerolls=1, defender_rerolls=1))[KEPT]
    plain = outcome_chances(Phase("pass", 8, 8))[KEPT]
    assert defender < plain < attacker
    assert defender < both < attacker


def test_known_dice_are_not_rolled_again() -> None:
    assert outcome_chances(Phase("pass", 8, 8, attacker_die=1, defender_die=2)) == {DEFENDED: 1}
    half = outcome_chances(Phase("pass", 8, 8, attacker_die=3))
    assert half[KEPT] == Fraction(3, 6)


PHASES = st.builds(
    Phase,
    action=st.sampled_from(["shot", "pass"]),
    attack=st.integers(0, 20),
    defense=st.integers(0, 20),
    assured_success=st.booleans(),
    keeper=st.booleans(),
    attacker_rerolls=st.integers(0, 2),
    defender_rerolls=st.integers(0, 2),
    attacker_die=st.none() | st.integers(1, 6),
    defender_die=st.none() | st.integers(1, 6),
)


@given(PHASES)
@settings(max_examples=40, deadline=None)
def test_the_chances_of_any_phase_sum_to_exactly_one(phase: Phase) -> None:
    chances = outcome_chances(phase)
    assert sum(chances.values()) == 1
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in chances.values())
    if phase.action == "pass":
        assert set(chances) <= {KEPT, DEFENDED}
    elif not phase.keeper:
        assert set(chances) <= {GOAL, DEFENDED}


def _simulated(phase: Phase, rng: random.Random) -> str:
    """One phase rolled with dice, the way the rules read it (no re-rolls)."""
    a = phase.attacker_die or rng.randint(1, 6)
    d = phase.defender_die or rng.randint(1, 6)
    if not attacker_wins(phase, a, d):
        return DEFENDED
    if phase.action == "pass":
        return KEPT
    if not phase.keeper:
        return GOAL
    save = rng.randint(1, 6)
    return CAUGHT if save == 1 else CORNER if save <= 3 else GOAL


@given(PHASES.map(lambda p: Phase(**{**p.__dict__, "attacker_rerolls": 0, "defender_rerolls": 0})))
@settings(max_examples=15, deadline=None)
def test_the_odds_agree_with_rolling_the_dice(phase: Phase) -> None:
    """A seeded simulation of 4,000 phases lands within 4 standard errors of every chance."""
    rng = random.Random(f"{phase}")
    trials = 4000
    counts: dict[str, int] = {}
    for _ in range(trials):
        outcome = _simulated(phase, rng)
        counts[outcome] = counts.get(outcome, 0) + 1
    exact = outcome_chances(phase)
    assert set(counts) <= set(exact)
    for outcome, p in exact.items():
        error = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(counts.get(outcome, 0) / trials - float(p)) <= 4 * error + 1e-9


@given(PHASES)
@settings(max_examples=25, deadline=None)
def test_cg_10_6_a_re_roll_never_harms_its_holder(phase: Phase) -> None:
    aim = GOAL if phase.action == "shot" else KEPT
    base = outcome_chances(phase).get(aim, Fraction(0))
    more = Phase(**{**phase.__dict__, "attacker_rerolls": phase.attacker_rerolls + 1})
    fewer = Phase(**{**phase.__dict__, "defender_rerolls": phase.defender_rerolls + 1})
    assert outcome_chances(more).get(aim, Fraction(0)) >= base
    assert outcome_chances(fewer).get(aim, Fraction(0)) <= base
