"""Match summaries: one row per match, as `match list` and the standings pages read it."""

from __future__ import annotations

from domain.match import MatchRecord
from service.projections.database import Sql
from service.projections.fold import Contribution
from service.projections.views import Batch, replace_match_rows
from service.views import title_of

COLUMNS = (
    "match_id", "ruleset", "title", "league", "status", "score", "phase", "winner",
    "entries", "started_at", "last_entry_at",
)  # fmt: skip


def status(match: MatchRecord, contribution: Contribution) -> str:
    if match.abandonment is not None:
        return "abandoned"
    return "finished" if contribution.finished else "in progress"


class MatchSummaries:
    name = "summaries"
    description = "one row per match: teams, league, status, score, phase, winner, times"
    tables: tuple[str, ...] = ("match_summaries",)
    version = 2

    def create(self, sql: Sql) -> None:
        sql.run(
            "CREATE TABLE IF NOT EXISTS match_summaries (match_id TEXT PRIMARY KEY, "
            "ruleset TEXT NOT NULL, title TEXT NOT NULL, league TEXT, status TEXT NOT NULL, "
            "score TEXT NOT NULL, phase TEXT NOT NULL, winner TEXT, entries INTEGER NOT NULL, "
            "started_at TEXT NOT NULL, last_entry_at TEXT)"
        )

    def apply(self, sql: Sql, batch: Batch) -> None:
        rows = []
        for match, contribution in batch.matches:
            replace_match_rows(sql, "match_summaries", str(match.id))
            rows.append(row_of(match, contribution))
        placeholders = ", ".join("?" for _ in COLUMNS)
        sql.many(
            f"INSERT INTO match_summaries ({', '.join(COLUMNS)}) VALUES ({placeholders})", rows
        )


def row_of(match: MatchRecord, contribution: Contribution) -> tuple[object, ...]:
    return (
        str(match.id),
        match.ruleset_name,
        title_of(match),
        match.league,
        status(match, contribution),
        contribution.score,
        contribution.phase,
        contribution.winner,
        len(match.effective_entries()),
        match.created_at,
        match.log[-1].at if match.log else None,
    )
