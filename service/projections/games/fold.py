"""What one match contributes to the read models, worked out from its log alone.

A fold reads the entries still in force with the consequences stored beside them, so it
needs no rules engine (replaying the rules for every finished match would make a rebuild
several times slower). The tests check the fold's final ranking against the ruleset's own
`result()`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.log import Entry
from domain.match import MatchRecord
from domain.standings import MatchResult

PLAYER, COACH, TEAM = "player", "coach", "team"


@dataclass
class Contribution:
    """A match's share of every read model; rows are replaced whole when the match changes."""

    score: str = ""
    phase: str = ""
    winner: str | None = None
    finished: bool = False
    # Once finished: coaches best first, sharing a place when level, and their goals (crowns).
    result: MatchResult | None = None
    # (subject kind, subject, statistic) -> count
    stats: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    # (coach, faces of the die, face shown, source) -> how many times
    dice: Counter[tuple[str, int, int, str]] = field(default_factory=Counter)

    def count(self, kind: str, subject: str, stat: str, by: int = 1) -> None:
        self.stats[(kind, subject, stat)] += by


def consequences(match: MatchRecord) -> Iterator[tuple[Entry, dict[str, Any]]]:
    """Each entry in force with each of its consequences, in order."""
    for line in match.effective_entries():
        for consequence in line.consequences:
            yield line, consequence.to_dict()


def result_of(match: MatchRecord, coaches: Mapping[str, str]) -> MatchResult | None:
    """The ruleset's own final ranking by coach: what a fold's `result` must agree with."""
    result = match.result()
    if result is None:
        return None
    places = tuple(tuple(coaches[side] for side in place) for place in result.ranking)
    goals = {coaches[side]: int(value) for side, value in result.scores.items()}
    return MatchResult(places, goals)
