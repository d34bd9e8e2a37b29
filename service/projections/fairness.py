"""Is a die fair? Pearson's chi-square goodness of fit against equally likely faces.

The p-value is the chi-square survival function, which for k degrees of freedom is the
regularized upper incomplete gamma function Q(k/2, x/2). For whole and half-whole shape
parameters it has a short exact series, so no statistics library is needed:

    Q(n, y)       = e^-y · Σ_{i<n} y^i / i!                         (k = 2n, even)
    Q(n + 1/2, y) = erfc(√y) + e^-y · Σ_{i=1..n} y^(i-1/2) / Γ(i+1/2)  (k = 2n + 1, odd)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

# p-values below this are flagged: a fair die shows so lopsided a count once in 100 samples.
SUSPICIOUS_P = 0.01


@dataclass(frozen=True)
class Fairness:
    """How evenly a die's faces came up: the counts and a chi-square test of them."""

    faces: int
    rolls: int
    counts: tuple[int, ...]  # how often each face 1..faces came up
    chi_square: float
    p_value: float | None  # None when there are no rolls to judge by

    @property
    def degrees_of_freedom(self) -> int:
        return self.faces - 1


def chi_square_survival(statistic: float, degrees_of_freedom: int) -> float:
    """P(X ≥ statistic) for X chi-square distributed with the given degrees of freedom."""
    if degrees_of_freedom < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if statistic <= 0:
        return 1.0
    y = statistic / 2
    n, odd = divmod(degrees_of_freedom, 2)
    if not odd:
        term, total = 1.0, 1.0
        for i in range(1, n):
            term *= y / i
            total += term
        return min(1.0, math.exp(-y) * total)
    total = 0.0
    term = math.sqrt(y) / math.gamma(1.5)  # y^(1/2) / Γ(3/2)
    for i in range(1, n + 1):
        total += term
        term *= y / (i + 0.5)  # next: y^(i+1/2) / Γ(i+3/2)
    return min(1.0, math.erfc(math.sqrt(y)) + math.exp(-y) * total)


def fairness(faces: int, counts: Mapping[int, int]) -> Fairness:
    """The goodness of fit of `counts` (face -> times seen) to a fair die with `faces` faces."""
    observed = tuple(int(counts.get(face, 0)) for face in range(1, faces + 1))
    rolls = sum(observed)
    if rolls == 0:
        return Fairness(faces, 0, observed, 0.0, None)
    expected = rolls / faces
    statistic = sum((seen - expected) ** 2 / expected for seen in observed)
    return Fairness(faces, rolls, observed, statistic, chi_square_survival(statistic, faces - 1))
