"""Geometry for the replay's luck chart: each side's luck so far, step by step, around zero.

The luck of a roll is what it brought a side less what it was expected to bring, in the game's
unit (docs/analysis.md); the chart draws each side's running sum as a stepped line beside the
score chart, with the same step marked. Only numbers and the texts to show are worked out
here; charts/luck.html draws them, escaping every label.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from domain.luck import MatchLuck

WIDTH, HEIGHT = 480, 120
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 8, 8
# The vertical scale reaches at least this far either side of zero: a match of small lucks
# is not drawn as if they were large.
LEAST_REACH = Fraction(1, 2)


@dataclass(frozen=True)
class LuckSeries:
    side: str
    label: str
    index: int  # picks the side's colour in charts.css, as on the score chart
    points: str  # for <polyline points="…">


@dataclass(frozen=True)
class LuckTick:
    text: str
    position: float


@dataclass(frozen=True)
class LuckChart:
    unit: str
    total: int
    current: int
    current_x: float
    series: tuple[LuckSeries, ...]
    ticks: tuple[LuckTick, ...]
    zero_y: float
    # Each side's luck up to the current step, for the key: (label, index, "+0.17").
    so_far: tuple[tuple[str, int, str], ...] = ()
    width: int = WIDTH
    height: int = HEIGHT
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT


def signed(amount: Fraction) -> str:
    """A luck for people: "+0.17", "-1.25", "0.00"."""
    return "0.00" if amount == 0 else f"{float(amount):+.2f}"


@dataclass(frozen=True)
class _Drawn:
    """A match's chart, and each side's luck after each roll that brought any (the chart's
    points), by the step of the roll: worked out once per match, not for every frame."""

    luck: MatchLuck
    chart: LuckChart | None  # None when no roll of the match brought any luck
    steps: tuple[int, ...]
    sums: tuple[Mapping[str, Fraction], ...]


# The charts of the matches stepped through lately: only the current step moves.
_DRAWN: OrderedDict[int, _Drawn] = OrderedDict()
_DRAWN_SIZE = 64
_DRAWN_LOCK = threading.Lock()


def luck_chart(
    luck: MatchLuck, labels: Mapping[str, str], total: int, current: int
) -> LuckChart | None:
    """The chart of a match's luck at step `current` of `total`; None when no roll of the
    match brought any (no dice yet, or a game without odds). Each side's luck so far is
    looked up among the chart's points: summing the rolls again for every frame made a
    walk through a replay quadratic."""
    drawn = _drawn(luck, labels, total)
    chart = drawn.chart
    if chart is None:
        return None
    at = bisect_right(drawn.steps, current)
    so_far = drawn.sums[at - 1] if at else {}
    key = tuple(
        (series.label, series.index, signed(so_far.get(series.side, Fraction(0))))
        for series in chart.series
    )
    return replace(chart, current=current, current_x=_x(current, total), so_far=key)


def _drawn(luck: MatchLuck, labels: Mapping[str, str], total: int) -> _Drawn:
    with _DRAWN_LOCK:
        found = _DRAWN.get(id(luck))
    if found is not None and found.luck is luck:
        return found
    points = luck.running()
    found = _Drawn(
        luck=luck,
        chart=_whole_chart(luck, points, labels, total) if points else None,
        steps=tuple(step for step, _ in points),
        sums=tuple(sums for _, sums in points),
    )
    with _DRAWN_LOCK:
        _DRAWN[id(luck)] = found
        _DRAWN.move_to_end(id(luck))
        while len(_DRAWN) > _DRAWN_SIZE:
            _DRAWN.popitem(last=False)
    return found


def _x(step: int, total: int) -> float:
    plot = WIDTH - LEFT - RIGHT
    return round(LEFT + (step + 0.5) * plot / (total + 1), 1)


def _whole_chart(
    luck: MatchLuck,
    points: tuple[tuple[int, Mapping[str, Fraction]], ...],
    labels: Mapping[str, str],
    total: int,
) -> LuckChart:
    reach = max([LEAST_REACH, *(abs(amount) for _, sums in points for amount in sums.values())])

    def y(amount: Fraction) -> float:
        middle = TOP + (HEIGHT - TOP - BOTTOM) / 2
        half = (HEIGHT - TOP - BOTTOM) / 2
        return round(middle - float(amount / reach) * half, 1)

    series = []
    for index, side in enumerate(luck.sides):
        drawn = [(float(LEFT), y(Fraction(0)))]
        previous = Fraction(0)
        for step, sums in points:
            now = sums.get(side, Fraction(0))
            if now != previous:
                drawn += [(_x(step, total), y(previous)), (_x(step, total), y(now))]
                previous = now
        drawn.append((float(WIDTH - RIGHT), y(previous)))
        line = " ".join(f"{px},{py}" for px, py in drawn)
        series.append(LuckSeries(side, labels.get(side, side), index, line))
    ticks = tuple(LuckTick(signed(v) if v else "0", y(v)) for v in (reach, Fraction(0), -reach))
    return LuckChart(
        unit=luck.unit,
        total=total,
        current=0,
        current_x=_x(0, total),
        series=tuple(series),
        ticks=ticks,
        zero_y=y(Fraction(0)),
    )
