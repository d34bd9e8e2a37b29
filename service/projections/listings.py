"""Lists for browsing the read side: every name the statistics know, every coach who rolled a
die, and the matches of one league. Like every read, each catches its views up first."""

from __future__ import annotations

from typing import Any

from service.projections.fold import COACH, PLAYER, TEAM
from service.projections.queries import ReadSide

SUBJECT_KINDS = (PLAYER, COACH, TEAM)


class Listings(ReadSide):
    def subjects(self, kind: str) -> list[str]:
        """The names of one kind of subject (player, coach, team), alphabetically."""
        if kind not in SUBJECT_KINDS:
            raise ValueError(f"no statistics are kept per {kind!r}")
        with self._read(("statistics",)) as sql:
            rows = sql.rows(
                "SELECT DISTINCT subject FROM stats_counts WHERE subject_kind = ?", (kind,)
            )
        return sorted((r["subject"] for r in rows), key=str.casefold)

    def dice_coaches(self) -> list[str]:
        with self._read(("dice",)) as sql:
            rows = sql.rows("SELECT DISTINCT coach FROM dice_counts")
        return sorted((r["coach"] for r in rows), key=str.casefold)

    def league_matches(self, league: str) -> list[dict[str, Any]]:
        """The summaries of a league's matches, oldest first."""
        with self._read(("summaries",)) as sql:
            return sql.rows(
                "SELECT * FROM match_summaries WHERE league = ? ORDER BY started_at, match_id",
                (league,),
            )
