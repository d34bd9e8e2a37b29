"""The league forms: create a league, and change its settings.

They take the same settings as `touchline league new` / `league settings` and the API (points
as W/D/L or per placing, tie-breakers in order, whether unconfirmed results count), judged by
the same rules (`domain.league.make_rules`), and they ask the same policy as the API before
anything is stored: a league is its organizer's to create and to change. A refused or wrong
form comes back with each problem beside its field, and nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from domain.access import Operation, Role, Target
from domain.league import PLACING_TIEBREAKERS, TIEBREAKERS, LeagueSettingsError, make_rules
from domain.registry import find_ruleset, ruleset_names
from domain.text import NAME_LIMIT
from service.errors import BadInput, LeagueExists, LeagueNotFound
from service.leagues import LeagueView
from web.context import author
from web.context import touchline as service
from web.errors import said
from web.match_forms import ruleset_titles
from web.powers import grants, may, require

bp = Blueprint("league_forms", __name__)

# The same bound on each number of points as the API's (schemas/api_access.py).
MOST_POINTS = 1000


@dataclass
class LeagueForm:
    """A posted league form read back: the settings, or the problem of each field."""

    name: str = ""
    ruleset: str = ""
    points: list[int] | None = None
    tiebreak: list[str] | None = None
    count_unconfirmed: bool = True
    problems: dict[str, str] = field(default_factory=dict)


def read_points(text: str) -> list[int] | None:
    """Points written as the command line takes them, 3/1/0; None for the default."""
    text = text.strip()
    if not text:
        return None
    try:
        points = [int(part) for part in text.split("/")]
    except ValueError:
        raise BadInput(
            _("write points as numbers separated by /, e.g. 3/1/0 (%(text)r)", text=text)
        ) from None
    if any(not 0 <= p <= MOST_POINTS for p in points):
        raise BadInput(_("each number of points is from 0 to %(most)s", most=MOST_POINTS))
    return points


def read_tiebreak(text: str) -> list[str] | None:
    """Tie-breakers in order, comma-separated as the command line takes them."""
    order = [part.strip() for part in text.split(",") if part.strip()]
    return order or None


def read_league_form(form: MultiDict[str, str], ruleset: str) -> LeagueForm:
    """The settings posted for a league of `ruleset`, each checked as the league would."""
    found = LeagueForm(
        name=form.get("name", "").strip(),
        ruleset=ruleset,
        count_unconfirmed=form.get("count_unconfirmed") == "yes",
    )
    try:
        found.points = read_points(form.get("points", ""))
        make_rules(ruleset, found.points, None)
    except (BadInput, LeagueSettingsError) as error:
        found.problems["points"] = said(error)
    found.tiebreak = read_tiebreak(form.get("tiebreak", ""))
    try:
        make_rules(ruleset, None, found.tiebreak)
    except LeagueSettingsError as error:
        found.problems["tiebreak"] = said(error)
    return found


def creatable_names() -> list[str]:
    """The leagues this browser's organizer links are for that do not exist yet: what it may
    create (the name to offer on the form)."""
    names = []
    for grant in grants():
        if grant.role is Role.ORGANIZER and grant.match is None and grant.league:
            try:
                service().find_league(grant.league)
            except LeagueNotFound:
                names.append(grant.league)
    return names


@bp.get("/leagues/new")
def new_league() -> str:
    offered = creatable_names()
    found = LeagueForm(name=offered[0] if len(offered) == 1 else "", ruleset=ruleset_names()[0])
    return _new_form(found, offered)


@bp.post("/leagues/new")
def create_league() -> Any:
    ruleset = request.form.get("ruleset", "")
    if ruleset not in ruleset_names():
        found = LeagueForm(name=request.form.get("name", "").strip(), ruleset=ruleset)
        found.problems["ruleset"] = _("choose the game the league's matches are of")
        return _new_form(found, creatable_names(), request.form), 400
    found = read_league_form(request.form, ruleset)
    if not found.name:
        found.problems["name"] = _("a league needs a name")
    elif len(found.name) > NAME_LIMIT:
        found.problems["name"] = _(
            "a league's name holds at most %(most)s characters", most=NAME_LIMIT
        )
    elif not may(Operation.CREATE_LEAGUE, Target(league=found.name)):
        found.problems["name"] = _(
            "only the organizer of league %(league)r may create it: open the organizer link "
            "you were given for it (the installation's owner issues one with "
            "`touchline link issue --role organizer`)",
            league=found.name,
        )
        return _new_form(found, creatable_names(), request.form), 403
    if found.problems:
        return _new_form(found, creatable_names(), request.form), 400
    require(Operation.CREATE_LEAGUE, Target(league=found.name))
    by = author(request.form.get("by", ""))
    try:
        view = service().create_league(found.name, ruleset, by, found.points, found.tiebreak)
    except LeagueExists as error:
        found.problems["name"] = said(error)
        return _new_form(found, creatable_names(), request.form), 409
    except BadInput as error:
        found.problems["name"] = said(error)
        return _new_form(found, creatable_names(), request.form), 400
    if not found.count_unconfirmed:
        # A new league counts unconfirmed results, as the command line's and the API's do;
        # the form's choice otherwise is the settings change an organizer would make next.
        service().change_league_settings(view.name, by, count_unconfirmed=False)
    flash(
        _(
            "League created. This browser's organizer link is the one that created it: keep it "
            "to change the settings and issue referee links below."
        ),
        "ok",
    )
    return redirect(url_for("leagues.show", name=view.name), 303)


@bp.get("/leagues/<path:name>/settings")
def settings(name: str) -> str:
    league = service().find_league(name)
    require(Operation.LEAGUE_SETTINGS, Target(league=league.name))
    found = LeagueForm(
        name=league.name,
        ruleset=league.ruleset,
        points=list(league.points),
        tiebreak=list(league.tiebreak),
        count_unconfirmed=league.count_unconfirmed,
    )
    return _settings_form(league, found)


@bp.post("/leagues/<path:name>/settings")
def change_settings(name: str) -> Any:
    league = service().find_league(name)
    # Asked before the form is read: a browser without the role learns nothing more.
    require(Operation.LEAGUE_SETTINGS, Target(league=league.name))
    found = read_league_form(request.form, league.ruleset)
    found.name = league.name
    if found.problems:
        return _settings_form(league, found, request.form), 400
    try:
        service().change_league_settings(
            league.name,
            author(request.form.get("by", "")),
            found.points,
            found.tiebreak,
            found.count_unconfirmed,
        )
    except BadInput as error:
        found.problems["points"] = said(error)
        return _settings_form(league, found, request.form), 400
    flash(_("Settings saved: the table follows them."), "ok")
    return redirect(url_for("leagues.show", name=league.name), 303)


@bp.app_template_global()
def may_change_league(name: str) -> bool:
    """Whether this browser may change league `name`'s settings (the page's "Edit" link)."""
    return may(Operation.LEAGUE_SETTINGS, Target(league=name))


@bp.app_template_global()
def may_create_some_league() -> bool:
    return bool(creatable_names())


def _new_form(
    found: LeagueForm, offered: list[str], posted: MultiDict[str, str] | None = None
) -> str:
    return render_template(
        "league_new.html",
        found=found,
        values=_values(found, posted),
        offered=offered,
        titles=ruleset_titles(),
        defaults={name: _defaults(name) for name in ruleset_names()},
    )


def _settings_form(
    league: LeagueView, found: LeagueForm, posted: MultiDict[str, str] | None = None
) -> str:
    return render_template(
        "league_settings.html",
        league=league,
        found=found,
        values=_values(found, posted),
        defaults=_defaults(league.ruleset),
    )


def _values(found: LeagueForm, posted: MultiDict[str, str] | None) -> dict[str, str]:
    """What the form's fields hold: what was posted, else the settings as they stand."""
    if posted is not None:
        return {key: posted.get(key, "") for key in ("name", "points", "tiebreak", "by")}
    return {
        "name": found.name,
        "points": "/".join(map(str, found.points)) if found.points else "",
        "tiebreak": ", ".join(found.tiebreak) if found.tiebreak else "",
        "by": "",
    }


@dataclass(frozen=True)
class Defaults:
    """What a league of one game counts when the form leaves a field empty, and may use."""

    points: str
    placing: bool
    tiebreak: str
    tiebreakers: str


def _defaults(ruleset: str) -> Defaults:
    rules = make_rules(ruleset)
    placing = find_ruleset(ruleset).league_ranking.by_placing
    return Defaults(
        points="/".join(map(str, rules.points)),
        placing=placing,
        tiebreak=", ".join(rules.tiebreak),
        tiebreakers=", ".join(PLACING_TIEBREAKERS if placing else TIEBREAKERS),
    )
