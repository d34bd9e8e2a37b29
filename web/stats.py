"""Statistics pages: players, coaches, teams and dice, as `touchline stats …` shows them."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from service.projections.fairness import SUSPICIOUS_P
from service.projections.fold import COACH, PLAYER, TEAM
from service.projections.listings import Listings
from service.projections.queries import ReadSide, SubjectStats
from web.charts import dice_chart
from web.context import touchline

bp = Blueprint("stats", __name__)

KIND_TITLES = {PLAYER: "Players", COACH: "Coaches", TEAM: "Teams"}


@bp.get("/stats")
def index() -> str:
    listings = Listings(touchline())
    return render_template(
        "stats.html",
        subjects={kind: listings.subjects(kind) for kind in KIND_TITLES},
        titles=KIND_TITLES,
        dice_coaches=listings.dice_coaches(),
    )


@bp.get("/stats/players/<path:name>")
def player(name: str) -> str:
    return _subject(ReadSide(touchline()).player(name))


@bp.get("/stats/coaches/<path:name>")
def coach(name: str) -> str:
    return _subject(ReadSide(touchline()).coach(name))


@bp.get("/stats/teams/<path:name>")
def team(name: str) -> str:
    return _subject(ReadSide(touchline()).team(name))


@bp.get("/stats/dice")
def dice() -> str:
    coach = request.args.get("coach") or None
    figures = ReadSide(touchline()).dice(coach)
    return render_template(
        "stats_dice.html",
        coach=coach,
        dice=[(figure, dice_chart(figure)) for figure in figures],
        suspicious=SUSPICIOUS_P,
    )


def _subject(found: SubjectStats) -> str:
    return render_template("stats_subject.html", found=found)
