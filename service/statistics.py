"""Statistics queries: per player card, coach and team, and how fair the dice are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.names import name_key
from domain.phrase import phrase
from service.errors import BadInput, NothingKnown
from service.projections.subjects import APP, COACH, DIE_SOURCES, PLAYER, TABLE, TEAM
from service.store import StoreApplication

# The values answered and the dice's fairness test are imported by the queries that make
# them: a command about one match never loads them (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from service.projections.database import Sql
    from service.projections.fairness import SUSPICIOUS_P as SUSPICIOUS_P
    from service.projections.fairness import Fairness as Fairness
    from service.statistics_views import DiceBySource as DiceBySource
    from service.statistics_views import SubjectStats as SubjectStats

SUBJECT_KINDS = (PLAYER, COACH, TEAM)

__all__ = [
    "APP",
    "COACH",
    "DIE_SOURCES",
    "PLAYER",
    "SUBJECT_KINDS",
    "SUSPICIOUS_P",
    "TABLE",
    "TEAM",
    "DiceBySource",
    "Fairness",
    "StatisticsQueries",
    "SubjectStats",
]

# The answers' values are in service/statistics_views.py and the fairness test's in
# service/projections/fairness.py; they are still found here by the names they always had.
_VALUES = {
    "DiceBySource": "service.statistics_views",
    "SubjectStats": "service.statistics_views",
    "Fairness": "service.projections.fairness",
    "SUSPICIOUS_P": "service.projections.fairness",
}


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from importlib import import_module

        return getattr(import_module(_VALUES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class StatisticsQueries(StoreApplication):
    def player_stats(self, name: str) -> SubjectStats:
        return self.subject_stats(PLAYER, name)

    def coach_stats(self, name: str) -> SubjectStats:
        return self.subject_stats(COACH, name)

    def team_stats(self, name: str) -> SubjectStats:
        return self.subject_stats(TEAM, name)

    def subject_stats(self, kind: str, name: str) -> SubjectStats:
        """A subject's totals over every match; the name in any case, as long as it is known."""
        from service.statistics_views import SubjectStats

        _check_kind(kind)
        with self._read("statistics") as sql:
            spellings = _spellings(sql, kind, name)
            spelled = spellings[0]
            among = ", ".join("?" * len(spellings))
            rows = sql.rows(
                "SELECT stat, SUM(value) AS total, COUNT(DISTINCT match_id) AS matches "
                f"FROM stats_counts WHERE subject_kind = ? AND subject IN ({among}) GROUP BY stat",
                (kind, *spellings),
            )
            matches = sql.value(
                "SELECT COUNT(DISTINCT match_id) FROM stats_counts "
                f"WHERE subject_kind = ? AND subject IN ({among})",
                (kind, *spellings),
            )
        counts = {r["stat"]: int(r["total"]) for r in rows if r["stat"] != "matches"}
        return SubjectStats(kind, spelled, int(matches or 0), dict(sorted(counts.items())))

    def subjects(self, kind: str) -> list[str]:
        """The names of one kind of subject (player, coach, team), alphabetically."""
        _check_kind(kind)
        with self._read("statistics") as sql:
            rows = sql.rows(
                "SELECT DISTINCT subject FROM stats_counts WHERE subject_kind = ?", (kind,)
            )
        return sorted((r["subject"] for r in rows), key=str.casefold)

    def dice(self, coach: str | None = None) -> list[Fairness]:
        """One fairness figure per die type, for one coach or everybody."""
        from service.projections.fairness import fairness

        with self._read("dice") as sql:
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

    def dice_sources(self, coach: str | None = None) -> list[DiceBySource]:
        """One fairness figure per source (the table's dice, die by named die, then the
        app's) and die type, for one coach or everybody."""
        from service.projections.fairness import fairness
        from service.statistics_views import DiceBySource

        with self._read("dice") as sql:
            where, params = "", tuple[str, ...]()
            if coach is not None:
                where, params = "WHERE coach = ?", (_dice_coach(sql, coach),)
            rows = sql.rows(
                f"SELECT source, die, faces, face, SUM(rolls) AS n FROM dice_counts {where} "
                "GROUP BY source, die, faces, face",
                params,
            )
        by_die: dict[tuple[str, str, int], dict[int, int]] = {}
        for r in rows:
            key = (str(r["source"]), str(r["die"]), int(r["faces"]))
            by_die.setdefault(key, {})[int(r["face"])] = int(r["n"])
        order = {source: n for n, source in enumerate(DIE_SOURCES)}
        return [
            DiceBySource(source, die, fairness(faces, counts))
            for (source, die, faces), counts in sorted(
                by_die.items(),
                key=lambda item: (
                    order.get(item[0][0], len(order)),
                    item[0][0],
                    item[0][1] == "",  # named dice first, the unnamed after them
                    item[0][1].casefold(),
                    item[0][2],
                ),
            )
        ]

    def dice_coaches(self) -> list[str]:
        """Every coach who rolled a recorded die, alphabetically."""
        with self._read("dice") as sql:
            rows = sql.rows("SELECT DISTINCT coach FROM dice_counts")
        return sorted((r["coach"] for r in rows), key=str.casefold)


def _check_kind(kind: str) -> None:
    if kind not in SUBJECT_KINDS:
        raise BadInput(phrase("no statistics are kept per {kind}", kind=repr(kind)))


def _spellings(sql: Sql, kind: str, name: str) -> list[str]:
    """The stored spellings of a name given in any case, the closest first; refuse a name never
    seen. A player or team is one subject under its names in either language (`大空翼` and
    `Tsubasa Ozora`, domain/names.py): the matches store each name as it was typed."""
    found = sql.rows("SELECT DISTINCT subject FROM stats_counts WHERE subject_kind = ?", (kind,))
    known = [r["subject"] for r in found]
    if kind == COACH:
        return [_match_name(kind, name, known)]
    same = sorted((k for k in known if name_key(k) == name_key(name)), key=lambda k: (k != name, k))
    if not same:
        raise NothingKnown(f"no {kind} called {name!r} in any recorded match")
    return same


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
