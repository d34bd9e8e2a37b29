"""What the read side answers. Every question first catches the views up with the log, so a
command run right after an entry already sees it (read-your-writes)."""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from eventsourcing.application import Application

from service.errors import TouchlineError
from service.projections import projector_for
from service.projections.database import Sql
from service.projections.fairness import Fairness, fairness
from service.projections.fold import COACH, PLAYER, TEAM
from service.projections.standings import refresh


class NothingKnown(TouchlineError):
    """A name the views have never seen."""


@dataclass(frozen=True)
class SubjectStats:
    kind: str
    name: str
    matches: int
    counts: dict[str, int]


@dataclass(frozen=True)
class LeagueSummary:
    name: str
    ruleset: str
    points: tuple[int, ...]
    tiebreak: tuple[str, ...]
    matches: int
    finished: int


class ReadSide:
    def __init__(self, app: Application[Any]) -> None:
        self.projector = projector_for(app)

    def _read(self, names: tuple[str, ...]) -> AbstractContextManager[Sql]:
        self.projector.catch_up(names)
        return self.projector.db.transaction(commit=False)

    # -- statistics -------------------------------------------------------------------

    def player(self, name: str) -> SubjectStats:
        return self._subject(PLAYER, name)

    def coach(self, name: str) -> SubjectStats:
        return self._subject(COACH, name)

    def team(self, name: str) -> SubjectStats:
        return self._subject(TEAM, name)

    def _subject(self, kind: str, name: str) -> SubjectStats:
        with self._read(("statistics",)) as sql:
            spelled = _spelling(sql, kind, name)
            rows = sql.rows(
                "SELECT stat, SUM(value) AS total, COUNT(DISTINCT match_id) AS matches "
                "FROM stats_counts WHERE subject_kind = ? AND subject = ? GROUP BY stat",
                (kind, spelled),
            )
            matches = sql.value(
                "SELECT COUNT(DISTINCT match_id) FROM stats_counts "
                "WHERE subject_kind = ? AND subject = ?",
                (kind, spelled),
            )
        counts = {r["stat"]: int(r["total"]) for r in rows if r["stat"] != "matches"}
        return SubjectStats(kind, spelled, int(matches or 0), dict(sorted(counts.items())))

    # -- dice -------------------------------------------------------------------------

    def dice(self, coach: str | None = None) -> list[Fairness]:
        """One fairness figure per die type, for one coach or everybody."""
        with self._read(("dice",)) as sql:
            where, params = "", tuple[str, ...]()
            if coach is not None:
                spelled = _dice_coach(sql, coach)
                where, params = "WHERE coach = ?", (spelled,)
            rows = sql.rows(
                f"SELECT faces, face, SUM(rolls) AS n FROM dice_counts {where} "
                "GROUP BY faces, face ORDER BY faces, face",
                params,
            )
        by_die: dict[int, dict[int, int]] = {}
        for r in rows:
            by_die.setdefault(int(r["faces"]), {})[int(r["face"])] = int(r["n"])
        return [fairness(faces, counts) for faces, counts in sorted(by_die.items())]

    # -- leagues ----------------------------------------------------------------------

    def leagues(self) -> list[LeagueSummary]:
        with self._read(("standings",)) as sql:
            rows = sql.rows(
                "SELECT s.league, s.ruleset, s.points, s.tiebreak, s.created_at, "
                "COUNT(m.match_id) AS matches, "
                "SUM(CASE WHEN m.result IS NULL THEN 0 ELSE 1 END) AS finished "
                "FROM league_settings s LEFT JOIN league_matches m ON m.league = s.league "
                "GROUP BY s.league, s.ruleset, s.points, s.tiebreak, s.created_at "
                "ORDER BY s.created_at, s.league"
            )
        return [
            LeagueSummary(
                r["league"],
                r["ruleset"],
                tuple(json.loads(r["points"])),
                tuple(json.loads(r["tiebreak"])),
                int(r["matches"]),
                int(r["finished"] or 0),
            )
            for r in rows
        ]

    def standings(self, league: str) -> list[dict[str, Any]]:
        """The table's rows, best first; the league must exist (see service.leagues)."""
        self.projector.catch_up(("standings",))
        with self.projector.db.transaction() as sql:
            refresh(sql, league)
            return sql.rows(
                "SELECT place, competitor, played, won, drawn, lost, goals_for, goals_against, "
                "difference, points, decided_by FROM league_standings WHERE league = ? "
                "ORDER BY place, competitor",
                (league,),
            )

    def summaries(self) -> list[dict[str, Any]]:
        with self._read(("summaries",)) as sql:
            return sql.rows("SELECT * FROM match_summaries ORDER BY started_at, match_id")


def _spelling(sql: Sql, kind: str, name: str) -> str:
    """The stored spelling of a name given in any case; refuse a name never seen."""
    found = sql.rows("SELECT DISTINCT subject FROM stats_counts WHERE subject_kind = ?", (kind,))
    return _match_name(kind, name, [r["subject"] for r in found])


def _dice_coach(sql: Sql, name: str) -> str:
    found = sql.rows("SELECT DISTINCT coach FROM dice_counts")
    return _match_name("coach", name, [r["coach"] for r in found])


def _match_name(kind: str, name: str, known: list[str]) -> str:
    if name in known:
        return name
    folded = [k for k in known if k.casefold() == name.strip().casefold()]
    if folded:
        return folded[0]
    raise NothingKnown(f"no {kind} called {name!r} in any recorded match")
