"""Every roll of a match with its odds, and the luck it brought each side.

A game that declares `odds` (domain/declarations.py `DiceOdds`) says, for the situation before
an entry, the exact odds of the roll it records, and what each side holds (`worth`, in the
game's unit: goals, crowns) with what the duel in progress is still expected to bring. A
roll's luck for a side is its worth after the roll less its worth before: what the dice gave
against what they were expected to give. Its expectation is zero, so over a match the sum is
how much luckier than expected a coach was. Only dice are judged, never decisions: an entry
that is not a roll (a card played, a point spent) changes no one's luck, and a battle decided
without dice is shown as certain and brings none (docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from domain.declarations import DiceOdds
from domain.odds import ZERO, Odds


@dataclass(frozen=True)
class Roll:
    """The roll entry `step` records (its number among the entries in force, from 1): its odds
    from the situation before it, and the luck it brought each side (none when certain)."""

    step: int
    odds: Odds
    luck: Mapping[str, Fraction]


@dataclass(frozen=True)
class MatchLuck:
    """A match's rolls in order, in the game's unit of luck, for the sides in seating order."""

    unit: str
    sides: tuple[str, ...]
    rolls: tuple[Roll, ...]

    def total(self) -> dict[str, Fraction]:
        """Each side's luck over the whole match."""
        return self.until(None)

    def until(self, step: int | None) -> dict[str, Fraction]:
        """Each side's luck over the rolls up to `step` (all of them when None)."""
        total = dict.fromkeys(self.sides, ZERO)
        for roll in self.rolls:
            if step is not None and roll.step > step:
                break
            for side, amount in roll.luck.items():
                total[side] = total.get(side, ZERO) + amount
        return total

    def at(self, step: int) -> Roll | None:
        """The roll entry `step` recorded, if it is one."""
        return self._by_step.get(step)

    @cached_property
    def _by_step(self) -> dict[int, Roll]:
        return {roll.step: roll for roll in self.rolls}

    def running(self) -> tuple[tuple[int, Mapping[str, Fraction]], ...]:
        """After each roll that brought luck, each side's luck so far: the chart's points."""
        total = dict.fromkeys(self.sides, ZERO)
        points: list[tuple[int, Mapping[str, Fraction]]] = []
        for roll in self.rolls:
            if not roll.luck:
                continue
            for side, amount in roll.luck.items():
                total[side] = total.get(side, ZERO) + amount
            points.append((roll.step, dict(total)))
        return tuple(points)


def read_rolls(
    declared: DiceOdds,
    sides: Sequence[str],
    actions: Sequence[Any],
    state_at: Callable[[int], Any],
) -> MatchLuck:
    """The rolls among `actions` (the entries in force, as actions) with their odds and luck,
    `state_at(n)` being the situation after the first n of them."""
    rolls: list[Roll] = []
    for number, action in enumerate(actions, start=1):
        before = state_at(number - 1)
        odds = declared.before(before, action)
        if odds is None:
            continue
        luck: dict[str, Fraction] = {}
        if not odds.certain:
            was = odds.expected or declared.worth(before)
            now = declared.worth(state_at(number))
            luck = {side: now.get(side, ZERO) - was.get(side, ZERO) for side in sides}
        rolls.append(Roll(number, odds, luck))
    return MatchLuck(declared.unit, tuple(sides), tuple(rolls))
