"""What a replay shows beside one step's situation: the whole match as a list of moments.

Every moment carries the score after it, the goals and period ends it brought, the marks a
reader scans the timeline for (goals, bookings, and whatever else its game declares worth a
mark: see `Consequence.timeline_mark`), and what was said about its entry: annotations,
disputes and the rulings on them. A corrected entry counts at the place of the entry it
replaced, which stays in its moment struck through; an entry that no longer counts (undone,
withdrawn, replayed) stays under the step it followed, struck through, with its notes and
disputes. All of it comes from the log and the consequences stored with each entry, so the
timeline of a 600-entry match costs one pass over its log and no rules are replayed: the
situation of the one step being looked at is `ReplayView`'s business.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from domain.consequences import GOAL_MARK, Consequence, MarkKind, MatchEnded, PeriodEnded
from domain.log import Annotation, Confirmation, Correction, Dispute, Entry, Ruling
from domain.log_index import LogIndex, OutOfForce, Positions
from domain.match import MatchRecord
from domain.notation import action_notation
from domain.phrase import phrase
from domain.report import entry_sentence, names_of

# Consequences that close a stretch of play: a half (or Extra Time half), or the whole match.
PERIOD_ENDS = (PeriodEnded, MatchEnded)


@dataclass(frozen=True)
class StepMark:
    """A consequence the timeline marks: what it is, the word for it, and its sentence."""

    kind: MarkKind
    label: str
    text: str


@dataclass(frozen=True)
class DisputeState:
    """A dispute and the ruling on it, None while it is open."""

    dispute: Dispute
    ruling: Ruling | None = None

    @property
    def is_open(self) -> bool:
        return self.ruling is None


@dataclass(frozen=True)
class Retracted:
    """An entry that no longer counts: made after a step and undone, withdrawn or replayed
    since, or replaced by a correction. It is no step of the replay, but it happened, and the
    notes and disputes made on it (often why it went) stay readable with it."""

    number: int
    text: str
    by: str
    at: str
    annotations: tuple[Annotation, ...] = ()
    # What it said, as the match report says it (domain/report.py).
    sentence: str = ""
    # Why it no longer counts: the undo, correction or ruling that took it out, and the
    # reason that line gave (none for an undo).
    fate: OutOfForce | None = None
    reason: str = ""
    disputes: tuple[DisputeState, ...] = ()


@dataclass(frozen=True)
class Moment:
    """Step `step` of the replay: the situation after entry `number` (0: the kick-off).

    `retracted` holds the entries made after it that no longer count, in the order they
    were made; `replaced`, the entries whose place this one's correction took (the first
    made first). `corrects` is the entry a correction replaced, `kept_by` the correction
    that kept this entry as an override after it made it illegal.
    """

    step: int
    number: int
    text: str
    by: str | None
    at: str | None
    score: Mapping[str, int]
    goals: tuple[str, ...] = ()
    period_ends: tuple[str, ...] = ()
    marks: tuple[StepMark, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    overridden: bool = False
    # The rules the entry was entered (or kept) despite, when it overrode any.
    override_rules: tuple[str, ...] = ()
    retracted: tuple[Retracted, ...] = ()
    replaced: tuple[Retracted, ...] = ()
    disputes: tuple[DisputeState, ...] = ()
    corrects: int | None = None
    kept_by: int | None = None
    # The entry as the match report says it (domain/report.py): `text` is its notation.
    sentence: str = ""


@dataclass(frozen=True)
class Timeline:
    sides: tuple[str, ...]
    labels: Mapping[str, str]
    moments: tuple[Moment, ...]
    goal_steps: tuple[int, ...] = field(default=())
    period_steps: tuple[int, ...] = field(default=())
    # What concerns the result rather than one entry: its disputes and the confirmations.
    result_disputes: tuple[DisputeState, ...] = ()
    confirmations: tuple[Confirmation, ...] = ()
    # Which step each line number of the log names: the one number people say (`?at=N`).
    positions: Positions | None = None

    def step_of(self, line: int) -> int | None:
        """The step line `line` of the log names (0: the kick-off); None: no such line."""
        if self.positions is None:
            return line if 0 <= line <= self.total else None
        return self.positions.step_of(line)

    def line_of(self, step: int) -> int:
        """The number of the line in force at `step` (0 at the kick-off)."""
        return self.moments[step].number

    @property
    def last_line(self) -> int:
        return self.positions.last if self.positions is not None else self.total

    @property
    def total(self) -> int:
        """The number of entries in force: steps run from 0 to `total`."""
        return len(self.moments) - 1

    def previous_goal(self, step: int) -> int | None:
        return _before(self.goal_steps, step)

    def next_goal(self, step: int) -> int | None:
        return _after(self.goal_steps, step)

    def previous_period(self, step: int) -> int | None:
        return _before(self.period_steps, step)

    def next_period(self, step: int) -> int | None:
        return _after(self.period_steps, step)

    def top_score(self) -> int:
        return max((max(m.score.values(), default=0) for m in self.moments), default=0)


def timeline_of(match: MatchRecord) -> Timeline:
    """The match's moments, in one pass over its log."""
    rules = match.ruleset
    setup = match.made_setup()
    sides = tuple(rules.sides(setup))
    index = LogIndex(match.log)
    names = names_of(rules, setup)

    def disputes(number: int | None) -> tuple[DisputeState, ...]:
        return tuple(DisputeState(d, index.ruling_on(d.number)) for d in index.disputes_on(number))

    def struck(line: Entry) -> Retracted:
        fate = index.out_of_force(line.number)
        return Retracted(
            line.number,
            action_notation(rules.codec, line),
            line.by,
            line.at,
            index.notes_on(line.number),
            entry_sentence(rules, line, names),
            fate,
            "" if fate is None else reason_of(index, fate),
            disputes(line.number),
        )

    score = dict.fromkeys(sides, 0)
    moments: list[Moment] = []
    for step in index.steps():
        undone = tuple(struck(e) for out in step.then_out for e in (*out.replaced, out.entry))
        if step.placed is None:
            kickoff = Moment(
                0,
                0,
                "kick-off",
                None,
                None,
                dict(score),
                retracted=undone,
                sentence=phrase("Kick-off"),
            )
            moments.append(replace(kickoff, annotations=index.notes_on(0)))
            continue
        entry = step.placed.entry
        consequences = entry.consequences
        # What changes the score is a goal (crowns, where crowns are the score); the end of a
        # match restates the score, which is no goal.
        goals: list[str] = []
        marks: list[StepMark] = []
        for consequence in consequences:
            after = consequence.score_after(score)
            scored = after is not None and {**score, **after} != score
            if scored and after is not None:
                score = {**score, **after}
                goals.append(consequence.text)
            marked = marked_as(consequence, scored)
            if marked is not None:
                marks.append(marked)
        kept_by = index.kept_by(entry.number)
        moments.append(
            Moment(
                step=step.step,
                number=entry.number,
                text=action_notation(rules.codec, entry),
                by=entry.by,
                at=entry.at,
                score=dict(score),
                goals=tuple(goals),
                marks=tuple(marks),
                period_ends=tuple(c.text for c in consequences if isinstance(c, PERIOD_ENDS)),
                annotations=index.notes_on(entry.number),
                overridden=bool(entry.override),
                override_rules=tuple(v.rule for v in entry.violations) if entry.override else (),
                retracted=undone,
                replaced=tuple(struck(old) for old in step.placed.replaced),
                disputes=disputes(entry.number),
                corrects=entry.replaces if isinstance(entry, Correction) else None,
                kept_by=None if kept_by is None else kept_by.number,
                sentence=entry_sentence(rules, entry, names),
            )
        )
    return Timeline(
        sides=sides,
        labels=dict(rules.side_labels(setup)),
        moments=tuple(moments),
        goal_steps=tuple(m.step for m in moments if m.goals),
        period_steps=tuple(m.step for m in moments if m.period_ends),
        result_disputes=disputes(None),
        confirmations=index.confirmations(),
        positions=Positions.of(index),
    )


def marked_as(consequence: Consequence, scored: bool) -> StepMark | None:
    """The mark a consequence declares; one that changed the score is a goal even when its
    game declared no mark for it. A silent one (no sentence) is never marked."""
    declared = consequence.timeline_mark() or (GOAL_MARK if scored else None)
    if declared is None or consequence.silent:
        return None
    return StepMark(declared.kind, declared.label, consequence.text)


def reason_of(index: LogIndex, fate: OutOfForce) -> str:
    """The reason the line that took an entry out of force gave: a correction's reason, a
    ruling's explanation; an undo gives none."""
    line = index.line(fate.line)
    if isinstance(line, Correction):
        return line.reason
    if isinstance(line, Ruling):
        return line.text
    return ""


def _before(steps: Sequence[int], step: int) -> int | None:
    index = bisect_left(steps, step)
    return steps[index - 1] if index > 0 else None


def _after(steps: Sequence[int], step: int) -> int | None:
    index = bisect_right(steps, step)
    return steps[index] if index < len(steps) else None
