"""League standings: each league's settings, its matches' results, and the table itself.

A batch stores the settings and each league match's result. It also keeps, result by result,
what a table is made of: each competitor's tally (`league_tallies`, with the number of the
league's matches it is entered in) and the points competitors earned among themselves
(`league_head_to_head`, summed per set of competitors, for the head-to-head tie-breaker). A
match whose status, coaches or result changed takes its old contribution away and adds its new
one; most entries change none of them (a card played in the first half) and touch nothing. A
change of the league's settings works its tallies out again from its stored results.

The table itself is ranked with the pure `domain.standings.ranked` from those few rows when it
is next read after a change (`refresh`): reading it costs nothing in proportion to the number
of matches in the league. Abandoned and unfinished matches count for nothing, though their
coaches are listed as entrants. A finished match's result is stored with where it stands with
the coaches (confirmed, unconfirmed, disputed); whether it counts is the league's setting.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from domain.league import LeagueRules
from domain.standings import (
    TALLY_COUNTS,
    MatchResult,
    Tally,
    head_to_head,
    ranked,
    tally,
)
from service.projections.database import Sql
from service.projections.summaries import status
from service.projections.views import IDS_PER_STATEMENT, Batch

TABLE_COLUMNS = (
    "league", "place", "competitor", "played", "won", "drawn", "lost", "goals_for",
    "goals_against", "difference", "points", "decided_by", "confirmed", "unconfirmed",
    "disputed",
)  # fmt: skip

# A league match as the view stores it: (league, status, coaches as JSON, result as JSON).
MatchRow = tuple[str, str, str, str | None]


class Standings:
    name = "standings"
    description = "league tables with the tie-breaker that decided each place"
    tables: tuple[str, ...] = (
        "league_settings",
        "league_matches",
        "league_standings",
        "league_tallies",
        "league_head_to_head",
    )
    # 3: results carry their confirmation; the league's count_unconfirmed; rows count results
    # by confirmation. 4: tallies and head-to-head points kept result by result.
    version = 4

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
        counts = ", ".join(f"{name} INTEGER NOT NULL" for name in ("entries", *TALLY_COUNTS))
        sql.run(
            "CREATE TABLE IF NOT EXISTS league_tallies (league TEXT NOT NULL, "
            f"competitor TEXT NOT NULL, {counts}, PRIMARY KEY (league, competitor))"
        )
        sql.run(
            "CREATE TABLE IF NOT EXISTS league_head_to_head (league TEXT NOT NULL, "
            "among TEXT NOT NULL, competitor TEXT NOT NULL, points INTEGER NOT NULL, "
            "PRIMARY KEY (league, among, competitor))"
        )

    def apply(self, sql: Sql, batch: Batch) -> None:
        touched: set[str] = set()
        retally: set[str] = set()
        for league in batch.leagues:
            settings = (
                league.ruleset,
                json.dumps(league.points),
                json.dumps(league.tiebreak),
                1 if league.count_unconfirmed else 0,
            )
            stored = sql.rows(
                "SELECT ruleset, points, tiebreak, count_unconfirmed FROM league_settings "
                "WHERE league = ?",
                (league.name,),
            )
            if stored and tuple(stored[0].values()) == settings:
                continue
            sql.run("DELETE FROM league_settings WHERE league = ?", (league.name,))
            sql.run(
                "INSERT INTO league_settings (league, ruleset, points, tiebreak, "
                "count_unconfirmed, created_at, stale) VALUES (?, ?, ?, ?, ?, ?, 1)",
                (league.name, *settings, league.created_at),
            )
            # New settings count every result again (a league's first settings too, whatever
            # order a rebuild meets its events in).
            retally.add(league.name)
            touched.add(league.name)
        league_matches = [(m, c) for m, c in batch.matches if m.league is not None and not m.branch]
        kept = _stored_rows(sql, [str(m.id) for m, _ in league_matches])
        rules: dict[str, LeagueRules | None] = {}
        parts = Parts()
        changed: list[tuple[str, MatchRow]] = []
        for match, contribution in league_matches:
            assert match.league is not None
            state = status(match, contribution)
            coaches = match.coaches
            result = contribution.result if state == "finished" else None
            row: MatchRow = (
                match.league,
                state,
                json.dumps(list(coaches.values())),
                None if result is None else _encode(result),
            )
            old = kept.get(str(match.id))
            if old == row:
                # Most entries change no standing: the table stays as it is.
                continue
            changed.append((str(match.id), row))
            if match.league not in retally:
                if match.league not in rules:
                    rules[match.league] = _rules(sql, match.league)
                if old is not None:
                    parts.count(rules[match.league], old, -1)
                parts.count(rules[match.league], row, 1)
            touched.add(match.league)
        for start in range(0, len(changed), IDS_PER_STATEMENT):
            chunk = [match_id for match_id, _ in changed[start : start + IDS_PER_STATEMENT]]
            marks = ", ".join("?" for _ in chunk)
            sql.run(f"DELETE FROM league_matches WHERE match_id IN ({marks})", chunk)
        sql.insert(
            "league_matches",
            ("match_id", "league", "status", "coaches", "result"),
            [(match_id, *row) for match_id, row in changed],
        )
        parts.write(sql)
        for name in sorted(retally):
            _retally(sql, name)
        for name in sorted(touched):
            sql.run("UPDATE league_settings SET stale = 1 WHERE league = ?", (name,))


def _rules(sql: Sql, league: str) -> LeagueRules | None:
    found = sql.rows("SELECT * FROM league_settings WHERE league = ?", (league,))
    if not found:
        return None
    s = found[0]
    return LeagueRules(s["ruleset"], tuple(json.loads(s["points"])),
                       tuple(json.loads(s["tiebreak"])), bool(s["count_unconfirmed"]))  # fmt: skip


class Parts:
    """What some league matches add to (or take away from) the kept tallies and head-to-head
    points, summed in memory and written in one statement per table."""

    def __init__(self) -> None:
        self.tallies: dict[tuple[str, str], list[int]] = {}
        self.head_to_head: dict[tuple[str, str, str], int] = {}

    def count(self, rules: LeagueRules | None, row: MatchRow, sign: int) -> None:
        """Add one league match's part in the table (or, with `sign` -1, take it away): its
        coaches' entries and, once it has a result, their tallies and head-to-head points."""
        league, state, coaches, encoded = row
        entered = [] if state == "abandoned" else json.loads(coaches)
        result = None if encoded is None else _decode(encoded)
        tallies = {} if rules is None or result is None else tally(rules, [result])
        for competitor in sorted({*entered, *tallies}):
            part = tallies.get(competitor, Tally(competitor))
            values = [sign * (competitor in entered)]
            values += [sign * getattr(part, name) for name in TALLY_COUNTS]
            kept = self.tallies.setdefault((league, competitor), [0] * len(values))
            kept[:] = [a + b for a, b in zip(kept, values, strict=True)]
        if rules is None or result is None:
            return
        for among, earned in head_to_head(rules, [result]).items():
            key = json.dumps(sorted(among))
            for competitor, points in sorted(earned.items()):
                at = (league, key, competitor)
                self.head_to_head[at] = self.head_to_head.get(at, 0) + sign * points

    def write(self, sql: Sql) -> None:
        """Add the sums to the stored rows, making each row with zeros first if it is new
        (a row touched stays, even at zero: as when each part was written by itself)."""
        _add(sql, "league_tallies", ("league", "competitor"), ("entries", *TALLY_COUNTS),
             [(*key, *values) for key, values in sorted(self.tallies.items())])  # fmt: skip
        _add(sql, "league_head_to_head", ("league", "among", "competitor"), ("points",),
             [(*key, points) for key, points in sorted(self.head_to_head.items())])  # fmt: skip


