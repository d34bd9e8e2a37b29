"""Exact odds of dice: what a roll can give and how likely each outcome is, as fractions.

Every game's odds are worked out by enumerating the faces of its dice, never by sampling, so a
probability here is a `Fraction` and the chances of a roll's outcomes sum to exactly 1. The
value types cross to the read side (the replay, the API, the command line) as they are; the
games' own modules (`domain/<game>/odds.py`) say what is rolled and what each result means,
and reach the adapters through the ruleset's `odds` declaration (domain/declarations.py).
The mathematics, the policies assumed where a coach has a choice, and what luck does and does
not capture are in docs/analysis.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from typing import TypeVar

from domain.phrase import phrase

Outcome = TypeVar("Outcome")

ZERO = Fraction(0)
ONE = Fraction(1)

# The match option that shows the odds of the roll to come on the scoring page while the
# match is played. Off unless chosen: a competitive match shows none, and a match stored
# before the option existed reads as without it.
LIVE_ODDS = "live-odds"


def live_odds_help(rolls: str) -> str:
    """The option's help on the new-match form, citing the rule of the game's rolls."""
    return phrase(
        "show the exact odds of the roll to come on the scoring page while the match is "
        "played ({rolls}; leave it off for competitive play, the replay always shows them)",
        rolls=rolls,
    )


@dataclass(frozen=True)
class Chance:
    """One outcome of a roll and its exact probability."""

    outcome: str  # in plain words: "Nankatsu score", "corner", "blue win the match"
    probability: Fraction

    @property
    def percent(self) -> str:
        """The probability rounded for people: "58.3%"."""
        return f"{float(self.probability) * 100:.1f}%"


@dataclass(frozen=True)
class Odds:
    """What a roll is for and the chance of each of its outcomes, most likely first.

    `expected` is what each side is expected to hold in the game's unit of luck (goals,
    crowns) once the dice fall, when the entry itself carries a decision that changes it (a
    re-roll chosen): the expectation its luck is measured against. Left empty, that is the
    situation's worth before the entry (domain/luck.py)."""

    roll: str  # what is rolled, in words: "Nankatsu's die in Nankatsu's Shot"
    chances: tuple[Chance, ...]
    expected: Mapping[str, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if sum((c.probability for c in self.chances), ZERO) != ONE:
            raise ValueError(f"the chances of {self.roll!r} do not sum to 1")

    @property
    def certain(self) -> bool:
        """One outcome is sure: a battle the dice do not decide."""
        return any(c.probability == ONE for c in self.chances)

    def chance_of(self, outcome: str) -> Fraction:
        return sum((c.probability for c in self.chances if c.outcome == outcome), ZERO)


def odds_of(
    roll: str,
    distribution: Mapping[str, Fraction],
    expected: Mapping[str, Fraction] | None = None,
) -> Odds:
    """An `Odds` from outcome → probability, the impossible outcomes left out, most likely
    first (equal chances in the order given)."""
    kept = [(o, p) for o, p in distribution.items() if p > 0]
    order = sorted(range(len(kept)), key=lambda i: -kept[i][1])
    chances = tuple(Chance(kept[i][0], kept[i][1]) for i in order)
    return Odds(roll, chances, dict(expected or {}))


def distribution(
    weights: Iterable[tuple[Outcome, int | Fraction]],
) -> dict[Outcome, Fraction]:
    """Outcome → probability from outcomes with weights (counts of equally likely faces)."""
    totals: dict[Outcome, Fraction] = {}
    for outcome, weight in weights:
        totals[outcome] = totals.get(outcome, ZERO) + Fraction(weight)
    whole = sum(totals.values(), ZERO)
    if whole == 0:
        raise ValueError("no outcome has any weight")
    return {outcome: weight / whole for outcome, weight in totals.items()}


def die(faces: int) -> dict[int, Fraction]:
    """A fair die: each face 1 … `faces` with probability 1/`faces`."""
    if faces < 1:
        raise ValueError("a die has at least one face")
    return {value: Fraction(1, faces) for value in range(1, faces + 1)}


@cache
def sum_of(faces: tuple[int, ...]) -> Mapping[int, Fraction]:
    """The exact distribution of the sum of fair dice with these faces (e.g. (6, 6))."""
    totals: Counter[int] = Counter({0: 1})
    for size in faces:
        step: Counter[int] = Counter()
        for total, count in totals.items():
            for value in range(1, size + 1):
                step[total + value] += count
        totals = step
    return distribution(totals.items())


@cache
def sorted_rolls(faces: tuple[int, ...]) -> Mapping[tuple[int, ...], int]:
    """Every roll of these dice as its values sorted highest first, with how many of the
    equally likely ways of rolling give it: a handful of multisets instead of every ordered
    roll (4d6 + 1d8: 1,008 instead of 10,368)."""
    counts: Counter[tuple[int, ...]] = Counter()
    for values in product(*(range(1, size + 1) for size in faces)):
        counts[tuple(sorted(values, reverse=True))] += 1
    return dict(counts)


def compare(
    first: Mapping[int, Fraction], second: Mapping[int, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """P(first > second), P(equal), P(first < second) for two independent totals."""
    higher = equal = lower = ZERO
    for a, pa in first.items():
        for b, pb in second.items():
            if a > b:
                higher += pa * pb
            elif a == b:
                equal += pa * pb
            else:
                lower += pa * pb
    return higher, equal, lower


def repeated_until_decided(win: Fraction, lose: Fraction) -> Fraction:
    """P(the first wins) when a round is rolled again until it is decided: win / (win + lose)
    (the geometric series of repeated draws), e.g. a penalty shoot-out."""
    if win + lose == 0:
        raise ValueError("a round that is never decided has no winner")
    return win / (win + lose)


def goal_difference(goals: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Each of two sides' goals less the other's: a goal scored is as much luck for one side
    as it is bad luck for the other, so luck measured in it sums to zero over the sides."""
    total = sum(goals.values(), ZERO)
    return {side: 2 * mine - total for side, mine in goals.items()}
