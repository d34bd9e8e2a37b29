"""Where `match replay --step` goes from what the reader types: a line, a goal, a half.

At the table people look back for the goal they argue about, or the start of the second half:
so besides Enter (next) and `b` (back), the walk jumps to the next or the previous goal (`g`,
`G`), to the start of the next or the previous half (`h`, `H`), or to a line of the log by its
number, the number the log, `annotate` and the pages give it (an undo or a note goes to the
entry in force when it was written).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.consequences import Goal, PeriodEnded
from domain.log_index import Positions, Step

HINT = "[Enter] next, b back, g/G goal, h/H half, a line number, q to stop: "
HINT_AT_END = "b back, g/G goal, h/H half, a line number, q to stop: "


@dataclass(frozen=True)
class Marks:
    """The steps worth jumping to: those that scored, and those that start a half (the
    kick-off, and each step right after one that ended a half)."""

    goals: tuple[int, ...]
    halves: tuple[int, ...]

    @classmethod
    def of(cls, steps: Sequence[Step]) -> Marks:
        goals: list[int] = []
        halves = [0]
        for step in steps:
            if step.placed is None:
                continue
            consequences = step.placed.entry.consequences
            if any(isinstance(c, Goal) for c in consequences):
                goals.append(step.step)
            if any(isinstance(c, PeriodEnded) for c in consequences):
                halves.append(step.step + 1)
        return cls(tuple(goals), tuple(h for h in halves if h < len(steps)))


@dataclass(frozen=True)
class Move:
    """Where to go (None: stop the walk), and what to say when the reader asked for a place
    that is not there."""

    to: int | None
    note: str = ""


def move(answer: str, at: int, last: int, marks: Marks, lines: Positions) -> Move:
    """The walk's next place from step `at`, walking no further than step `last`; a number
    typed is a line of the log (`lines` says at which step each is)."""
    typed = answer.strip()
    if typed.lower() == "q" or (typed == "" and at == last):
        return Move(None)
    if typed == "":
        return Move(at + 1)
    if typed.lower() == "b":
        return Move(max(at - 1, 0))
    if typed.isascii() and typed.isdigit():
        wanted = lines.step_of(int(typed))
        if wanted is None:
            return Move(at, f"there is no line {int(typed)}: the log has lines 0 to {lines.last}")
        if wanted > last:
            return Move(
                at, f"line {int(typed)} is past the end of this walk, line {lines.line_of(last)}"
            )
        return Move(wanted)
    jumps = {
        "g": (marks.goals, True, "goal"),
        "G": (marks.goals, False, "goal"),
        "h": (marks.halves, True, "half"),
        "H": (marks.halves, False, "half"),
    }
    if typed not in jumps:
        return Move(at, f"{typed!r} is not a way to walk: {HINT_AT_END.rstrip(': ')}")
    places, forward, what = jumps[typed]
    if forward:
        ahead = [p for p in places if at < p <= last]
        return Move(ahead[0]) if ahead else Move(at, f"no {what} after line {lines.line_of(at)}")
    behind = [p for p in places if p < at]
    return Move(behind[-1]) if behind else Move(at, f"no {what} before line {lines.line_of(at)}")
