"""The match page, the scorer link and the live scoring page with its two writes.

Every scoring form carries the version of the match it was drawn for, and a write is checked
against it: a form drawn before another phone's entry is refused with 409 and stores nothing,
so a tap can only ever record the entry its button showed. A form without that version is
refused too. Writes also carry an idempotency key (a double tap records once). A refused entry
comes back on the live page itself, with its rule IDs and, when the table may play on through
them, an "enter anyway" form that asks for the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import uuid4

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from domain.access import Operation, Role
from domain.log import Entry
from domain.registry import find_ruleset
from domain.ruleset import Violation
from domain.seal import CHECKS, short
from service.errors import BadInput, EntryRefused, LeagueNotFound, StaleMatch, UndoRefused
from service.views import MatchView
from web.context import (
    SCORER_NAME_KEY,
    acting,
    author,
    remember_scorer_name,
    remember_token,
    scorer_name,
)
from web.context import touchline as service
from web.entry_forms import (
    DIE_LABEL_FIELD,
    action_from_form,
    die_named_last,
    entry_forms,
    refilled,
)
from web.errors import said, status_of
from web.live_layout import holding, laid_out
from web.powers import powers_for, require_on_match
from web.presenting import entry_text, field_label, recorded_message, value_label
from web.score_news import latest_score_news, scoring_entries

bp = Blueprint("scoring", __name__)
bp.add_app_template_global(entry_text)
bp.add_app_template_global(value_label)
bp.add_app_template_global(field_label)
bp.add_app_template_global(die_named_last)
bp.add_app_template_global(lambda: uuid4().hex, "fresh_key")
bp.add_app_template_global(short, "short_digest")
bp.add_app_template_global(CHECKS.__getitem__, "seal_check")
bp.add_app_template_global(scoring_entries)

# Form fields that belong to one attempt, not to the entry: never carried into a retry.
ATTEMPT_FIELDS = ("csrf_token", "key", "override", "expected_version")
# The most of a pick no longer offered that the page repeats (it came in an address).
PICK_SHOWN = 80


@bp.get("/matches/<match_id>")
def match_page(match_id: str) -> str:
    view = service().get_match(match_id)
    seal = service().verify_match(view.id)
    return render_template("match.html", match=view, seal=seal, scorer=_may_record(view))


@bp.get("/matches/<match_id>/fragment")
def match_fragment(match_id: str) -> str:
    """The changing part of the match page, for spectators' pages to swap in."""
    return render_template("_match_body.html", match=service().get_match(match_id))


@bp.get("/in/<token>")
def open_link(token: str) -> Any:
    """Any access link: this browser now holds it, and goes where its role works."""
    grant = service().grant_of(token)
    if grant is None:
        abort(
            403,
            description=_(
                "This link is not valid: it was revoked, or never issued. Ask whoever handed it "
                "to you for a new one."
            ),
        )
    remember_token(token)
    if grant.match is not None and grant.role is Role.SCORER:
        return redirect(url_for("scoring.live", match_id=grant.match))
    if grant.match is not None:
        return redirect(url_for("scoring.match_page", match_id=grant.match))
    if grant.role is Role.ORGANIZER and not _league_exists(grant.league or ""):
        # An organizer appointed before the league exists creates it first.
        return redirect(url_for("league_forms.new_league"))
    return redirect(url_for("leagues.show", name=grant.league))


def _league_exists(name: str) -> bool:
    try:
        service().find_league(name)
    except LeagueNotFound:
        return False
    return True


@bp.get("/matches/<match_id>/score/<token>")
def scorer_link(match_id: str, token: str) -> Any:
    """The scorer link's older address, kept for links printed as QR codes: the same as
    `/in/<token>` for a link of this match."""
    view = service().get_match(match_id)
    grant = service().grant_of(token)
    if grant is None or grant.match != view.id:
        abort(403, description=_("This scorer link is not valid for this match."))
    return open_link(token)


def _may_record(view: MatchView) -> bool:
    return powers_for(view.id, (), view.league).record


def _require_scorer(view: MatchView) -> None:
    require_on_match(Operation.RECORD, view.id, view.league)


@bp.get("/matches/<match_id>/live")
def live(match_id: str) -> str:
    view = service().get_match(match_id)
    _require_scorer(view)
    return _live_page(view)


@bp.get("/matches/<match_id>/live/fragment")
def live_fragment(match_id: str) -> str:
    """The changing part of the scoring page, drawn for the current version: the page swaps it
    in when another phone records, once nothing on it is being touched."""
    view = service().get_match(match_id)
    _require_scorer(view)
    return render_template("_live_body.html", **_live_context(view))


@bp.post("/matches/<match_id>/scorer-name")
def set_scorer_name(match_id: str) -> Any:
    view = service().get_match(match_id)
    _require_scorer(view)
    remember_scorer_name(request.form.get("name", ""))
    return redirect(url_for("scoring.live", match_id=view.id), 303)


