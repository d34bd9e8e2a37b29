"""The values a replay answers (service/replays.py): the situation at a step, and runs of steps
as whole situations or as changes. Imported by the replays: a command at the table, which
replays nothing, does not make their classes (tests/cli/test_start_up.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

from domain.log import Entry, LogLine
from domain.match import MatchRecord
from domain.report import PlacedLine
from domain.ruleset import JSON
from domain.situation_changes import Change
from service.views import claimed, title_of

if TYPE_CHECKING:
    from domain.branching import BranchOrigin
    from domain.luck import MatchLuck, Roll
    from domain.provenance import Provenance


@dataclass(frozen=True)
class ReplayView:
    """The state after `step` entries in force, out of `total`."""

    match_id: str
    ruleset: str
    title: str
    step: int
    total: int
    entry: Entry | None
    situation: dict[str, JSON]
    text: str
    entries: list[Entry] = field(default_factory=list)
    imported: Provenance | None = None
    # Where a what-if branch starts (domain.branching); None for any other match.
    branch: BranchOrigin | None = None
    # Each line of the whole log as the match report words it, by its number.
    said: Mapping[int, PlacedLine] = field(default_factory=dict)

    def claimed(self, line: LogLine) -> bool:
        """Whether the line's `by` and `at` are what an imported file says."""
        return claimed(self.imported, line)

    @classmethod
    def of(
        cls,
        match: MatchRecord,
        step: int,
        said: Mapping[int, PlacedLine] | None = None,
        title: str | None = None,
    ) -> ReplayView:
        """The view at `step`; `title`, the match's title when the caller has it already
        (a replay walks every step of one match)."""
        rules = match.ruleset
        state = match.state_at(step)
        entries = match.entries_in_force()
        return cls(
            match_id=str(match.id),
            ruleset=match.ruleset_name,
            title=title_of(match) if title is None else title,
            step=step,
            total=len(entries),
            entry=entries[step - 1] if step else None,
            situation=rules.view(state),
            text=rules.render(state),
            entries=list(entries[:step]),
            imported=match.provenance,
            branch=match.branch,
            said={} if said is None else said,
        )


@dataclass(frozen=True)
class StepView:
    """One step of a replay: the entry that made it (None at the kick-off) and the situation
    after it."""

    step: int
    entry: Entry | None
    situation: dict[str, JSON]
    text: str
    # The entry as the match report words it.
    said: PlacedLine | None = None
    # The roll the entry made, with its odds before it and its luck (domain/luck.py).
    odds: Roll | None = None


class FoldedSteps(Sequence[StepView]):
    """Steps `first` to `last` of a match, each made when it is read: a reader writing them
    out one after the other (the steps API encodes each as it comes) never holds more than
    one step's situation. Holding a run's 200 situations at once outlived the collector's
    young generations and made it sweep the whole heap about once a walk, which cost as
    much as the walk's fold. Reading a step again folds it again (from the match's kept
    states: domain/stepping.py), to the same value."""

    def __init__(
        self,
        match: MatchRecord,
        first: int,
        last: int,
        said: Mapping[int, PlacedLine] | None = None,
        luck: MatchLuck | None = None,
    ) -> None:
        self._match = match
        self._steps = range(first, last + 1)
        self._said = said
        self._luck = luck

    def __len__(self) -> int:
        return len(self._steps)

    @overload
    def __getitem__(self, index: int) -> StepView: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[StepView]: ...

    def __getitem__(self, index: int | slice) -> StepView | Sequence[StepView]:
        if isinstance(index, slice):
            return [self._at(step) for step in self._steps[index]]
        return self._at(self._steps[index])

    def __iter__(self) -> Iterator[StepView]:
        for step in self._steps:
            yield self._at(step)

    def _at(self, step: int) -> StepView:
        match = self._match
        rules = match.ruleset
        state = match.state_at(step)
        entry = match.entries_in_force()[step - 1] if step else None
        said = self._said
        placed = None if entry is None or said is None else said.get(entry.number)
        odds = None if self._luck is None else self._luck.at(step)
        return StepView(step, entry, rules.view(state), rules.render(state), placed, odds)


@dataclass(frozen=True)
class StepRun:
    """A run of consecutive steps of a match, `first` to `last`, out of `total`: what a
    reader stepping through the match fetches at once. Unlike `ReplayView` no step carries
    the entries before it, so walking a match costs in proportion to its length. Each step is
    folded as it is read (`FoldedSteps`)."""

    match_id: str
    ruleset: str
    title: str
    total: int
    first: int
    last: int
    steps: Sequence[StepView]
    imported: Provenance | None = None

    def claimed(self, line: LogLine) -> bool:
        return claimed(self.imported, line)

    @classmethod
    def of(
        cls,
        match: MatchRecord,
        first: int,
        last: int,
        said: Mapping[int, PlacedLine] | None = None,
        luck: MatchLuck | None = None,
    ) -> StepRun:
        entries = match.entries_in_force()
        return cls(
            match_id=str(match.id),
            ruleset=match.ruleset_name,
            title=title_of(match),
            total=len(entries),
            first=first,
            last=last,
            steps=FoldedSteps(match, first, last, said, luck),
            imported=match.provenance,
        )


@dataclass(frozen=True)
class StepChange:
    """One step of a run told as changes: the entry that made it (None at the kick-off), the
    operations that turn the step before's situation into this one's (none for the run's
    first step, whose whole situation the run carries), and the situation as text."""

    step: int
    entry: Entry | None
    changes: tuple[Change, ...]
    text: str
    said: PlacedLine | None = None
    odds: Roll | None = None  # the roll the entry made, as `StepView.odds`


@dataclass(frozen=True)
class StepChangeRun:
    """A run of steps `first` to `last`, out of `total`, for a reader walking a match: the
    whole situation at `first`, then what changed at each step. Applying a step's changes to
    the situation before it gives the situation that step shows."""

    match_id: str
    ruleset: str
    title: str
    total: int
    first: int
    last: int
    situation: dict[str, JSON]
    steps: tuple[StepChange, ...]
    imported: Provenance | None = None

    def claimed(self, line: LogLine) -> bool:
        return claimed(self.imported, line)
