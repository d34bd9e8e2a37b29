"""What a replay shows beside one step's situation: the whole match as a list of moments.

Every moment carries the score after it, the goals and period ends it brought and the
annotations made on it. All of it comes from the consequences stored with each entry, so the
timeline of a 600-entry match costs one pass over its log and no rules are replayed: the
situation of the one step being looked at is `ReplayView`'s business.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from domain.consequences import MatchEnded, PeriodEnded
from domain.log import Annotation, Entry
from domain.match import MatchRecord
from domain.notation import format_action

# Consequences that close a stretch of play: a half (or Extra Time half), or the whole match.
PERIOD_ENDS = (PeriodEnded, MatchEnded)


@dataclass(frozen=True)
class Retracted:
    """An entry made after a step and undone later: it is no step of the replay, but it
    happened, and the notes made on it (often why it was undone) stay readable with it."""

    number: int
    text: str
    by: str
    at: str
    annotations: tuple[Annotation, ...] = ()


@dataclass(frozen=True)
class Moment:
    """Step `step` of the replay: the situation after entry `number` (0: the kick-off).

    `retracted` holds the entries made after it and undone since, in the order they were made.
    """

    step: int
    number: int
    text: str
    by: str | None
    at: str | None
    score: Mapping[str, int]
    goals: tuple[str, ...] = ()
    period_ends: tuple[str, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    overridden: bool = False
    retracted: tuple[Retracted, ...] = ()


@dataclass(frozen=True)
class Timeline:
    sides: tuple[str, ...]
    labels: Mapping[str, str]
    moments: tuple[Moment, ...]
    goal_steps: tuple[int, ...] = field(default=())
    period_steps: tuple[int, ...] = field(default=())

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
    setup = rules.make_setup(match.setup)
    sides = tuple(rules.sides(setup))
    notes = _annotations_by_entry(match)
    score = dict.fromkeys(sides, 0)
    moments = [Moment(0, 0, "kick-off", None, None, dict(score), annotations=notes.get(0, ()))]
    undone: list[Retracted] = []  # since the latest moment
    for line in match.log:
        if not isinstance(line, Entry):
            continue
        number = line.number
        text = format_action(rules.codec, rules.action_from_dict(line.action))
        if line.retracted:
            undone.append(Retracted(number, text, line.by, line.at, notes.get(number, ())))
            continue
        if undone:
            moments[-1] = replace(moments[-1], retracted=tuple(undone))
            undone = []
        consequences = line.consequences
        # What changes the score is a goal (crowns, where crowns are the score); the end of a
        # match restates the score, which is no goal.
        goals: list[str] = []
        for consequence in consequences:
            after = consequence.score_after(score)
            if after is not None and {**score, **after} != score:
                score = {**score, **after}
                goals.append(consequence.text)
        moments.append(
            Moment(
                step=len(moments),
                number=number,
                text=text,
                by=line.by,
                at=line.at,
                score=dict(score),
                goals=tuple(goals),
                period_ends=tuple(c.text for c in consequences if isinstance(c, PERIOD_ENDS)),
                annotations=notes.get(number, ()),
                overridden=bool(line.override),
            )
        )
    if undone:
        moments[-1] = replace(moments[-1], retracted=tuple(undone))
    return Timeline(
        sides=sides,
        labels=dict(rules.side_labels(setup)),
        moments=tuple(moments),
        goal_steps=tuple(m.step for m in moments if m.goals),
        period_steps=tuple(m.step for m in moments if m.period_ends),
    )


def _annotations_by_entry(match: MatchRecord) -> dict[int, tuple[Annotation, ...]]:
    """Every annotation, grouped by the entry it is on (0: the kick-off)."""
    grouped: dict[int, list[Annotation]] = {}
    for note in match.annotations():
        grouped.setdefault(note.on, []).append(note)
    return {number: tuple(notes) for number, notes in grouped.items()}


def _before(steps: Sequence[int], step: int) -> int | None:
    index = bisect_left(steps, step)
    return steps[index - 1] if index > 0 else None


def _after(steps: Sequence[int], step: int) -> int | None:
    index = bisect_right(steps, step)
    return steps[index] if index < len(steps) else None