@bp.post("/matches/<match_id>/entries")
def record_entry(match_id: str) -> Any:
    view = service().get_match(match_id)
    _require_scorer(view)
    key = request.form.get("key") or None
    try:
        action = action_from_form(find_ruleset(view.ruleset).codec, request.form)
        line = service().record(
            view.id,
            action,
            author(scorer_name()),
            override=request.form.get("override", "").strip() or None,
            key=key,
            expected_version=_posted_version(),
            roll=request.form.get("roll") == "yes",
            die_label=request.form.get(DIE_LABEL_FIELD) or None,
        )
    except EntryRefused as error:
        return _live_page(view, refused=error.violations), status_of(error)
    except StaleMatch as error:
        return _stale(view.id, error)
    except BadInput as error:
        return _live_page(view, problem=said(error)), status_of(error)
    flash(recorded_message(view.ruleset, line.line), "ok")
    return redirect(url_for("scoring.live", match_id=view.id), 303)


@bp.post("/matches/<match_id>/undo")
def undo(match_id: str) -> Any:
    view = service().get_match(match_id)
    _require_scorer(view)
    key = request.form.get("key") or None
    try:
        line = service().undo(
            view.id, author(scorer_name()), key=key, expected_version=_posted_version()
        )
    except UndoRefused as error:
        return _live_page(view, problem=said(error)), status_of(error)
    except StaleMatch as error:
        return _stale(view.id, error)
    except BadInput as error:
        return _live_page(view, problem=said(error)), status_of(error)
    flash(recorded_message(view.ruleset, line.line), "ok")
    return redirect(url_for("scoring.live", match_id=view.id), 303)


def _stale(match_id: str, error: StaleMatch) -> Any:
    # A repeat of an entry already stored never gets here: the service answers it with the
    # first one. This is another phone's entry, so show the situation it made.
    return _live_page(service().get_match(match_id), stale=said(error)), status_of(error)


def _posted_version() -> int:
    """The version the posted form was drawn for. The page's forms always carry it: without it
    nothing would tell a tap on a page drawn before another phone's entry from a fresh one."""
    raw = request.form.get("expected_version", "").strip()
    if not raw:
        raise BadInput(
            "the form does not say which version of the match it was drawn for "
            "(expected_version): reload the page and enter again"
        )
    if not raw.isdigit():
        raise BadInput(_("expected_version must be a whole number, not %(raw)r", raw=raw))
    return int(raw)


def _live_page(
    view: MatchView,
    refused: tuple[Violation, ...] = (),
    problem: str | None = None,
    stale: str | None = None,
) -> str:
    retry = [(name, value) for name, value in request.form.items(multi=True)]
    return render_template(
        "live.html",
        refused=refused,
        overridable=bool(refused) and all(v.overridable for v in refused),
        retry=[(name, value) for name, value in retry if name not in ATTEMPT_FIELDS],
        problem=problem,
        stale=stale,
        named=bool(session.get(SCORER_NAME_KEY)),
        scorer=_entering_as(),
        **_live_context(view),
    )


def _entering_as() -> str:
    grant = acting()
    return scorer_name() or (grant.person if grant is not None else "scorer")


def _live_context(view: MatchView) -> dict[str, Any]:
    """What the changing part of the scoring page shows: the situation, the forms for what may
    come next (given back what a refused or stale post held), most frequent first and the rare
    folded, the score change the newest entry made, and the latest log lines."""
    ruleset = find_ruleset(view.ruleset)
    offered = service().offered_cards(view.id) if ruleset.printed is not None else None
    forms = refilled(
        entry_forms(ruleset.codec, view.expected, ruleset.printed, offered), request.form
    )
    layout = laid_out(
        forms, view.expected, ruleset.entry_frequency, ruleset.presentation.tapped, view.log
    )
    pick = _pick(view)
    return {
        "match": view,
        "layout": layout,
        "opened": holding(layout, request.form),
        "tapped": ruleset.presentation.tapped,
        "picked": pick.picked,
        "pick_lost": pick.lost,
        "goal": latest_score_news(view),
        "last_entry": _last_in_force(view),
        # Only where the match chose to show them while played (docs/analysis.md).
        "odds": service().live_odds(view.id),
    }


@dataclass(frozen=True)
class Pick:
    """What the scorer tapped on the glance's drawing to enter something about it (a player to
    move): `picked` while an entry offered now is about it, else `lost` (another phone's entry
    took it away), which the page says plainly instead of forgetting it."""

    picked: str | None = None
    lost: str | None = None


def _pick(view: MatchView) -> Pick:
    """The pick in the address (`?pick=`), or in a tap's form posted before another phone's
    entry (its situation is drawn again with the pick, when it still stands)."""
    raw = (request.args.get("pick") or request.form.get("pick") or "").strip()
    if not raw:
        return Pick()
    offered = {
        str(value)
        for option in view.expected
        for value in option.fixed.values()
        if isinstance(value, str | int)
    }
    if raw in offered:
        return Pick(picked=raw)
    shown = "".join(ch for ch in raw if ch.isprintable())[:PICK_SHOWN].strip()
    return Pick(lost=shown or None)


def _last_in_force(view: MatchView) -> Entry | None:
    entries = [line for line in view.log if isinstance(line, Entry) and not line.retracted]
    return entries[-1] if entries else None
