"""The replay page, the frame fragment its script swaps in while stepping, and annotations.

`/matches/<id>/replay` with no `at` opens at the last step: a reader arriving from a finished
match expects the final situation and the whole story on the chart, and steps back from there
(the same default as `touchline match replay`). `?at=N` names line N of the log, the number
the match page, `annotate` and the command line give it (an undo, a note or an entry out of
force opens at the entry in force when it was written); `?step=N`, what the slider sends, is
the N-th entry in force. Every control is a plain link to `?at=N`, so the page works without
the script and any moment can be shared by its address.

The script fetches the frames of a run of steps in one request (`/replay/frames?from=&to=`)
and steps through them without asking again: one load of the match, one check of its version
and one answer serve a run, where a request per step paid for all three every time. The
game's situation in a frame, the largest part of drawing one, is drawn once per match version
and step for every reader (web/drawn_situations.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any
from uuid import uuid4

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from domain.access import Operation
from domain.luck import Roll
from domain.match import ANNOTATION_LIMIT
from service.errors import BadInput
from service.replay_views import ReplayView
from service.replays import Replayed
from service.timeline import Moment, Timeline
from web.charts import ScoreChart, score_chart, score_summary
from web.context import author, scorer_name, touchline
from web.drawn_situations import DrawnSituations
from web.language import language, translated
from web.luck_chart import LuckChart, luck_chart, signed
from web.powers import Powers, powers_for, require_on_match
from web.situation_scripts import has_twin

bp = Blueprint("replay", __name__)

# The most frames one request for a run answers: a few screens' worth of steps either way.
FRAMES_PER_RUN = 32


@dataclass(frozen=True)
class Frame:
    """Everything that changes with the step being looked at."""

    match_id: str
    # The match's version the frame shows: its drawn situation is kept under it.
    version: int
    view: ReplayView
    timeline: Timeline
    chart: ScoreChart
    scorer: bool
    # What this browser may do about the match: dispute the step's entry, rule, confirm.
    powers: Powers
    # The roll the step's entry made, with its odds before it and its luck (docs/analysis.md),
    # and each side's luck over the match, charted beside the score.
    odds: Roll | None = None
    luck: LuckChart | None = None

    @property
    def odds_luck(self) -> tuple[tuple[str, str], ...]:
        """The luck the step's roll brought each side: (label, "+0.17")."""
        if self.odds is None:
            return ()
        labels = self.timeline.labels
        return tuple((labels.get(side, side), signed(v)) for side, v in self.odds.luck.items())

    @property
    def step(self) -> int:
        return self.view.step

    @property
    def moment(self) -> Moment:
        return self.timeline.moments[self.view.step]

    @property
    def score_text(self) -> str:
        labels = {side: translated(label) for side, label in self.timeline.labels.items()}
        return score_summary(self.moment.score, labels)


def frame_at(match_ref: str, at: str | None, step: str | None = None) -> Frame:
    # One load serves both the situation and the timeline, so the two always agree even
    # while the match is being scored.
    replayed = touchline().replayed(match_ref)
    timeline = replayed.timeline
    if step is not None and at is None:
        return frames_of(replayed, [step_from(step, timeline.total)])[0]
    return frames_of(replayed, [step_of_line(at, timeline)])[0]


def step_of_line(at: str | None, timeline: Timeline) -> int:
    """The step `?at=N` names: line N of the log (the last step without one)."""
    if at is None or at == "":
        return timeline.total
    last = timeline.last_line
    found = timeline.step_of(int(at)) if at.isascii() and at.isdigit() else None
    if found is None:
        raise BadInput(
            _(
                "at=%(at)s is not a line of this match: its log has lines 0 to %(last)s",
                at=at,
                last=last,
            )
        )
    return found


