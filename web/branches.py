"""What-if branches on the web (docs/branches.md): the replay's "What if…" action at a step,
the branches listed at that step, the comparison page, and annotations' glyphs.

Anyone who can see a match may branch it, as anyone may create a match outside a league
(docs/access.md): the branch is such a match, and whoever starts it is handed its scorer link.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from domain.access import Operation, Target
from domain.glyphs import GLYPHS, Glyph, glyph_named, symbol_of
from domain.log import Annotation
from service.branches import BranchSummary
from service.errors import BadInput
from web.context import author, remember_scorer_name, remember_token, scorer_name, touchline
from web.home import creators_link
from web.powers import require

bp = Blueprint("branches", __name__)


@bp.get("/matches/<match_ref>/branches/new")
def new(match_ref: str) -> str:
    """What a branch from the step is, and the button that starts it. A page of its own, so
    that the replay's frames, drawn alike for every reader, carry no form token."""
    replay = touchline().replay(match_ref, _step(request.args.get("step", "")))
    return render_template("branch_new.html", replay=replay, scorer=scorer_name())


def _step(step: str) -> int:
    if not (step.isascii() and step.isdigit()):
        raise BadInput(_("step=%(step)r is not a step number", step=step[:20]))
    return int(step)


@bp.post("/matches/<match_ref>/branches")
def start(match_ref: str) -> Any:
    """Branch the match at the step the form names, and go on scoring the branch."""
    step = _step(request.form.get("step", ""))
    require(Operation.CREATE_MATCH, Target())
    by = request.form.get("scorer", "").strip() or scorer_name()
    view = touchline().branch_match(match_ref, step, author(by))
    remember_token(creators_link(view.id, None, author(by)).token)
    remember_scorer_name(by)
    return redirect(url_for("scoring.live", match_id=view.id), 303)


@bp.get("/matches/<match_ref>/comparison")
def comparison(match_ref: str) -> str:
    """A branch beside its origin, from the step it starts at."""
    return render_template("branch_comparison.html", compared=touchline().compare_branch(match_ref))


@bp.app_template_global()
def branches_at(match_id: str, step: int) -> Sequence[BranchSummary]:
    """The branches of a match started at `step`, for its replay at that step: the match's
    branches are read once per request, which draws a whole run of frames."""
    kept: dict[str, Sequence[BranchSummary]] = g.setdefault("branches_of", {})
    if match_id not in kept:
        kept[match_id] = touchline().branches_of(match_id)
    return [branch for branch in kept[match_id] if branch.step == step]


@bp.app_template_global()
def glyph_choices() -> Sequence[Glyph]:
    return GLYPHS


@bp.app_template_global()
def glyph_meaning(glyph: Glyph) -> str:
    """What a glyph means, in the page's language (the domain words it in English)."""
    meanings: dict[str, str] = {
        "good": _("a good decision"),
        "mistake": _("a mistake"),
        "blunder": _("a blunder"),
        "interesting": _("an interesting decision"),
        "turning-point": _("the turning point of the match"),
    }
    found: str = meanings.get(glyph.name, glyph.meaning)
    return found


@bp.app_template_global()
def glyph_of(name: str | None) -> Glyph | None:
    """The glyph a note carries (None for a plain remark)."""
    return glyph_named(name)


@bp.app_template_global()
def judged_notes(match_id: str, glyph: str | None) -> list[Annotation]:
    """The notes of a match that carry a glyph, only those with `glyph` when one is named (a
    name that is no glyph: BadInput)."""
    wanted = _wanted_glyph(glyph)
    return [
        line
        for line in touchline().get_match(match_id).log
        if isinstance(line, Annotation)
        and line.glyph is not None
        and (wanted is None or line.glyph == wanted)
    ]


def _wanted_glyph(glyph: str | None) -> str | None:
    if not glyph:
        return None
    names = [g.name for g in GLYPHS]
    if glyph not in names:
        shown = glyph if len(glyph) <= 20 else glyph[:17] + "..."
        raise BadInput(
            _(
                "glyph=%(glyph)r is not a glyph; the glyphs: %(names)s",
                glyph=shown,
                names=", ".join(names),
            )
        )
    return glyph


bp.add_app_template_global(symbol_of, "glyph_symbol")
