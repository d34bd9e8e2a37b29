"""Correcting an earlier entry: the scorers' own correction, or a referee's ruling that the
disputed entry is corrected.

The page first asks what the entry should have been: a tap on one of the entries the rules
allowed at its place (the scoring page's buttons, which here only pick, by GET), or the entry
typed in the one-line notation. Then it asks why (the scorer's reason, or the referee's rule
IDs and explanation) and writes. When the corrected entry makes later entries illegal, nothing
is written: the page lists them with the rules each now breaks and asks, per entry, to keep it
(as an override, with the correction's reason) or to withdraw it; the corrector sends again.
Every writing form carries the CSRF token, a fresh idempotency key and the match's version.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from domain.access import Operation
from domain.actions import ActionCodec
from domain.log import Entry
from domain.match import CorrectionRequest, MatchRecord
from domain.notation import format_action
from domain.registry import find_ruleset
from domain.rejudge import BecameIllegal
from domain.ruleset import JSON, Expected, MalformedAction, Violation
from domain.text import REASON_LIMIT
from service.entries import parse_entry
from service.errors import BadInput, CorrectionNeedsDecisions, EntryRefused, TouchlineError
from service.views import match_view
from web.context import author, scorer_name
from web.context import touchline as service
from web.entry_forms import DIE_LABEL_FIELD, action_from_form, entry_forms, grouped
from web.errors import said, status_of
from web.powers import require_on_match
from web.settling import dispute_state, entry_in_force, posted_rules, rule_fields, step_of

bp = Blueprint("corrections", __name__)

# A decision per entry that became illegal: `decide-<entry number>` = keep / withdraw.
DECIDE_PREFIX = "decide-"


@bp.get("/matches/<match_id>/correct")
def choose_entry(match_id: str) -> Any:
    """The entry to correct, picked by its number (a dispute of the result names none)."""
    number = request.args.get("number", "").strip()
    if not (number.isascii() and number.isdigit()):
        abort(400, description=_("number=%(number)r is not an entry number", number=number))
    dispute = _dispute_number(request.args.get("dispute"))
    return redirect(
        url_for("corrections.correct_page", match_id=match_id, number=int(number), dispute=dispute)
    )


@bp.get("/matches/<match_id>/entries/<int:number>/correct")
def correct_page(match_id: str, number: int) -> Any:
    record = service().load_record(match_id)
    dispute = _dispute_number(request.args.get("dispute"))
    _require(record, dispute)
    chosen: str | None = None
    problem = None
    try:
        chosen = _chosen(record.ruleset_name, request.args)
    except BadInput as error:
        problem = said(error)
    return _page(record, number, dispute, chosen, problem=problem), 400 if problem else 200


@bp.post("/matches/<match_id>/entries/<int:number>/correct")
def correct(match_id: str, number: int) -> Any:
    record = service().load_record(match_id)
    dispute = _dispute_number(request.form.get("dispute"))
    _require(record, dispute)
    form = request.form
    text = form.get("entry", "")
    decisions = {
        int(name.removeprefix(DECIDE_PREFIX)): value
        for name, value in form.items()
        if name.startswith(DECIDE_PREFIX) and name.removeprefix(DECIDE_PREFIX).isdigit()
    }
    override = form.get("override", "").strip() or None
    # Posted only where the page asks for the die: left out keeps the replaced entry's.
    die_label = form.get(DIE_LABEL_FIELD)
    key = form.get("key") or None
    by = author(scorer_name())
    try:
        action = parse_entry(record.ruleset_name, text)
        if dispute is not None:
            request_ = CorrectionRequest(number, action, override, decisions, die_label)
            written = service().rule(
                str(record.id),
                dispute,
                "corrected",
                posted_rules(),
                form.get("text", ""),
                by,
                correction=request_,
                key=key,
            )
            line = written.line.correction
            flash(
                _(
                    "Ruling recorded (line %(line)s): entry %(number)s is corrected.",
                    line=written.line.number,
                    number=number,
                )
            )
        else:
            done = service().correct(
                str(record.id),
                number,
                action,
                form.get("reason", ""),
                by,
                override=override,
                decisions=decisions,
                key=key,
                expected_version=_version(),
                die_label=die_label,
            )
            line = done.line.number
            flash(_("Entry %(number)s is corrected (line %(line)s).", number=number, line=line))
    except CorrectionNeedsDecisions as error:
        return _page(record, number, dispute, text, illegal=error.illegal), status_of(error)
    except EntryRefused as error:
        return _page(record, number, dispute, text, refused=error.violations), status_of(error)
    except TouchlineError as error:
        return _page(record, number, dispute, text or None, problem=said(error)), status_of(error)
    anchor = f"#entry-{line}" if line is not None else ""
    return redirect(url_for("scoring.match_page", match_id=str(record.id)) + anchor, 303)


def _require(record: MatchRecord, dispute: int | None) -> None:
    # A correction on its own is the scorers' or a referee's; one that settles a dispute is a
    # ruling, a referee's only.
    operation = Operation.CORRECT if dispute is None else Operation.RULE
    require_on_match(operation, str(record.id), record.league)


def _dispute_number(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()):
        abort(400, description=_("dispute=%(raw)r is not a line number", raw=raw))
    return int(raw)


def _version() -> int:
    raw = request.form.get("expected_version", "").strip()
    if not (raw.isascii() and raw.isdigit()):
        raise BadInput(
            "the form does not say which version of the match it was drawn for "
            "(expected_version): reload the page and correct again"
        )
    return int(raw)


def _chosen(ruleset: str, args: Any) -> str | None:
    """The corrected entry the page was asked to show, in canonical notation: picked with the
    buttons (its kind and fields) or typed (`entry`); None when nothing is picked yet."""
    codec = find_ruleset(ruleset).codec
    if args.get("kind"):
        action: dict[str, JSON] = action_from_form(codec, args)
    elif args.get("entry", "").strip():
        action = parse_entry(ruleset, args["entry"])
    else:
        return None
    try:
        return format_action(codec, codec.from_dict(action))
    except MalformedAction as error:
        raise BadInput(said(error)) from None


def _page(
    record: MatchRecord,
    number: int,
    dispute: int | None,
    chosen: str | None,
    *,
    problem: str | None = None,
    illegal: tuple[BecameIllegal, ...] = (),
    refused: tuple[Violation, ...] = (),
) -> str:
    view = match_view(record)
    entry = entry_in_force(view, number)
    step = step_of(record, number)
    assert step is not None  # an entry in force has its step
    state = None if dispute is None else dispute_state(view, dispute)
    if state is not None and not state.is_open:
        raise BadInput(_("dispute %(dispute)s was already ruled on", dispute=dispute))
    rules = record.ruleset
    allowed = tuple(rules.expected(record.state_at(step - 1)))
    choices = () if chosen else allowed
    here = url_for("corrections.correct_page", match_id=view.id, number=number)
    carried = (("dispute", str(dispute)),) if dispute is not None else ()
    return render_template(
        "correct.html",
        match=view,
        entry=entry,
        step=step,
        dispute=state,
        chosen=chosen,
        groups=grouped(entry_forms(rules.codec, choices)),
        choose={"url": here, "hidden": carried},
        problem=problem,
        illegal=illegal,
        refused=refused,
        overridable=bool(refused) and all(v.overridable for v in refused),
        form=request.form,
        rules=rule_fields(),
        limit=REASON_LIMIT,
        confirmed=view.result_status is not None and view.result_status.state == "confirmed",
        die=_die_asked(rules.codec, allowed, chosen, entry),
    )


def _die_asked(
    codec: ActionCodec, allowed: tuple[Expected, ...], chosen: str | None, entry: Entry
) -> str | None:
    """The die the corrected entry names, to keep or change: asked where the scoring page
    asks for it (an entry the table rolls a die for) or where the entry named one; None where
    the page does not ask, and the correction keeps what the entry named."""
    if chosen is None:
        return None
    named = entry.die_label
    kind = chosen.split(" ", 1)[0]
    rolls = any(f.rolls_dice for f in entry_forms(codec, allowed) if f.kind == kind)
    if not (rolls or named):
        return None
    return request.form.get(DIE_LABEL_FIELD, named or "")
