"""Statistics pages: players, coaches, teams and dice, as `touchline stats …` shows them."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from service.statistics import COACH, PLAYER, SUSPICIOUS_P, TEAM, SubjectStats
from web.charts import dice_chart
from web.context import touchline

bp = Blueprint("stats", __name__)

KIND_TITLES = {PLAYER: "Players", COACH: "Coaches", TEAM: "Teams"}


@bp.get("/stats")
def index() -> str:
    service = touchline()
    return render_template(
        "stats.html",
        subjects={kind: service.subjects(kind) for kind in KIND_TITLES},
        titles=KIND_TITLES,
        dice_coaches=service.dice_coaches(),
    )


@bp.get("/stats/players/<path:name>")
def player(name: str) -> str:
    return _subject(touchline().player_stats(name))


@bp.get("/stats/coaches/<path:name>")
def coach(name: str) -> str:
    return _subject(touchline().coach_stats(name))


@bp.get("/stats/teams/<path:name>")
def team(name: str) -> str:
    return _subject(touchline().team_stats(name))


@bp.get("/stats/dice")
def dice() -> str:
    coach = request.args.get("coach") or None
    figures = touchline().dice(coach)
    return render_template(
        "stats_dice.html",
        coach=coach,
        dice=[(figure, dice_chart(figure)) for figure in figures],
        suspicious=SUSPICIOUS_P,
    )


def _subject(found: SubjectStats) -> str:
    return render_template("stats_subject.html", found=found)
