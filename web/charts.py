"""Geometry for the inline SVG charts: the score over a match and a die's distribution.

Only numbers and the texts to show are computed here; the templates in charts/ draw them, so
every label (a team, a goal's description) goes through the template's escaping. The texts are
in the page's language (English outside a request): the words of the chart from the `messages`
catalogue, a mark's word and a stored sentence through `translated` and `told`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace

from flask_babel import gettext as _
from flask_babel import ngettext

from domain.consequences import MarkKind
from service.statistics import Fairness
from service.timeline import StepMark, Timeline
from web.language import language, told, translated

# The bookings the score chart marks, each drawn as a small card in its colour (charts.css):
# a card game's yellow and red cards; a game that shows no cards marks none.
BOOKINGS = (MarkKind.YELLOW_CARD, MarkKind.RED_CARD)
# A card marker's size, in the drawing's units, and the gap between cards shown at one step.
CARD_WIDTH, CARD_HEIGHT, CARD_GAP = 9, 13, 2

# A wide, short drawing area: the chart scales to the page width and stays legible on a phone.
SCORE_WIDTH, SCORE_HEIGHT = 480, 180
DICE_WIDTH, DICE_HEIGHT = 320, 160
# Room for the axis labels on the left and at the bottom.
LEFT, RIGHT, TOP, BOTTOM = 28, 8, 8, 20
# The score chart is tapped to jump to a step: its plot is cut into columns, one per step while
# they fit, each at least this wide (in the drawing's units: 37 of its 480 draw 24 CSS px,
# WCAG 2.2's smallest target, on a chart 320 px wide, about a small phone's).
MIN_COLUMN = 37


@dataclass(frozen=True)
class Series:
    side: str
    label: str
    index: int  # picks the side's colour in charts.css
    points: str  # for <polyline points="…">
    final: int


@dataclass(frozen=True)
class Marker:
    step: int
    x: float
    y: float
    index: int
    text: str


@dataclass(frozen=True)
class CardMarker:
    """A booking at `step`: a card of `kind` (yellow-card, red-card) drawn at `x`, `y` (its
    top left corner), and its `label` in words ("Yellow card", in the page's language) for the
    chart's key."""

    step: int
    x: float
    y: float
    kind: str
    label: str
    width: int = CARD_WIDTH
    height: int = CARD_HEIGHT


@dataclass(frozen=True)
class Column:
    """A stretch of the score chart that is a link: steps `first` to `last`, drawn from `x`
    for `width`, jumping to `step` (the first goal among them, else the middle one)."""

    first: int
    last: int
    step: int
    # The log line of `step`: the number the replay's address names (`?at=LINE`).
    line: int
    x: float
    width: float
    label: str


@dataclass(frozen=True)
class Tick:
    value: int
    position: float


@dataclass(frozen=True)
class ScoreChart:
    width: int
    height: int
    total: int
    current: int
    current_x: float
    series: tuple[Series, ...]
    markers: tuple[Marker, ...]
    y_ticks: tuple[Tick, ...]
    columns: tuple[Column, ...] = ()
    cards: tuple[CardMarker, ...] = ()
    first_x: float = LEFT
    last_x: float = SCORE_WIDTH - RIGHT
    plot_left: int = LEFT
    plot_right: int = SCORE_WIDTH - RIGHT
    plot_bottom: int = SCORE_HEIGHT - BOTTOM
    # The cards shown, in words for the chart's description: `2 yellow cards, 1 red card`;
    # '' when none was.
    bookings: str = ""

    @property
    def card_kinds(self) -> tuple[CardMarker, ...]:
        """One card of each kind shown, in the order first shown: the chart's key."""
        return tuple({card.kind: card for card in self.cards}.values())


# The charts of the timelines stepped through lately, by identity and the page's language:
# stepping through a replay redraws the same timeline at every step, and only the current
# step's mark moves; a chart's words are in the language of the page it was drawn for.
_DRAWN: OrderedDict[tuple[int, str], tuple[Timeline, ScoreChart]] = OrderedDict()
_DRAWN_SIZE = 64
_DRAWN_LOCK = threading.Lock()


def score_chart(timeline: Timeline, current: int) -> ScoreChart:
    """One stepped line per side, a marker on each goal, and the current step marked."""
    key = (id(timeline), language())
    with _DRAWN_LOCK:
        found = _DRAWN.get(key)
    if found is None or found[0] is not timeline:
        found = (timeline, _whole_chart(timeline))
        with _DRAWN_LOCK:
            _DRAWN[key] = found
            _DRAWN.move_to_end(key)
            while len(_DRAWN) > _DRAWN_SIZE:
                _DRAWN.popitem(last=False)
    chart = found[1]
    return replace(chart, current=current, current_x=_step_x(current, timeline.total))


def _step_x(step: int, total: int) -> float:
    """Where a step is drawn: in the middle of its share of the plot, so that the steps' shares
    are the chart's tappable columns while each step has one of its own."""
    plot = SCORE_WIDTH - LEFT - RIGHT
    return round(LEFT + (step + 0.5) * plot / (total + 1), 1)


def _whole_chart(timeline: Timeline) -> ScoreChart:
    """The chart with the kick-off marked: everything but the current step's mark."""
    current = 0
    total = timeline.total
    top = max(timeline.top_score(), 1)

    def x(step: int) -> float:
        return _step_x(step, total)

    def y(score: int) -> float:
        return round(TOP + (1 - score / top) * (SCORE_HEIGHT - TOP - BOTTOM), 1)

    series = []
    for index, side in enumerate(timeline.sides):
        # From one end of the plot to the other, each step's change in the middle of its column.
        points = [(float(LEFT), y(0))]
        previous = 0
        for moment in timeline.moments:
            now = moment.score.get(side, 0)
            if now != previous:
                points += [(x(moment.step), y(previous)), (x(moment.step), y(now))]
                previous = now
        points.append((float(SCORE_WIDTH - RIGHT), y(previous)))
        label = timeline.labels.get(side, side)
        line = " ".join(f"{px},{py}" for px, py in points)
        series.append(Series(side, label, index, line, previous))

    markers = []
    for step in timeline.goal_steps:
        moment, before = timeline.moments[step], timeline.moments[step - 1]
        changed = [s for s in timeline.sides if moment.score.get(s) != before.score.get(s)]
        side = changed[0] if changed else timeline.sides[0]
        score = moment.score.get(side, 0)
        text = _("Step %(step)s: ", step=step) + " ".join(told(goal) for goal in moment.goals)
        markers.append(Marker(step, x(step), y(score), timeline.sides.index(side), text))

    ticks = tuple(Tick(v, y(v)) for v in sorted({0, top // 2, top}))
    cards = []
    for step in booking_steps(timeline):
        # Above the axis, stacked upwards when one entry shows more than one card.
        bottom = SCORE_HEIGHT - BOTTOM - CARD_GAP
        for mark in _bookings(timeline, step):
            bottom -= CARD_HEIGHT
            left = round(x(step) - CARD_WIDTH / 2, 1)
            label = translated(mark.label)
            cards.append(CardMarker(step, left, round(bottom, 1), mark.kind.value, label))
            bottom -= CARD_GAP
    return ScoreChart(
        width=SCORE_WIDTH,
        height=SCORE_HEIGHT,
        total=timeline.total,
        current=current,
        current_x=x(current),
        series=tuple(series),
        markers=tuple(markers),
        y_ticks=ticks,
        columns=step_columns(timeline),
        cards=tuple(cards),
        bookings=_bookings_said(cards),
        # The first and last steps' numbers under their columns, kept inside the drawing.
        first_x=max(x(0), LEFT + 4),
        last_x=min(x(total), SCORE_WIDTH - RIGHT - 10),
    )


def _bookings_said(cards: list[CardMarker]) -> str:
    """The cards shown, counted by kind in the order first shown: `2 yellow cards, 1 red card`."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.kind] = counts.get(card.kind, 0) + 1
    comma: str = _(", ")
    return comma.join(_counted(kind, count) for kind, count in counts.items())


def _counted(kind: str, count: int) -> str:
    said: str
    if kind == MarkKind.YELLOW_CARD:
        said = ngettext("%(num)s yellow card", "%(num)s yellow cards", count)
    else:
        said = ngettext("%(num)s red card", "%(num)s red cards", count)
    return said


def booking_steps(timeline: Timeline) -> tuple[int, ...]:
    """The steps whose entry showed a card (a booking), in order."""
    return tuple(m.step for m in timeline.moments if any(k.kind in BOOKINGS for k in m.marks))


def _bookings(timeline: Timeline, step: int) -> list[StepMark]:
    return [mark for mark in timeline.moments[step].marks if mark.kind in BOOKINGS]


def step_columns(timeline: Timeline) -> tuple[Column, ...]:
    """The plot cut into as many equal columns as fit (one per step while they do), each
    holding the steps drawn inside it and linking to the first goal among them, else to the
    first booking, else to the middle one: a tap near a goal's or a card's marker goes to it."""
    total = timeline.total
    plot = SCORE_WIDTH - LEFT - RIGHT
    count = max(1, min(total + 1, plot // MIN_COLUMN))
    width = plot / count
    held: list[list[int]] = [[] for _ in range(count)]
    for step in range(total + 1):
        # The column that step's middle falls in, in whole numbers.
        held[(2 * step + 1) * count // (2 * (total + 1))].append(step)
    goals = set(timeline.goal_steps)
    booked = set(booking_steps(timeline))
    columns = []
    for index, steps in enumerate(held):
        first, last = steps[0], steps[-1]
        scored = [step for step in steps if step in goals]
        cards = [step for step in steps if step in booked]
        step = (scored or cards or [steps[len(steps) // 2]])[0]
        line = timeline.line_of(step)
        label = _("Kick-off") if line == 0 else _("Line %(number)s", number=line)
        if first != last:
            label += _(
                ", of lines %(first)s to %(last)s",
                first=timeline.line_of(first),
                last=timeline.line_of(last),
            )
        said = [told(goal) for goal in timeline.moments[step].goals] if scored else []
        said += [_mark_said(mark) for mark in _bookings(timeline, step)]
        if said:
            label += _(": ") + " ".join(said)
        x = round(LEFT + index * width, 1)
        columns.append(Column(first, last, step, line, x, round(width, 1), label))
    return tuple(columns)


def _mark_said(mark: StepMark) -> str:
    """A booking's sentence as stored with its entry, else its word."""
    return told(mark.text) if mark.text else translated(mark.label)


@dataclass(frozen=True)
class Bar:
    face: int
    count: int
    share: float
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class DiceChart:
    faces: int
    rolls: int
    width: int
    height: int
    bars: tuple[Bar, ...]
    expected: float
    expected_y: float
    plot_left: int = LEFT
    plot_right: int = DICE_WIDTH - RIGHT
    plot_bottom: int = DICE_HEIGHT - BOTTOM


def dice_chart(figure: Fairness) -> DiceChart:
    """A bar per face against the count a fair die would show for as many rolls."""
    expected = figure.rolls / figure.faces if figure.faces else 0.0
    top = max([*figure.counts, expected, 1]) * 1.1
    plot_height = DICE_HEIGHT - TOP - BOTTOM
    slot = (DICE_WIDTH - LEFT - RIGHT) / max(figure.faces, 1)

    def y(count: float) -> float:
        return round(TOP + (1 - count / top) * plot_height, 1)

    bars = tuple(
        Bar(
            face=face,
            count=count,
            share=count / figure.rolls if figure.rolls else 0.0,
            x=round(LEFT + (face - 1) * slot + slot * 0.15, 1),
            y=y(count),
            width=round(slot * 0.7, 1),
            height=round(count / top * plot_height, 1),
        )
        for face, count in enumerate(figure.counts, start=1)
    )
    return DiceChart(
        faces=figure.faces,
        rolls=figure.rolls,
        width=DICE_WIDTH,
        height=DICE_HEIGHT,
        bars=bars,
        expected=expected,
        expected_y=y(expected),
    )


def score_summary(score: Mapping[str, int], labels: Mapping[str, str]) -> str:
    """The score as a sentence for the chart's description, e.g. 'Nankatsu (Alice) 1, …'."""
    return ", ".join(f"{labels.get(side, side)} {goals}" for side, goals in score.items())
