"""Comparing two teams' dice (KP-5.3) and finding the die a V.A.R. re-rolls (KP-6.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Comparison:
    """`winner` is 0 or 1 (the first or second roll) or None when every die cancelled."""

    winner: int | None
    cancelled: tuple[int, ...]  # the equal pairs, highest first, one value per pair
    score: tuple[int, int]  # the deciding dice; 0 for a team left with no die

    def text(self) -> str:
        return f"{self.score[0]}–{self.score[1]}"


def compare(first: Sequence[int], second: Sequence[int]) -> Comparison:
    """Highest against highest; equal dice cancel pairwise; dice left against none win.
    The source's examples (KP-5.5) are its three cases: 6-3-1 against 5-4-2 is 6–5, 5-3
    against 5 is 3–0, 6-4 against 6-4 goes to a penalty shoot-out."""
    a, b = sorted(first, reverse=True), sorted(second, reverse=True)
    cancelled: list[int] = []
    for mine, theirs in zip(a, b, strict=False):
        if mine != theirs:
            return Comparison(0 if mine > theirs else 1, tuple(cancelled), (mine, theirs))
        cancelled.append(mine)
    rest = len(cancelled)
    if len(a) > rest:
        return Comparison(0, tuple(cancelled), (a[rest], 0))
    if len(b) > rest:
        return Comparison(1, tuple(cancelled), (0, b[rest]))
    return Comparison(None, tuple(cancelled), (0, 0))


def lowest_die(dice: Sequence[int], faces: Sequence[int]) -> int:
    """The index of the lowest die; on equal values a d6 goes before the d8 (documented)."""
    low = min(dice)
    candidates = [i for i, value in enumerate(dice) if value == low]
    d6 = [i for i in candidates if faces[i] == 6]
    return (d6 or candidates)[0]
