"""What every view shares: its tables, and the batch of changes it folds in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from domain.league import League
from service.projections.database import Sql
from service.projections.fold import Contribution
from service.projections.folding import MatchFacts


@dataclass
class Batch:
    """The aggregates a run of notifications touched, each as it stands after the run: a
    match as its facts and contribution (service/projections/folding.py)."""

    matches: list[tuple[MatchFacts, Contribution]] = field(default_factory=list)
    leagues: list[League] = field(default_factory=list)


class View(Protocol):
    name: str
    description: str
    tables: tuple[str, ...]
    # Raised whenever a release changes what the view holds (its fold or its tables): on start,
    # a view whose rows were built by another version is rebuilt by itself.
    version: int

    def create(self, sql: Sql) -> None:
        """Create the view's tables if they are missing."""

    def apply(self, sql: Sql, batch: Batch) -> None:
        """Replace the rows of every match (and league) in the batch."""


def counted(batch: Batch) -> list[tuple[MatchFacts, Contribution]]:
    """The batch's matches that count: not what-if branches (domain.branching), which are in
    no listing, statistics, dice or history. Their rows are replaced all the same, so a match
    whose branch event came in a later batch than its creation leaves none behind."""
    return [(match, contribution) for match, contribution in batch.matches if not match.branch]


def drop(sql: Sql, view: View) -> None:
    for table in view.tables:
        sql.run(f"DROP TABLE IF EXISTS {table}")


# Ids per DELETE: well under SQLite's oldest limit of 999 parameters.
IDS_PER_STATEMENT = 500


def replace_match_rows(sql: Sql, table: str, match_ids: Sequence[str]) -> None:
    """Delete the rows of these matches, a few statements for a whole batch."""
    for start in range(0, len(match_ids), IDS_PER_STATEMENT):
        chunk = match_ids[start : start + IDS_PER_STATEMENT]
        marks = ", ".join("?" for _ in chunk)
        sql.run(f"DELETE FROM {table} WHERE match_id IN ({marks})", chunk)
