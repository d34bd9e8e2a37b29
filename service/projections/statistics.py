"""Statistics per player card, coach and team: one row per match, subject and statistic.

Totals are sums over matches at query time, so a corrected or abandoned match changes them
by replacing only its own rows.
"""

from __future__ import annotations

from service.projections.database import Sql
from service.projections.subjects import COACH
from service.projections.views import Batch, counted, replace_match_rows

STATS_COLUMNS = ("match_id", "ruleset", "subject_kind", "subject", "stat", "value")


class Statistics:
    name = "statistics"
    description = "per player card, coach and team: goals, shots, passes, defenses, duels …"
    tables: tuple[str, ...] = ("stats_counts",)
    # 3: only the cards a game declares players count per player (no Match card).
    version = 3

    def create(self, sql: Sql) -> None:
        sql.run(
            "CREATE TABLE IF NOT EXISTS stats_counts (match_id TEXT NOT NULL, "
            "ruleset TEXT NOT NULL, subject_kind TEXT NOT NULL, subject TEXT NOT NULL, "
            "stat TEXT NOT NULL, value INTEGER NOT NULL, "
            "PRIMARY KEY (match_id, subject_kind, subject, stat))"
        )

    def apply(self, sql: Sql, batch: Batch) -> None:
        rows: list[tuple[object, ...]] = []
        replace_match_rows(sql, "stats_counts", [str(m.id) for m, _ in batch.matches])
        for match, contribution in counted(batch):
            match_id = str(match.id)
            counts = dict(contribution.stats)
            # Every coach of a match is counted as having played it, even without a statistic.
            for coach in match.coaches.values():
                counts[(COACH, coach, "matches")] = 1
            rows.extend(
                (match_id, match.ruleset_name, kind, subject, stat, value)
                for (kind, subject, stat), value in counts.items()
            )
        sql.insert("stats_counts", STATS_COLUMNS, rows)
