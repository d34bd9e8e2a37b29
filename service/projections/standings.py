"""League standings: each league's settings, its matches' results, and the table itself.

A batch stores the settings and each league match's result, and marks stale the leagues whose
settings or whose matches' status, coaches or result it changed (most entries change none of
them); the table itself is recomputed whole, with the pure `domain.standings`, when it is next
read (`refresh`). Recomputing on every batch would make a rebuild quadratic in the league's
size. Abandoned and unfinished matches count for nothing, though their coaches are listed as
entrants. A finished match's result is stored with where it stands with the coaches
(confirmed, unconfirmed, disputed); whether it counts is the league's setting, applied when
the table is computed, so a change of setting needs no match folded again.
"""

from __future__ import annotations

import json

from domain.league import LeagueRules
from domain.standings import MatchResult, standings
from service.projections.database import Sql
from service.projections.fold import coaches_of
from service.projections.summaries import status
from service.projections.views import Batch

TABLE_COLUMNS = (
    "league", "place", "competitor", "played", "won", "drawn", "lost", "goals_for",
    "goals_against", "difference", "points", "decided_by", "confirmed", "unconfirmed",
    "disputed",
)  # fmt: skip


class Standings:
    name = "standings"
    description = "league tables with the tie-breaker that decided each place"
    tables: tuple[str, ...] = ("league_settings", "league_matches", "league_standings")
    # 3: results carry their confirmation; the league's count_unconfirmed; rows count results
    # by confirmation.
    version = 3

    def create(self, sql: Sql) -> None:
        sql.run(
            "CREATE TABLE IF NOT EXISTS league_settings (league TEXT PRIMARY KEY, "
            "ruleset TEXT NOT NULL, points TEXT NOT NULL, tiebreak TEXT NOT NULL, "
            "count_unconfirmed INTEGER NOT NULL, "
            "created_at TEXT NOT NULL, stale INTEGER NOT NULL DEFAULT 1)"
        )
        sql.run(
            "CREATE TABLE IF NOT EXISTS league_matches (match_id TEXT PRIMARY KEY, "
            "league TEXT NOT NULL, status TEXT NOT NULL, coaches TEXT NOT NULL, result TEXT)"
        )
        sql.run(
            "CREATE TABLE IF NOT EXISTS league_standings (league TEXT NOT NULL, "
            "place INTEGER NOT NULL, competitor TEXT NOT NULL, played INTEGER NOT NULL, "
            "won INTEGER NOT NULL, drawn INTEGER NOT NULL, lost INTEGER NOT NULL, "
            "goals_for INTEGER NOT NULL, goals_against INTEGER NOT NULL, "
            "difference INTEGER NOT NULL, points INTEGER NOT NULL, decided_by TEXT NOT NULL, "
            "confirmed INTEGER NOT NULL, unconfirmed INTEGER NOT NULL, "
            "disputed INTEGER NOT NULL, PRIMARY KEY (league, competitor))"
        )

    def apply(self, sql: Sql, batch: Batch) -> None:
        touched: set[str] = set()
        for league in batch.leagues:
            sql.run("DELETE FROM league_settings WHERE league = ?", (league.name,))
            sql.run(
                "INSERT INTO league_settings (league, ruleset, points, tiebreak, "
                "count_unconfirmed, created_at, stale) VALUES (?, ?, ?, ?, ?, ?, 1)",
                (
                    league.name,
                    league.ruleset,
                    json.dumps(league.points),
                    json.dumps(league.tiebreak),
                    1 if league.count_unconfirmed else 0,
                    league.created_at,
                ),
            )
            touched.add(league.name)
        for match, contribution in batch.matches:
            if match.league is None:
                continue
            state = status(match, contribution)
            coaches = coaches_of(match)
            result = contribution.result if state == "finished" else None
            row = (
                match.league,
                state,
                json.dumps(list(coaches.values())),
                None if result is None else _encode(result),
            )
            stored = sql.rows(
                "SELECT league, status, coaches, result FROM league_matches WHERE match_id = ?",
                (str(match.id),),
            )
            if stored and tuple(stored[0].values()) == row:
                # Most entries change no standing (a card played in the first half): the
                # table stays as it is, and reading it costs no recomputation.
                continue
            sql.run("DELETE FROM league_matches WHERE match_id = ?", (str(match.id),))
            sql.run(
                "INSERT INTO league_matches (match_id, league, status, coaches, result) "
                "VALUES (?, ?, ?, ?, ?)",
                (str(match.id), *row),
            )
            touched.add(match.league)
        for name in sorted(touched):
            sql.run("UPDATE league_settings SET stale = 1 WHERE league = ?", (name,))


def refresh(sql: Sql, league: str | None = None) -> None:
    """Recompute the tables of stale leagues (one league, or all); call in a write transaction.

    The table is a pure function of the league's stored results, which are tracked: whoever
    refreshes, and whenever, gets the same rows.
    """
    where, params = ("AND league = ?", (league,)) if league else ("", ())
    for row in sql.rows(f"SELECT league FROM league_settings WHERE stale = 1 {where}", params):
        _recompute(sql, row["league"])
        sql.run("UPDATE league_settings SET stale = 0 WHERE league = ?", (row["league"],))


def _recompute(sql: Sql, league: str) -> None:
    settings = sql.rows("SELECT * FROM league_settings WHERE league = ?", (league,))
    if not settings:
        return
    s = settings[0]
    rules = LeagueRules(s["ruleset"], tuple(json.loads(s["points"])),
                        tuple(json.loads(s["tiebreak"])), bool(s["count_unconfirmed"]))  # fmt: skip
    matches = sql.rows(
        "SELECT status, coaches, result FROM league_matches WHERE league = ? ORDER BY match_id",
        (league,),
    )
    results = [_decode(m["result"]) for m in matches if m["result"] is not None]
    entrants = sorted(
        {c for m in matches if m["status"] != "abandoned" for c in json.loads(m["coaches"])}
    )
    sql.run("DELETE FROM league_standings WHERE league = ?", (league,))
    rows = [
        tuple({"league": league, **place.to_dict()}[c] for c in TABLE_COLUMNS)
        for place in standings(rules, results, entrants)
    ]
    marks = ", ".join("?" for _ in TABLE_COLUMNS)
    sql.many(f"INSERT INTO league_standings ({', '.join(TABLE_COLUMNS)}) VALUES ({marks})", rows)


def _encode(result: MatchResult) -> str:
    return json.dumps(
        {
            "places": [list(p) for p in result.places],
            "goals": dict(result.goals),
            "state": result.state,
        }
    )


def _decode(text: str) -> MatchResult:
    data = json.loads(text)
    return MatchResult(tuple(tuple(p) for p in data["places"]), data["goals"], data["state"])
