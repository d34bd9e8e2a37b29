"""Statistics: a player's, coach's or team's counts, a coach's or team's match history with
each game's record and head-to-head, and how fair the dice are by type, source and named die
(what `touchline stats …` prints)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import url_for

from schemas.api_stats import DiceQuerySchema, DiceSchema, HistorySchema, SubjectStatsSchema
from service.history import History
from service.statistics import SUSPICIOUS_P, Fairness, SubjectStats
from web.api.base import ApiBlueprint
from web.context import touchline

bp = ApiBlueprint(
    "api-stats", __name__, url_prefix="/api/stats", description="Statistics and dice."
)

NAME = {"in": "path", "name": "name", "description": "The name, in any case"}


@bp.route("/players/<path:name>", methods=["GET"], parameters=[NAME])
@bp.response(200, SubjectStatsSchema)
@bp.refusals(404)
def player(name: str) -> Any:
    """A player card's statistics summed over every match (only the cards a game declares
    players: no Match card)."""
    return _counts(touchline().player_stats(name))


@bp.route("/coaches/<path:name>", methods=["GET"], parameters=[NAME])
@bp.response(200, HistorySchema)
@bp.refusals(404)
def coach(name: str) -> Any:
    """A coach's statistics, every match they coached (newest first, each with its opponents,
    score and result), their record in each game (won, drawn and lost with rates, or the
    places finished in for a game ranked by placing) and head-to-head against each opponent."""
    app = touchline()
    return _history(app.coach_stats(name), app.coach_history(name))


@bp.route("/teams/<path:name>", methods=["GET"], parameters=[NAME])
@bp.response(200, HistorySchema)
@bp.refusals(404)
def team(name: str) -> Any:
    """A team's statistics, match history, record per game and head-to-head, as a coach's."""
    app = touchline()
    return _history(app.team_stats(name), app.team_history(name))


@bp.route("/dice", methods=["GET"])
@bp.arguments(DiceQuerySchema, location="query")
@bp.response(200, DiceSchema)
@bp.refusals(400, 404)
def dice(query: dict[str, Any]) -> Any:
    """Each die type's distribution and chi-square test of fairness, then the same by source:
    the table's dice, each physical die by the name the scorer gave it, apart from the app's."""
    app, coach = touchline(), query["coach"]
    return {
        "coach": coach,
        "by_type": [_fairness(f) for f in app.dice(coach)],
        "by_source": [
            {"source": d.source, "die": d.die, "fairness": _fairness(d.fairness)}
            for d in app.dice_sources(coach)
        ],
    }


def _counts(found: SubjectStats) -> dict[str, Any]:
    return asdict(found)


def _history(found: SubjectStats, history: History) -> dict[str, Any]:
    return {
        "stats": _counts(found),
        "matches": [
            {
                **asdict(m),
                "outcome": m.outcome,
                "shown_score": m.shown_score,
                "placing": m.placing,
                "url": url_for("api-matches.get_match", match_id=m.match_id),
            }
            for m in history.matches
        ],
        "records": [
            {
                **asdict(r),
                "win_rate": r.win_rate,
                "draw_rate": r.draw_rate,
                "loss_rate": r.loss_rate,
            }
            for r in history.records
        ],
        "head_to_head": [asdict(h) for h in history.head_to_head],
    }


def _fairness(figure: Fairness) -> dict[str, Any]:
    suspicious = figure.p_value is not None and figure.p_value < SUSPICIOUS_P
    return {**asdict(figure), "suspicious": suspicious}
