"""Dice fairness: the chi-square p-value against hand-computed values; die types per game."""

from __future__ import annotations

import math

import pytest

from domain.consequences import DieRolled, FinalResult
from domain.king_of_the_pitch.ruleset import KingOfThePitch
from domain.log import Dispute, Entry
from domain.match import IN_PLAY, ResultStatus
from service.projections.fairness import chi_square_survival, fairness
from service.projections.fold import fold


def test_p_value_of_a_known_lopsided_d6_sample() -> None:
    # 60 rolls, 10 expected per face: chi-square = (25 + 4 + 1 + 4 + 0 + 100) / 10 = 13.4 on
    # 5 degrees of freedom. By hand: Q(5/2, 6.7) = erfc(√6.7) + e^-6.7 (√6.7 / Γ(3/2)
    # + 6.7^1.5 / Γ(5/2)) = 0.000253 + 0.0012309 × (2.920737 + 13.045950) = 0.019906.
    found = fairness(6, {1: 5, 2: 8, 3: 9, 4: 8, 5: 10, 6: 20})
    assert found.rolls == 60
    assert found.chi_square == pytest.approx(13.4)
    assert found.degrees_of_freedom == 5
    assert found.p_value == pytest.approx(0.019906, abs=2e-6)


@pytest.mark.parametrize(
    ("statistic", "df", "p"),
    [
        (4.0, 2, math.exp(-2.0)),  # even: e^-x/2
        (3.841459, 1, 0.05),  # the textbook 5% critical values
        (11.070498, 5, 0.05),
        (14.067140, 7, 0.05),
        (0.0, 5, 1.0),
    ],
)
def test_survival_function_matches_known_values(statistic: float, df: int, p: float) -> None:
    assert chi_square_survival(statistic, df) == pytest.approx(p, abs=1e-6)


def test_a_perfectly_even_sample_is_fair_and_no_rolls_have_no_verdict() -> None:
    assert fairness(8, dict.fromkeys(range(1, 9), 5)).p_value == pytest.approx(1.0)
    assert fairness(6, {}).p_value is None


class _Match:
    """Just enough of a match for the fold: a ruleset, a setup and entries with consequences."""

    ruleset = KingOfThePitch()

    def __init__(self, dice: list[DieRolled], labels: list[str | None] | None = None) -> None:
        self.setup = {"teams": [{"team": "blue", "coach": "Ann"}, {"team": "red", "coach": "Bo"}]}
        self._entries = [
            Entry(
                number=number,
                by="Ann",
                at="2026-11-30T10:00:00+00:00",
                action={"kind": "roll"},
                consequences=(die,),
                die_label=label,
            )
            for number, (die, label) in enumerate(
                zip(dice, labels or [None] * len(dice), strict=True), start=1
            )
        ]

    def effective_entries(self) -> list[Entry]:
        return self._entries

    def open_disputes(self) -> list[Dispute]:
        return []

    def status_of(self, final: FinalResult | None) -> ResultStatus:
        assert final is None  # no entry here ends the game
        return ResultStatus(IN_PLAY, (), ("blue", "red"), ())


def test_the_fold_counts_each_die_rolled_for_its_owner_s_coach_by_faces_and_source() -> None:
    match = _Match(
        [
            DieRolled(side="blue", faces=6, value=4),
            *[DieRolled(side="blue", faces=6, value=5, source="app")] * 4,
            DieRolled(side="blue", faces=8, value=2, source="app"),
            *[DieRolled(side="red", faces=6, value=6)] * 3,
            DieRolled(side="blue", faces=8, value=7),
        ]
    )
    out = fold(match)  # type: ignore[arg-type]
    assert out.dice == {
        ("Ann", 6, 4, "table", ""): 1,
        ("Ann", 6, 5, "app", ""): 4,
        ("Ann", 8, 2, "app", ""): 1,
        ("Ann", 8, 7, "table", ""): 1,
        ("Bo", 6, 6, "table", ""): 3,
    }
    assert not out.stats and out.score == "blue 0 · red 0"


def test_the_fold_counts_the_table_s_dice_by_the_die_named_and_the_app_s_by_none() -> None:
    match = _Match(
        [
            DieRolled(side="blue", faces=6, value=4),
            DieRolled(side="blue", faces=6, value=4),
            DieRolled(side="red", faces=6, value=2),
            DieRolled(side="blue", faces=6, value=1, source="app"),
        ],
        ["red d6", "red d6", None, "red d6"],
    )
    out = fold(match)  # type: ignore[arg-type]
    assert out.dice == {
        ("Ann", 6, 4, "table", "red d6"): 2,
        ("Bo", 6, 2, "table", ""): 1,
        # The app rolled it: no physical die, whatever the scorer named.
        ("Ann", 6, 1, "app", ""): 1,
    }