def _add(
    sql: Sql,
    table: str,
    keys: Sequence[str],
    names: Sequence[str],
    rows: Sequence[Sequence[Any]],
) -> None:
    """Add each row's values to the stored row at its key, made with zeros first if missing."""
    columns = ", ".join((*keys, *names))
    marks = ", ".join("?" for _ in (*keys, *names))
    sums = ", ".join(f"{n} = {table}.{n} + excluded.{n}" for n in names)
    sql.many(
        f"INSERT INTO {table} ({columns}) VALUES ({marks}) "
        f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {sums}",
        rows,
    )


def _stored_rows(sql: Sql, match_ids: Sequence[str]) -> dict[str, MatchRow]:
    """The stored league rows of these matches, by id."""
    found: dict[str, MatchRow] = {}
    for start in range(0, len(match_ids), IDS_PER_STATEMENT):
        chunk = match_ids[start : start + IDS_PER_STATEMENT]
        marks = ", ".join("?" for _ in chunk)
        for row in sql.rows(
            "SELECT match_id, league, status, coaches, result FROM league_matches "
            f"WHERE match_id IN ({marks})",
            chunk,
        ):
            found[row["match_id"]] = (row["league"], row["status"], row["coaches"], row["result"])
    return found


def _retally(sql: Sql, league: str) -> None:
    """Work a league's tallies out again from its stored matches (its settings changed)."""
    sql.run("DELETE FROM league_tallies WHERE league = ?", (league,))
    sql.run("DELETE FROM league_head_to_head WHERE league = ?", (league,))
    rules = _rules(sql, league)
    rows = sql.rows(
        "SELECT league, status, coaches, result FROM league_matches WHERE league = ? "
        "ORDER BY match_id",
        (league,),
    )
    parts = Parts()
    for found in rows:
        parts.count(rules, tuple(found.values()), 1)
    parts.write(sql)


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
    rules = _rules(sql, league)
    if rules is None:
        return
    rows = sql.rows(
        "SELECT * FROM league_tallies WHERE league = ? AND entries > 0 "
        "OR league = ? AND confirmed + unconfirmed + disputed > 0",
        (league, league),
    )
    tallies = {
        row["competitor"]: Tally(row["competitor"], **{n: row[n] for n in TALLY_COUNTS})
        for row in rows
    }
    among: dict[frozenset[str], dict[str, int]] = {}
    for row in sql.rows(
        "SELECT among, competitor, points FROM league_head_to_head WHERE league = ?", (league,)
    ):
        among.setdefault(frozenset(json.loads(row["among"])), {})[row["competitor"]] = row["points"]
    sql.run("DELETE FROM league_standings WHERE league = ?", (league,))
    table = [
        tuple({"league": league, **place.to_dict()}[c] for c in TABLE_COLUMNS)
        for place in ranked(rules, tallies, among)
    ]
    sql.insert("league_standings", TABLE_COLUMNS, table)


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
