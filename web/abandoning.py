"""Abandoning a match from the pages: a confirmation page that asks why, then the abandonment.

The same rule as `POST /api/matches/ID/abandon` and `touchline match abandon`: a scorer of the
match may (Operation.RECORD), with a reason that the log keeps. The match page and the scoring
page show "Abandon the match…" only to such a browser; the confirmation page asks again, and
so does the post, before it reads the form.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from domain.access import Operation
from service.errors import TouchlineError
from web.context import author, scorer_name
from web.context import touchline as service
from web.errors import said, status_of
from web.powers import require_on_match

bp = Blueprint("abandoning", __name__)


@bp.get("/matches/<match_id>/abandon")
def confirm(match_id: str) -> str:
    view = service().get_match(match_id)
    require_on_match(Operation.RECORD, view.id, view.league)
    return render_template("abandon.html", match=view, reason="", problem=None)


@bp.post("/matches/<match_id>/abandon")
def abandon(match_id: str) -> Any:
    view = service().get_match(match_id)
    require_on_match(Operation.RECORD, view.id, view.league)
    reason = request.form.get("reason", "")
    try:
        service().abandon(view.id, author(scorer_name()), reason)
    except TouchlineError as error:
        page = render_template("abandon.html", match=view, reason=reason, problem=said(error))
        return page, status_of(error)
    flash(_("The match is abandoned: %(reason)s", reason=" ".join(reason.split())), "ok")
    return redirect(url_for("scoring.match_page", match_id=view.id), 303)
