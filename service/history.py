"""The match history of a coach or a team: every match they played, what each game's record
of them says (won, drawn and lost, or the places they finished in) and how they fared against
each opponent.

Read from the summaries view's `match_sides` (one row per side of every match). How a game
ranks its coaches is its own declaration (`LeagueRanking`): a game of goals gives won, drawn
and lost; a game of placings (several teams, crowns) gives the places finished in, and a
meeting there is finished ahead of, level with or behind the other. Only matches the rules
ranked count in a record; matches in progress and abandoned ones are listed all the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from domain.phrase import phrase
from service.errors import BadInput, NothingKnown
from service.projections.subjects import COACH, TEAM
from service.store import StoreApplication

# The values answered, and how they are made from the rows, are imported by the queries that
# make them: a command about one match never loads them (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from service.history_views import GameRecord as GameRecord
    from service.history_views import HeadToHead as HeadToHead
    from service.history_views import History as History
    from service.history_views import Opponent as Opponent
    from service.history_views import PlayedMatch as PlayedMatch
    from service.history_views import Row
    from service.history_views import ordinal as ordinal
    from service.projections.database import Sql

HISTORY_KINDS = {COACH: "coach", TEAM: "team"}

# The answers' values are in service/history_views.py; they are still found here by the name
# they always had.
_VALUES = ("GameRecord", "HeadToHead", "History", "Opponent", "PlayedMatch", "ordinal")


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from service import history_views

        return getattr(history_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class HistoryQueries(StoreApplication):
    def coach_history(self, name: str) -> History:
        return self.history(COACH, name)

    def team_history(self, name: str) -> History:
        return self.history(TEAM, name)

    def history(self, kind: str, name: str) -> History:
        """Every match of a coach or team, newest first, with its records and head-to-head;
        the name in any case, as long as some match knows it."""
        column = _column(kind)
        with self._read("summaries") as sql:
            spelled = _spelling(sql, column, name)
            own = sql.rows(
                "SELECT s.match_id, s.ruleset, s.league, s.status, s.score, s.started_at, "
                "s.result_status, m.seat, m.coach, m.team, m.place, m.scored "
                f"FROM match_sides m JOIN match_summaries s ON s.match_id = m.match_id "
                f"WHERE m.{column} = ? ORDER BY s.started_at DESC, s.match_id DESC, m.seat",
                (spelled,),
            )
            sides = _sides_of(sql, sorted({r["match_id"] for r in own}))
        from service.history_views import History, head_to_head, played, records

        matches = tuple(played(row, sides[row["match_id"]]) for row in own)
        return History(
            kind, spelled, matches, records(matches), head_to_head(matches, column, spelled)
        )

    def history_names(self, kind: str) -> list[str]:
        """Every coach (or team) of a recorded match, alphabetically."""
        column = _column(kind)
        with self._read("summaries") as sql:
            rows = sql.rows(f"SELECT DISTINCT {column} AS name FROM match_sides")
        return sorted((r["name"] for r in rows), key=str.casefold)


def _column(kind: str) -> str:
    if kind not in HISTORY_KINDS:
        raise BadInput(phrase("no match history is kept per {kind}", kind=repr(kind)))
    return HISTORY_KINDS[kind]


def _spelling(sql: Sql, column: str, name: str) -> str:
    if sql.value(f"SELECT 1 FROM match_sides WHERE {column} = ? LIMIT 1", (name,)):
        return name
    wanted = name.strip().casefold()
    for row in sql.rows(f"SELECT DISTINCT {column} AS name FROM match_sides"):
        if row["name"].casefold() == wanted:
            return str(row["name"])
    raise NothingKnown(f"no {column} called {name!r} in any recorded match")


# Match ids per query: well under SQLite's oldest limit of 999 parameters.
IDS_PER_QUERY = 500


def _sides_of(sql: Sql, match_ids: Sequence[str]) -> dict[str, list[Row]]:
    found: dict[str, list[Row]] = {match_id: [] for match_id in match_ids}
    for start in range(0, len(match_ids), IDS_PER_QUERY):
        chunk = match_ids[start : start + IDS_PER_QUERY]
        marks = ", ".join("?" for _ in chunk)
        for row in sql.rows(
            "SELECT match_id, seat, coach, team, place, scored FROM match_sides "
            f"WHERE match_id IN ({marks}) ORDER BY match_id, seat",
            chunk,
        ):
            found[row["match_id"]].append(row)
    return found
