"""The replay page, the frame fragment its script swaps in while stepping, and annotations.

`/matches/<id>/replay` with no `at` opens at the last step: a reader arriving from a finished
match expects the final situation and the whole story on the chart, and steps back from there
(the same default as `touchline match replay`). Every control is a plain link to `?at=N`, so
the page works without the script and any moment can be shared by its address.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from domain.access import Operation
from domain.match import ANNOTATION_LIMIT
from service.errors import BadInput
from service.timeline import Moment, Timeline
from service.views import ReplayView
from web.charts import ScoreChart, score_chart, score_summary
from web.context import author, scorer_name, touchline
from web.powers import Powers, powers_for, require_on_match

bp = Blueprint("replay", __name__)


@dataclass(frozen=True)
class Frame:
    """Everything that changes with the step being looked at."""

    match_id: str
    view: ReplayView
    timeline: Timeline
    chart: ScoreChart
    scorer: bool
    # What this browser may do about the match: dispute the step's entry, rule, confirm.
    powers: Powers

    @property
    def step(self) -> int:
        return self.view.step

    @property
    def moment(self) -> Moment:
        return self.timeline.moments[self.view.step]

    @property
    def score_text(self) -> str:
        return score_summary(self.moment.score, self.timeline.labels)


def frame_at(match_ref: str, at: str | None) -> Frame:
    # One load serves both the situation and the timeline, so the two always agree even
    # while the match is being scored.
    replayed = touchline().replayed(match_ref)
    record, timeline = replayed.record, replayed.timeline
    step = step_from(at, timeline.total)
    match_id = str(record.id)
    return Frame(
        match_id=match_id,
        view=ReplayView.of(record, step),
        timeline=timeline,
        chart=score_chart(timeline, step),
        scorer=powers_for(match_id, (), record.league).record,
        powers=powers_for(match_id, timeline.sides, record.league),
    )


def step_from(at: str | None, total: int) -> int:
    if at is None or at == "":
        return total
    # Plain ASCII digits only: int() would also take "+3", " 3" or "1_0".
    if not (at.isascii() and at.isdigit()):
        raise BadInput(f"at={at} is not a step number: this match has steps 0 to {total}")
    step = int(at)
    if step > total:
        raise BadInput(f"step {step} is out of range: this match has steps 0 to {total}")
    return step


@bp.get("/matches/<match_ref>/replay")
def page(match_ref: str) -> str:
    frame = frame_at(match_ref, request.args.get("at"))
    return render_template("replay.html", frame=frame, limit=ANNOTATION_LIMIT)


@bp.get("/matches/<match_ref>/replay/frame")
def frame(match_ref: str) -> str:
    frame = frame_at(match_ref, request.args.get("at"))
    return render_template("replay_frame.html", frame=frame, limit=ANNOTATION_LIMIT)


@bp.post("/matches/<match_ref>/annotations")
def annotate(match_ref: str) -> Any:
    """A scorer's remark on one step: back to that step once it is stored."""
    service = touchline()
    scope = service.match_scope(match_ref)
    match_id = scope.id
    require_on_match(Operation.RECORD, match_id, scope.league)
    on = request.form.get("on", "")
    text = request.form.get("text", "")
    # Empty or overlong text is refused by the service (400, nothing stored).
    if not (on.isascii() and on.isdigit()):
        abort(400, description=f"on={on!r} is not an entry number")
    service.annotate(match_id, int(on), text, author(scorer_name()))
    in_force = [0] + [line.number for line in service.load_record(match_id).effective_entries()]
    # Back to the annotated step, unless a retraction made at the same moment took it away.
    step = in_force.index(int(on)) if int(on) in in_force else None
    target = url_for("replay.page", match_ref=match_id, at=step)
    return redirect(f"{target}#annotations", code=303)
