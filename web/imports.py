"""The import page: upload or paste a match file and it becomes a new match.

The same import as `touchline match import` and `POST /api/matches/import`
(`schemas.match_import`): the same size bound, the same per-line errors (a broken file imports
nothing, and the error names the line), `verify`, the league the file names or another or
none, and the same "already imported" answer, here with a link to that match. Importing into a
league is its organizer's, as in the API; outside any league it is anyone's, and the importer's
browser is handed a scorer link of the new match, as on creating one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import format_number
from flask_babel import gettext as _

from domain.access import Operation, Target
from domain.match import Author
from domain.report import log_size
from schemas.match_import import import_match_file
from schemas.matchfile_lines import MAX_FILE_BYTES
from service.errors import AlreadyImported, LeagueNotFound, TouchlineError
from web.api.matches import ANONYMOUS
from web.context import acting, author, remember_token
from web.context import touchline as service
from web.errors import said, status_of
from web.home import creators_link
from web.language import translated
from web.powers import may, require
from web.uploads import uploaded_or_pasted

bp = Blueprint("imports", __name__)

# Where the match goes: the league the file names, none, or `LEAGUE_PREFIX` + a league's name.
FROM_FILE = "file"
NO_LEAGUE = "none"
LEAGUE_PREFIX = "league:"


class NotPermitted(Exception):
    """The file would join a league this browser holds no organizer link for."""


@dataclass
class ImportForm:
    """What the form asked, and the problem of each field that stopped the import."""

    into: str = FROM_FILE
    verify: bool = False
    text: str = ""
    by: str = ""
    problems: dict[str, str] = field(default_factory=dict)
    # The match the league already counts, when that is why nothing was imported.
    already: str | None = None


@bp.get("/matches/import")
def page() -> str:
    return _form(ImportForm())


@bp.post("/matches/import")
def import_file() -> Any:
    form = ImportForm(
        into=request.form.get("into", FROM_FILE),
        verify=request.form.get("verify") == "yes",
        text=request.form.get("text", ""),
        by=request.form.get("by", ""),
    )
    league, no_league = _destination(form)
    data = uploaded_or_pasted(form.problems, form.text, MAX_FILE_BYTES, _("a match file"))
    if form.problems:
        return _form(form), 400
    try:
        imported = import_match_file(
            service(),
            data,
            lambda: _importer(form),
            league=league,
            no_league=no_league,
            verify=form.verify,
            check_league=_may_import_into,
        )
    except NotPermitted as error:
        form.problems["into"] = said(error)
        return _form(form), 403
    except AlreadyImported as error:
        form.problems["file"] = said(error)
        form.already = error.match_id
        return _form(form), 409
    except LeagueNotFound as error:
        form.problems["into"] = _("%(error)s (or import it into no league)", error=said(error))
        return _form(form), 404
    except TouchlineError as error:
        form.problems["file"] = said(error)
        return _form(form), status_of(error)
    view = imported.view
    remember_token(creators_link(view.id, view.league, _importer(form)).token)
    where = _("counting in %(league)s", league=view.league) if view.league else _("in no league")
    flash(
        _(
            "Imported: %(size)s, %(where)s. This browser holds a scorer link of the match: it "
            "may annotate, dispute and correct it.",
            size=translated(log_size(view.log)),
            where=where,
        ),
        "ok",
    )
    for notice in imported.notices:
        flash(translated(notice), "notice")
    # Answered with a redirect, so that reloading the page cannot import the file twice.
    return redirect(url_for("scoring.match_page", match_id=view.id), 303)


@bp.errorhandler(413)
def too_large(error: Exception) -> Any:
    """A body past the app's bound is refused before the form can be read: say so at the
    file's field, as the reader says it of a file past its bound."""
    form = ImportForm()
    form.problems["file"] = _(
        "the file holds more than %(most)s bytes (2 MiB), the most a match file may hold; "
        "nothing was imported",
        most=format_number(MAX_FILE_BYTES),
    )
    return _form(form), 413


def _importer(form: ImportForm) -> Author:
    """Who imports: the name given, else the person of the link the league check let on
    (asked only after it, so that the import names that link), else nobody known."""
    return author(form.by.strip() or ("" if acting() else ANONYMOUS))


def _destination(form: ImportForm) -> tuple[str | None, bool]:
    """The league asked for (None: the file's) and whether the match is to join none."""
    if form.into == FROM_FILE:
        return None, False
    if form.into == NO_LEAGUE:
        return None, True
    if form.into.startswith(LEAGUE_PREFIX) and form.into[len(LEAGUE_PREFIX) :].strip():
        return form.into[len(LEAGUE_PREFIX) :], False
    form.problems["into"] = _("choose the league the file names, no league, or one of the leagues")
    return None, False


def _may_import_into(league: str | None) -> None:
    """Importing into a league is its organizer's; a match outside any is anyone's."""
    target = Target(league=league)
    if not may(Operation.IMPORT, target):
        raise NotPermitted(
            _(
                "only the organizer of league %(league)s may import a match into it: open the "
                "organizer link you were given, or import it into no league",
                league=repr(league),
            )
        )
    require(Operation.IMPORT, target)


def _form(form: ImportForm) -> str:
    return render_template(
        "import.html",
        form=form,
        leagues=service().leagues(),
        league_prefix=LEAGUE_PREFIX,
        limit_mb=MAX_FILE_BYTES // (1024 * 1024),
        already_url=(
            url_for("scoring.match_page", match_id=form.already) if form.already else None
        ),
    )
