"""Match summaries: one row per match, as `match list` and the standings pages read it, and
the disputes still open in each match, as the league pages list them.

An imported match's row carries its provenance (as `Provenance.to_data` writes it), and the
file's SHA-256 and claimed origin on their own, so that an import can find the matches the
same file or the same match was imported as before.
"""

from __future__ import annotations

import json

from service.projections.database import Sql
from service.projections.fold import Contribution
from service.projections.folding import MatchFacts
from service.projections.views import Batch, replace_match_rows

COLUMNS = (
    "match_id", "ruleset", "title", "league", "status", "score", "phase", "winner",
    "entries", "started_at", "last_entry_at", "result_status", "awaiting", "open_disputes",
    "imported", "import_sha256", "import_origin",
)  # fmt: skip
DISPUTE_COLUMNS = ("match_id", "dispute", "entry", "reason", "disputed_by", "disputed_at")


def status(match: MatchFacts, contribution: Contribution) -> str:
    if match.abandoned:
        return "abandoned"
    return "finished" if contribution.finished else "in progress"


class MatchSummaries:
    name = "summaries"
    description = (
        "one row per match: teams, league, status, score, phase, winner, times, whether the "
        "coaches confirmed the result, import; and the disputes still open"
    )
    tables: tuple[str, ...] = ("match_summaries", "match_disputes")
    # 3: the result's confirmation (result_status, awaiting), the open disputes and the
    # provenance of imported matches.
    version = 3

    def create(self, sql: Sql) -> None:
        sql.run(
            "CREATE TABLE IF NOT EXISTS match_summaries (match_id TEXT PRIMARY KEY, "
            "ruleset TEXT NOT NULL, title TEXT NOT NULL, league TEXT, status TEXT NOT NULL, "
            "score TEXT NOT NULL, phase TEXT NOT NULL, winner TEXT, entries INTEGER NOT NULL, "
            "started_at TEXT NOT NULL, last_entry_at TEXT, result_status TEXT NOT NULL, "
            "awaiting TEXT NOT NULL, open_disputes INTEGER NOT NULL, imported TEXT, "
            "import_sha256 TEXT, import_origin TEXT)"
        )
        # `entry` is the disputed entry's line number; NULL when the result itself is disputed.
        sql.run(
            "CREATE TABLE IF NOT EXISTS match_disputes (match_id TEXT NOT NULL, "
            "dispute INTEGER NOT NULL, entry INTEGER, reason TEXT NOT NULL, "
            "disputed_by TEXT NOT NULL, disputed_at TEXT NOT NULL, "
            "PRIMARY KEY (match_id, dispute))"
        )

    def apply(self, sql: Sql, batch: Batch) -> None:
        rows: list[tuple[object, ...]] = []
        disputes: list[tuple[object, ...]] = []
        ids = [str(m.id) for m, _ in batch.matches]
        replace_match_rows(sql, "match_summaries", ids)
        replace_match_rows(sql, "match_disputes", ids)
        for match, contribution in batch.matches:
            rows.append(row_of(match, contribution))
            disputes.extend(
                (str(match.id), d.number, d.on, d.reason, d.by, d.at) for d in contribution.disputes
            )
        for table, columns, values in (
            ("match_summaries", COLUMNS, rows),
            ("match_disputes", DISPUTE_COLUMNS, disputes),
        ):
            placeholders = ", ".join("?" for _ in columns)
            sql.many(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders})", values)


def row_of(match: MatchFacts, contribution: Contribution) -> tuple[object, ...]:
    provenance = match.provenance
    return (
        str(match.id),
        match.ruleset_name,
        match.title,
        match.league,
        status(match, contribution),
        contribution.score,
        contribution.phase,
        contribution.winner,
        match.entries,
        match.created_at,
        match.last_entry_at,
        contribution.result_state,
        json.dumps(list(contribution.awaiting)),
        len(contribution.disputes),
        None if provenance is None else json.dumps(provenance.to_data(), ensure_ascii=False),
        None if provenance is None else provenance.file.sha256,
        None if provenance is None else provenance.file.origin,
    )
