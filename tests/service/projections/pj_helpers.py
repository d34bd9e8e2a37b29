"""Shared by the projection tests: recording whole matches fast, and reading views back."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.match import Author, MatchRecord
from domain.standings import MatchResult
from service.app import Touchline
from service.projections import Projector
from service.projections.fold import coaches_of, fold, result_of
from service.projections.folding import MatchFacts
from service.projections.standings import refresh
from service.projections.subjects import COACH
from service.projections.summaries import row_of

AUTHOR = Author("scorer", "2026-11-29T21:00:00+00:00", "test")
TABLES = {
    "summaries": "SELECT * FROM match_summaries ORDER BY match_id",
    "statistics": "SELECT * FROM stats_counts ORDER BY match_id, subject_kind, subject, stat",
    "dice": "SELECT * FROM dice_counts ORDER BY match_id, coach, faces, face, source, die",
    "standings": "SELECT * FROM league_standings ORDER BY league, competitor",
    "league_matches": "SELECT * FROM league_matches ORDER BY match_id",
}


def record_all(
    app: Touchline,
    actions: list[dict[str, Any]],
    setup: dict[str, Any],
    league: str | None = None,
    ruleset: str = "card-game",
) -> MatchRecord:
    """One match saved in a single transaction: the aggregate records, the store saves once."""
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at, league)
    for action in actions:
        match.record(action, AUTHOR)
    app.save(match)
    return match


def snapshot(projector: Projector) -> dict[str, list[dict[str, Any]]]:
    projector.catch_up()
    with projector.db.transaction() as sql:
        refresh(sql)
        return {name: sql.rows(query) for name, query in TABLES.items()}


def fresh_fold(app: Touchline, match_id: Any) -> dict[str, Any]:
    """What the views should hold for one match, folded straight from its stored events."""
    match = app.repository.get(match_id)
    contribution = fold(match)
    assert places(contribution.result) == places(result_of(match, coaches_of(match)))
    stats = Counter({k: v for k, v in contribution.stats.items()})
    for coach in coaches_of(match).values():
        stats[(COACH, coach, "matches")] = 1
    summary = row_of(MatchFacts.of(match), contribution)
    return {"summary": summary, "stats": stats, "dice": contribution.dice}


def places(result: MatchResult | None) -> Any:
    """A result with the order inside a shared place ignored."""
    if result is None:
        return None
    return tuple(frozenset(p) for p in result.places), dict(result.goals), result.state


def stored_rows(projector: Projector, match_id: Any) -> dict[str, Any]:
    with projector.db.transaction(commit=False) as sql:
        summary = sql.rows("SELECT * FROM match_summaries WHERE match_id = ?", (str(match_id),))
        stats = sql.rows("SELECT * FROM stats_counts WHERE match_id = ?", (str(match_id),))
        dice = sql.rows("SELECT * FROM dice_counts WHERE match_id = ?", (str(match_id),))
    return {
        "summary": tuple(summary[0].values()) if summary else None,
        "stats": Counter({(r["subject_kind"], r["subject"], r["stat"]): r["value"] for r in stats}),
        "dice": Counter(
            {(r["coach"], r["faces"], r["face"], r["source"], r["die"]): r["rolls"] for r in dice}
        ),
    }
