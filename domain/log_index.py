"""What the lines of a match log say about one another, for showing them together.

A log is written in the order things were said: a note on entry 10 may come twenty lines after
it, a dispute on it later still, the referee's ruling after that, and a correction that takes
entry 10's place is written at the very end. A reader wants them together: each entry with the
notes and disputes on it, each dispute with its ruling, each entry out of force with what took
it out, and a replay's steps in the order of play with what happened at each place, including
the entries that were undone, withdrawn or replaced there and the notes on them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from domain.log import (
    Annotation,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
)
from domain.phrase import phrase

# How an entry came to be out of force.
UNDONE, WITHDRAWN, REPLAYED, CORRECTED = "undone", "withdrawn", "replayed", "corrected"

# Each, as the log's badge beside the struck-out entry says it.
HOW_SAID = {
    UNDONE: phrase("undone"),
    WITHDRAWN: phrase("withdrawn"),
    REPLAYED: phrase("replayed"),
    CORRECTED: phrase("corrected"),
}


@dataclass(frozen=True)
class OutOfForce:
    """Why an entry no longer counts (`how`: undone, withdrawn, replayed or corrected) and the
    line that made it so (a retraction, a correction or a ruling)."""

    how: str
    line: int

    @property
    def said(self) -> str:
        """`how` in words."""
        return HOW_SAID.get(self.how, self.how)


@dataclass(frozen=True)
class Placed:
    """The entry at one place of play as it stands (the latest correction of it, if any) and
    the entries it took the place of, oldest first."""

    entry: Entry
    replaced: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class Step:
    """Step `step` of a replay: the entry in force there (None at the kick-off, step 0), and
    the entries made after it that are out of force now, in the order they were made."""

    step: int
    placed: Placed | None
    then_out: tuple[Placed, ...] = ()


class LogIndex:
    """A match log's lines, looked up by what they are about."""

    def __init__(self, lines: Sequence[LogLine], indexed_from: int = 1) -> None:
        # Every line refers only to lines before it, so what is said of line n is all in the
        # lines from n on: `indexed_from` reads only those, and keeps the log as given (a
        # long match's stored lines are read only when looked at, see domain.log.Log).
        self.lines: Sequence[LogLine] = tuple(lines) if indexed_from <= 1 else lines
        self._notes: dict[int, list[Annotation]] = {}
        self._disputes: dict[int | None, list[Dispute]] = {}
        self._rulings: dict[int, Ruling] = {}
        self._out: dict[int, OutOfForce] = {}
        self._kept: dict[int, Correction] = {}
        for at in range(max(indexed_from, 1) - 1, len(self.lines)):
            line = self.lines[at]
            match line:
                case Annotation():
                    self._notes.setdefault(line.on, []).append(line)
                case Dispute():
                    self._disputes.setdefault(line.on, []).append(line)
                case Ruling():
                    self._rulings[line.dispute] = line
                    for number in line.replayed:
                        self._out[number] = OutOfForce(REPLAYED, line.number)
                case Correction():
                    self._out[line.replaces] = OutOfForce(CORRECTED, line.number)
                    for number in line.withdrawn:
                        self._out[number] = OutOfForce(WITHDRAWN, line.number)
                    for number in line.kept:
                        self._kept[number] = line
                case Retraction():
                    self._out[line.retracts] = OutOfForce(UNDONE, line.number)
                case _:
                    pass

    def line(self, number: int) -> LogLine:
        return self.lines[number - 1]

    def notes_on(self, number: int) -> tuple[Annotation, ...]:
        """The annotations on entry `number` (0: the kick-off), in the order they were made."""
        return tuple(self._notes.get(number, ()))

    def disputes_on(self, number: int | None) -> tuple[Dispute, ...]:
        """The disputes on entry `number` (None: on the result), in the order they were made."""
        return tuple(self._disputes.get(number, ()))

    def ruling_on(self, dispute: int) -> Ruling | None:
        return self._rulings.get(dispute)

    def out_of_force(self, number: int) -> OutOfForce | None:
        """What took entry `number` out of force, or None while it counts."""
        line = self.line(number)
        if isinstance(line, Entry) and line.in_force:
            return None
        return self._out.get(number)

    def kept_by(self, number: int) -> Correction | None:
        """The correction that kept entry `number` although it broke rules after it."""
        return self._kept.get(number)

    def confirmations(self) -> tuple[Confirmation, ...]:
        return tuple(line for line in self.lines if isinstance(line, Confirmation))

    def steps(self) -> tuple[Step, ...]:
        """The replay's steps in the order of play, each with what happened at its place.

        Entries take their place in the order they were written, a correction at the place of
        the entry it replaced (as `MatchRecord.effective_entries` counts them); an entry out of
        force is shown after the step it followed.
        """
        steps: list[Step] = [Step(0, None)]
        for line in self.lines:
            if not isinstance(line, Entry) or isinstance(line, Correction):
                continue
            placed = self._placed(line)
            if placed.entry.in_force:
                steps.append(Step(len(steps), placed))
            else:
                last = steps[-1]
                steps[-1] = Step(last.step, last.placed, (*last.then_out, placed))
        return tuple(steps)

    def _placed(self, entry: Entry) -> Placed:
        replaced: list[Entry] = []
        while entry.corrected_by is not None:
            replaced.append(entry)
            successor = self.line(entry.corrected_by)
            assert isinstance(successor, Entry)
            entry = successor
        return Placed(entry, tuple(replaced))


@dataclass(frozen=True)
class Positions:
    """Where the line numbers of a log are in its replay: the one number a person says at the
    table (a line of the log) turned into the replay's place, and back.

    An entry in force is at its own step, and so are the entries it corrected; a correction
    written at the end of the log is at the place of the entry it replaced; any other line (an
    undo, a note, an entry out of force, a dispute) is at the step in force when it was
    written, the latest place before it.
    """

    places: tuple[int, ...]  # the line each step's place began at (step 0, the kick-off: 0)
    in_force: tuple[int, ...]  # the line in force at each step (step 0: 0)
    named: dict[int, int]  # each entry at a place (corrections and corrected) → its step
    last: int  # the log's last line number

    @classmethod
    def of(cls, index: LogIndex) -> Positions:
        places, in_force, named = [0], [0], {}
        for step in index.steps():
            if step.placed is None:
                continue
            chain = (*step.placed.replaced, step.placed.entry)
            places.append(chain[0].number)
            in_force.append(step.placed.entry.number)
            for entry in chain:
                named[entry.number] = step.step
        return cls(tuple(places), tuple(in_force), named, len(index.lines))

    @property
    def total(self) -> int:
        """The entries in force: the replay's last step."""
        return len(self.places) - 1

    def step_of(self, number: int) -> int | None:
        """The step line `number` names (0: the kick-off), None when the log has no such line."""
        if not 0 <= number <= self.last:
            return None
        found = self.named.get(number)
        if found is not None:
            return found
        return bisect_right(self.places, number) - 1

    def line_of(self, step: int) -> int:
        """The line in force at `step` (0 at the kick-off)."""
        return self.in_force[step]