def frames_of(replayed: Replayed, steps: list[int]) -> list[Frame]:
    """The frames of `steps` of one loaded match; what a reader may do is the same for all."""
    record, timeline = replayed.record, replayed.timeline
    match_id = str(record.id)
    scorer = powers_for(match_id, (), record.league).record
    powers = powers_for(match_id, timeline.sides, record.league)
    luck = replayed.luck
    return [
        Frame(
            match_id=match_id,
            version=record.version,
            view=ReplayView.of(record, step),
            timeline=timeline,
            chart=score_chart(timeline, step),
            scorer=scorer,
            powers=powers,
            odds=None if luck is None else luck.at(step),
            luck=None if luck is None else luck_chart(luck, timeline.labels, timeline.total, step),
        )
        for step in steps
    ]


@bp.app_template_filter()
def luck_unit(unit: str) -> str:
    """A game's unit of luck (domain/*/odds.py) in the page's language."""
    units: dict[str, str] = {"goals": _("goals"), "crowns": _("crowns")}
    found: str = units.get(unit, unit)
    return found


@bp.app_template_global()
def drawn_situation(frame: Frame) -> Markup:
    """The game's situation at the frame's step, drawn once per match version and step
    (web/drawn_situations.py) and kept with the web app."""
    kept = current_app.extensions.setdefault("drawn_situations", DrawnSituations())
    view = frame.view

    def draw() -> str:
        template = current_app.jinja_env.get_template("replay_situation.html")
        return template.render(
            ruleset=view.ruleset,
            situation=view.situation,
            labels=frame.timeline.labels,
            text=view.text,
        )

    # The drawing holds the page's words: a reader in another language gets one of their own.
    key = (frame.match_id, frame.version, frame.step, language())
    drawing: Markup = kept.drawing(key, draw)
    return drawing


# The score chart's drawings (about 30 KB each, whatever the match's length), by match, version
# and the page's address: the dozens of matches being replayed at once in one process.
CHART_CHARACTERS = 4_000_000
# Stand-ins for the two values of the chart that move with the step (web/charts.py): made
# afresh by each process, so that no text a match holds can be one of them.
_STEP = f"\x1f{uuid4().hex}\x1f"
_STEP_X = f"\x1f{uuid4().hex}\x1f"


@bp.app_template_global()
def drawn_chart(frame: Frame, base: str) -> Markup:
    """The score chart with the frame's step marked: drawn once per match version (and page
    address) with stand-ins for the step and where it is drawn, which each frame fills in.
    Drawing the whole chart again for every frame was a sixth of drawing a frame."""
    kept = current_app.extensions.setdefault("drawn_charts", DrawnSituations(CHART_CHARACTERS))
    chart = frame.chart

    def draw() -> str:
        template = current_app.jinja_env.get_template("charts/score.html")
        # The template writes both values as they are: a stand-in passes unescaped.
        stand_ins: dict[str, Any] = {"current": Markup(_STEP), "current_x": Markup(_STEP_X)}
        return template.render(
            chart=replace(chart, **stand_ins), labels=frame.timeline.labels, base=base
        )

    drawing = kept.drawing((frame.match_id, frame.version, base, language()), draw)
    marked: Markup = drawing.replace(_STEP, str(chart.current))
    return marked.replace(_STEP_X, str(chart.current_x))


# The controls' links (replay_controls.html), by their `data-rel`.
CONTROLS = (
    "back",
    "forward",
    "first",
    "last",
    "previous-goal",
    "next-goal",
    "previous-half",
    "next-half",
)


@bp.app_template_global()
def controls_data(frame: Frame) -> Markup:
    """Where the frame's controls point, as JSON escaped for an attribute: for each link
    (`data-rel`) its step and line of the log, or null where replay_controls.html draws it
    disabled. Drawing the eight links was a fifth of drawing a frame; the page's script
    moves the controls it already shows to these places instead."""
    step, total, timeline = frame.step, frame.view.total, frame.timeline
    targets = (
        step - 1 if step > 0 else None,
        step + 1 if step < total else None,
        0,
        total,
        timeline.previous_goal(step),
        timeline.next_goal(step),
        timeline.previous_period(step),
        timeline.next_period(step),
    )
    links = {
        rel: None if target is None or target == step else (target, timeline.line_of(target))
        for rel, target in zip(CONTROLS, targets, strict=True)
    }
    data = {"step": step, "total": total, "line": frame.moment.number, "links": links}
    return escape(json.dumps(data, separators=(",", ":")))


