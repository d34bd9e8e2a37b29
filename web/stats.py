"""Statistics pages: players, coaches, teams and dice, as `touchline stats …` shows them."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import lazy_gettext as _

from service.history import History, ordinal
from service.luck_totals import CoachLuck
from service.statistics import COACH, PLAYER, SUSPICIOUS_P, TEAM, SubjectStats
from web.charts import dice_chart
from web.context import touchline

bp = Blueprint("stats", __name__)

# Lazy: looked up in the reader's language when a page shows them.
KIND_TITLES = {PLAYER: _("Players"), COACH: _("Coaches"), TEAM: _("Teams")}
bp.add_app_template_filter(ordinal)


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
    service = touchline()
    return _subject(
        service.coach_stats(name), service.coach_history(name), service.coach_luck(name)
    )


@bp.get("/stats/teams/<path:name>")
def team(name: str) -> str:
    service = touchline()
    return _subject(service.team_stats(name), service.team_history(name))


@bp.get("/stats/dice")
def dice() -> str:
    coach = request.args.get("coach") or None
    service = touchline()
    figures = service.dice(coach)
    return render_template(
        "stats_dice.html",
        coach=coach,
        dice=[(figure, dice_chart(figure)) for figure in figures],
        sources=service.dice_sources(coach),
        suspicious=SUSPICIOUS_P,
    )


def _subject(
    found: SubjectStats, history: History | None = None, luck: CoachLuck | None = None
) -> str:
    return render_template("stats_subject.html", found=found, history=history, luck=luck)
