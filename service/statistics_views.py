"""The values the statistics queries answer (service/statistics.py), imported by the queries
that make them: a command at the table, which reads no statistics, does not make their classes
(tests/cli/test_start_up.py)."""

from __future__ import annotations

from dataclasses import dataclass

from service.projections.fairness import Fairness


@dataclass(frozen=True)
class SubjectStats:
    """The counted statistics of one subject (a coach, team or player) over its matches."""

    kind: str
    name: str
    matches: int
    counts: dict[str, int]


@dataclass(frozen=True)
class DiceBySource:
    """The fairness of one die type as one source rolled it: the app, or the table, where
    `die` is the physical die the scorer named ("red d6"; empty: unnamed)."""

    source: str
    die: str
    fairness: Fairness
