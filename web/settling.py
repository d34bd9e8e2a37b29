"""Disputes, rulings and confirmations on the match pages.

A coach or scorer disputes an entry (from the log or the replay step) or the result, with a
reason; a referee rules on an open dispute, citing rule IDs of the game's digest: the entry
stands, or play is replayed from an entry (a ruling that corrects the entry is made on the
correction page, web/corrections.py); a coach confirms the result once the match has ended.
Every form carries the CSRF token and a fresh idempotency key, so a double tap writes once; a
refused post stores nothing and comes back with why, the rule IDs included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from domain.access import Operation
from domain.log import Dispute, Entry, LogLine
from domain.log_index import LogIndex, OutOfForce
from domain.match import MatchRecord
from domain.registry import find_ruleset
from domain.rulebook import digest_of, rule_text
from domain.text import REASON_LIMIT
from service.errors import BadInput, TouchlineError
from service.timeline import DisputeState, reason_of
from service.views import MatchView
from web.context import author, scorer_name
from web.context import touchline as service
from web.errors import said as said_in_language
from web.errors import status_of
from web.powers import powers_for, require_on_match
from web.presenting import action_text, value_label

bp = Blueprint("settling", __name__)
bp.add_app_template_global(action_text)
bp.add_app_template_global(powers_for)
bp.add_app_template_filter(value_label)

# How many rule IDs the ruling form offers a field for (a ruling names the rules it rests on).
RULE_FIELDS = 3
# Where a dispute made from the replay goes back to.
FROM_REPLAY = "replay"


@bp.app_template_global()
def log_index(log: Sequence[LogLine]) -> LogIndex:
    """What the lines say about one another, worked out once per page drawn."""
    cache: dict[int, LogIndex] = g.setdefault("log_indexes", {})
    if id(log) not in cache:
        cache[id(log)] = LogIndex(log)
    return cache[id(log)]


@bp.app_template_global()
def fate_reason(index: LogIndex, fate: OutOfForce) -> str:
    return reason_of(index, fate)


@bp.app_template_global()
def cited_rules(ruleset: str, rules: Sequence[str]) -> list[tuple[str, str]]:
    """Each cited rule ID with its text in the game's digest."""
    game = find_ruleset(ruleset)
    return [(rule, rule_text(game, rule)) for rule in rules]


@bp.app_template_global()
def rule_choices(ruleset: str) -> list[tuple[str, str]]:
    """Every rule ID of the game's digest with its text, in the digest's order."""
    return list(digest_of(find_ruleset(ruleset)).items())


# -- disputes ------------------------------------------------------------------------------


@bp.get("/matches/<match_id>/entries/<int:number>/dispute")
def dispute_page(match_id: str, number: int) -> str:
    view = service().get_match(match_id)
    require_on_match(Operation.DISPUTE, view.id, view.league)
    return _dispute_page(view, entry_in_force(view, number))


@bp.get("/matches/<match_id>/result/dispute")
def result_dispute_page(match_id: str) -> str:
    view = service().get_match(match_id)
    require_on_match(Operation.DISPUTE, view.id, view.league)
    if view.result is None:
        raise BadInput(_("the match has no result yet: dispute an entry instead"))
    return _dispute_page(view, None)


@bp.post("/matches/<match_id>/disputes")
def dispute(match_id: str) -> Any:
    view = service().get_match(match_id)
    require_on_match(Operation.DISPUTE, view.id, view.league)
    on_text = request.form.get("on", "").strip()
    on = None if on_text == "result" else _number(on_text, "on")
    entry = None if on is None else entry_in_force(view, on)
    key = request.form.get("key") or None
    try:
        written = service().dispute(
            view.id, on, request.form.get("reason", ""), author(scorer_name()), key=key
        )
    except TouchlineError as error:
        return _dispute_page(view, entry, problem=said_in_language(error)), status_of(error)
    line = written.line
    if on is None:
        said = _(
            "Dispute %(number)s of the result recorded: the match goes on until a referee rules.",
            number=line.number,
        )
    else:
        said = _(
            "Dispute %(number)s of entry %(on)s recorded: the match goes on until a referee rules.",
            number=line.number,
            on=on,
        )
    flash(said)
    if on is not None and request.form.get("return_to") == FROM_REPLAY:
        # Back to the disputed line: `at` names a line of the log, as every page does.
        return redirect(url_for("replay.page", match_ref=view.id, at=on) + "#disputes", 303)
    return redirect(url_for("scoring.match_page", match_id=view.id) + f"#entry-{line.number}", 303)


def _dispute_page(view: MatchView, entry: Entry | None, problem: str | None = None) -> str:
    return render_template(
        "dispute.html",
        match=view,
        entry=entry,
        problem=problem,
        reason=request.form.get("reason", ""),
        limit=REASON_LIMIT,
    )


# -- rulings -------------------------------------------------------------------------------


@bp.get("/matches/<match_id>/disputes/<int:dispute>/ruling")
def ruling_page(match_id: str, dispute: int) -> str:
    view = service().get_match(match_id)
    require_on_match(Operation.RULE, view.id, view.league)
    return _ruling_page(view, dispute)


