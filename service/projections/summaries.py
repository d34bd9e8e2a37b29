"""Match summaries: one row per match, as `match list` and the standings pages read it, the
disputes still open in each match, as the league pages list them, and one row per side of
each match (its coach, team, finishing place and score), as the coach and team pages list
their match history.

An imported match's row carries its provenance (as `Provenance.to_data` writes it), and the
file's SHA-256 and claimed origin on their own, so that an import can find the matches the
same file or the same match was imported as before.
"""

from __future__ import annotations

import json

from service.projections.database import Sql
from service.projections.fold import Contribution
from service.projections.folding import MatchFacts
from service.projections.views import Batch, counted, replace_match_rows

COLUMNS = (
    "match_id", "ruleset", "title", "league", "status", "score", "phase", "winner",
    "entries", "started_at", "last_entry_at", "result_status", "awaiting", "open_disputes",
    "imported", "import_sha256", "import_origin",
)  # fmt: skip
DISPUTE_COLUMNS = ("match_id", "dispute", "entry", "reason", "disputed_by", "disputed_at")
SIDE_COLUMNS = ("match_id", "seat", "side", "coach", "team", "place", "scored")


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
    tables: tuple[str, ...] = ("match_summaries", "match_disputes", "match_sides")
    # 3: the result's confirmation (result_status, awaiting), the open disputes and the
    # provenance of imported matches. 4: the sides of each match (match_sides).
    version = 4

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
        # `seat` orders the sides as the setup seats them; `place` (1 for the winners, level
        # sides sharing one) and `scored` (goals, crowns) stay NULL until the rules rank the
        # match, and for an abandoned one.
        sql.run(
            "CREATE TABLE IF NOT EXISTS match_sides (match_id TEXT NOT NULL, "
            "seat INTEGER NOT NULL, side TEXT NOT NULL, coach TEXT NOT NULL, "
            "team TEXT NOT NULL, place INTEGER, scored INTEGER, PRIMARY KEY (match_id, seat))"
        )
        sql.run("CREATE INDEX IF NOT EXISTS match_sides_coach ON match_sides (coach)")
        sql.run("CREATE INDEX IF NOT EXISTS match_sides_team ON match_sides (team)")

    def apply(self, sql: Sql, batch: Batch) -> None:
        rows: list[tuple[object, ...]] = []
        disputes: list[tuple[object, ...]] = []
        sides: list[tuple[object, ...]] = []
        ids = [str(m.id) for m, _ in batch.matches]
        for table in self.tables:
            replace_match_rows(sql, table, ids)
        for match, contribution in counted(batch):
            rows.append(row_of(match, contribution))
            disputes.extend(
                (str(match.id), d.number, d.on, d.reason, d.by, d.at) for d in contribution.disputes
            )
            sides.extend(side_rows(match, contribution))
        for table, columns, values in (
            ("match_summaries", COLUMNS, rows),
            ("match_disputes", DISPUTE_COLUMNS, disputes),
            ("match_sides", SIDE_COLUMNS, sides),
        ):
            sql.insert(table, columns, values)


def side_rows(match: MatchFacts, contribution: Contribution) -> list[tuple[object, ...]]:
    """One row per side, in seating order; places and scores only for a ranked match that was
    not abandoned."""
    ranked = not match.abandoned and bool(contribution.places)
    return [
        (
            str(match.id),
            seat,
            p.side,
            p.coach,
            p.team,
            contribution.places.get(p.side) if ranked else None,
            contribution.final_score.get(p.side) if ranked else None,
        )
        for seat, p in enumerate(match.participants)
    ]


def row_of(match: MatchFacts, contribution: Contribution) -> tuple[object, ...]:
    provenance = match.provenance
    return (
        str(match.id),
        match.ruleset_name,
        str(match.title),  # text: the title is kept as it reads in English
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