def step_from(at: str | None, total: int) -> int:
    if at is None or at == "":
        return total
    # Plain ASCII digits only: int() would also take "+3", " 3" or "1_0".
    if not (at.isascii() and at.isdigit()):
        raise BadInput(
            _(
                "at=%(at)s is not a step number: this match has steps 0 to %(total)s",
                at=at,
                total=total,
            )
        )
    step = int(at)
    if step > total:
        raise BadInput(
            _(
                "step %(step)s is out of range: this match has steps 0 to %(total)s",
                step=step,
                total=total,
            )
        )
    return step


@bp.get("/matches/<match_ref>/replay")
def page(match_ref: str) -> str:
    frame = frame_at(match_ref, request.args.get("at"), request.args.get("step"))
    return render_template(
        "replay.html",
        frame=frame,
        limit=ANNOTATION_LIMIT,
        frames_per_run=FRAMES_PER_RUN,
        twin=has_twin(frame.view.ruleset),
    )


@bp.get("/matches/<match_ref>/replay/frame")
def frame(match_ref: str) -> str:
    frame = frame_at(match_ref, request.args.get("at"), request.args.get("step"))
    return render_template("replay_frame.html", frame=frame, limit=ANNOTATION_LIMIT)


@bp.get("/matches/<match_ref>/replay/frames")
def frames(match_ref: str) -> str:
    """The frames of steps `from` to `to` (both included, at most FRAMES_PER_RUN), each in a
    `<template data-step="N">` for the page's script to keep and swap in; with
    `situations=data`, each frame's situation as data for the game's twin to draw; with
    `controls=script`, where the controls point instead of the controls (`controls_data`),
    which the script moves itself."""
    replayed = touchline().replayed(match_ref)
    total = replayed.timeline.total
    first = bound_from("from", request.args.get("from"), total)
    last = bound_from("to", request.args.get("to"), total)
    if last < first:
        raise BadInput(_("to=%(last)s is before from=%(first)s", last=last, first=first))
    if last - first + 1 > FRAMES_PER_RUN:
        raise BadInput(
            _(
                "to=%(last)s: a run holds at most %(most)s steps from from=%(first)s",
                last=last,
                most=FRAMES_PER_RUN,
                first=first,
            )
        )
    # A browser whose script has the game's twin draws the situations itself
    # (web/situation_scripts.py); any other is sent them drawn.
    drawn_by_script = request.args.get("situations") == "data" and has_twin(
        replayed.record.ruleset_name
    )
    return render_template(
        "replay_frames.html",
        frames=frames_of(replayed, list(range(first, last + 1))),
        limit=ANNOTATION_LIMIT,
        drawn_by_script=drawn_by_script,
        controls_by_script=request.args.get("controls") == "script",
    )


def bound_from(name: str, value: str | None, total: int) -> int:
    """A run's bound, named in the refusal when it is missing, not a number or out of range."""
    if value is None or value == "":
        raise BadInput(
            _(
                "%(name)s is missing: give the step numbers %(name)s=N, 0 to %(total)s",
                name=name,
                total=total,
            )
        )
    if not (value.isascii() and value.isdigit()) or int(value) > total:
        raise BadInput(
            _(
                "%(name)s=%(value)s is not a step of this match: it has steps 0 to %(total)s",
                name=name,
                value=value,
                total=total,
            )
        )
    return int(value)


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
    glyph = request.form.get("glyph") or None
    service.annotate(match_id, int(on), text, author(scorer_name()), glyph=glyph)
    # Back to the annotated line: the step it is at, or, undone since, the step it followed.
    target = url_for("replay.page", match_ref=match_id, at=int(on))
    return redirect(f"{target}#annotations", code=303)