@bp.post("/matches/<match_id>/disputes/<int:dispute>/ruling")
def rule(match_id: str, dispute: int) -> Any:
    view = service().get_match(match_id)
    require_on_match(Operation.RULE, view.id, view.league)
    form = request.form
    decision = form.get("decision", "")
    replay_text = form.get("replay_from", "").strip()
    try:
        if decision == "corrected":
            raise BadInput(_("a ruling that corrects the entry is made on the correction page"))
        written = service().rule(
            view.id,
            dispute,
            decision,
            posted_rules(),
            form.get("text", ""),
            author(scorer_name()),
            replay_from=(
                _number(replay_text, "replay_from")
                if decision == "replay" and replay_text
                else None
            ),
            key=form.get("key") or None,
        )
    except TouchlineError as error:
        return _ruling_page(view, dispute, problem=said_in_language(error)), status_of(error)
    flash(
        _(
            "Ruling recorded (line %(line)s) on dispute %(dispute)s.",
            line=written.line.number,
            dispute=dispute,
        )
    )
    return redirect(
        url_for("scoring.match_page", match_id=view.id) + f"#entry-{written.line.number}", 303
    )


def posted_rules() -> list[str]:
    """The rule IDs a form cites: one per field, or several in one field, by comma or space."""
    return [
        rule for value in request.form.getlist("rules") for rule in value.replace(",", " ").split()
    ]


def _ruling_page(view: MatchView, dispute: int, problem: str | None = None) -> str:
    state = dispute_state(view, dispute)
    on = state.dispute.on
    entry = view.log[on - 1] if on is not None else None
    assert entry is None or isinstance(entry, Entry)
    return render_template(
        "ruling.html",
        match=view,
        state=state,
        entry=entry,
        step=None if on is None else _step_of(view, on),
        problem=problem,
        form=request.form,
        rules=rule_fields(),
        limit=REASON_LIMIT,
    )


def rule_fields() -> list[str]:
    """The rule IDs a refused form gave, and empty fields up to the form's number of them."""
    given = posted_rules()
    return given + [""] * max(0, RULE_FIELDS - len(given))


# -- confirmations -------------------------------------------------------------------------


@bp.post("/matches/<match_id>/confirmations")
def confirm(match_id: str) -> Any:
    view = service().get_match(match_id)
    side = request.form.get("side", "").strip()
    require_on_match(Operation.CONFIRM, view.id, view.league, side)
    try:
        service().confirm(view.id, side, author(scorer_name()), key=request.form.get("key") or None)
    except TouchlineError as error:
        page = render_template(
            "match.html",
            match=view,
            problem=said_in_language(error),
            scorer=powers_for(view.id, (), view.league).record,
        )
        return page, status_of(error)
    flash(_("Result confirmed for %(side)s.", side=value_label(side, view.labels)))
    return redirect(url_for("scoring.match_page", match_id=view.id), 303)


# -- shared --------------------------------------------------------------------------------


def _number(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise BadInput(_("%(name)s=%(text)r is not an entry number", name=name, text=text))
    return int(text)


def dispute_state(view: MatchView, number: int) -> DisputeState:
    """Dispute line `number` with its ruling, if it has one."""
    line = view.log[number - 1] if 0 < number <= len(view.log) else None
    if not isinstance(line, Dispute):
        raise BadInput(_("line %(line)s is not a dispute of this match", line=number))
    return DisputeState(line, log_index(view.log).ruling_on(number))


def entry_in_force(view: MatchView, number: int) -> Entry:
    """Entry `number`, if it counts now: only such an entry may be disputed or corrected."""
    line = view.log[number - 1] if 0 < number <= len(view.log) else None
    if not isinstance(line, Entry):
        raise BadInput(_("line %(line)s is not an entry of this match", line=number))
    fate = log_index(view.log).out_of_force(number)
    if fate is not None:
        raise BadInput(_out_of_force(number, fate.how, fate.line))
    return line


def _out_of_force(number: int, how: str, line: int) -> str:
    """Why entry `number` may not be disputed or corrected, in the reader's language."""
    said = {
        "undone": _("entry %(number)s was undone (line %(line)s): it no longer counts"),
        "withdrawn": _("entry %(number)s was withdrawn (line %(line)s): it no longer counts"),
        "replayed": _("entry %(number)s was replayed (line %(line)s): it no longer counts"),
        "corrected": _("entry %(number)s was corrected (line %(line)s): it no longer counts"),
    }
    # Every way out of force (domain.log_index) has its sentence.
    template: str = said[how]
    return template % {"number": number, "line": line}


def _step_of(view: MatchView, number: int) -> int | None:
    """The replay step at which entry `number` counts, None when it no longer does."""
    return step_of(service().load_record(view.id), number)


def step_of(record: MatchRecord, number: int) -> int | None:
    numbers = [entry.number for entry in record.effective_entries()]
    return numbers.index(number) + 1 if number in numbers else None
