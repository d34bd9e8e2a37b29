"""Plain values the service returns: what a match looks like to a reader.

An imported match carries its provenance (`imported`, domain.provenance); its log lines that
came from the file keep the file's `by` and `at`, which readers show as claimed
(`claimed(line)`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, overload

from domain.log import Entry, LogLine, Ruling, to_data
from domain.luck import MatchLuck, Roll
from domain.match import MatchRecord, ResultStatus
from domain.phrase import Joined, as_typed, phrase
from domain.registry import find_ruleset
from domain.report import PlacedLine, Report, entry_sentence, match_report, names_of
from domain.ruleset import JSON, Expected, Result, Ruleset
from domain.situation_changes import Change
from domain.statuses import ABANDONED, FINISHED, IN_PROGRESS, status_word

# An imported match's provenance is loaded with the match that has one (domain.match).
if TYPE_CHECKING:
    from domain.branching import BranchOrigin
    from domain.provenance import Provenance

L = TypeVar("L", bound=LogLine)


@dataclass(frozen=True)
class Written(Generic[L]):
    """What a write answers: the log line, the match's version that write produced, and
    whether it was a retry of an earlier request (the line was written then, not now)."""

    line: L
    version: int
    repeat: bool = False
    # Words the line as the match report does (its sentence, marks, stretch of play), when
    # asked: only the JSON API's answer needs them, and a write should not pay for them.
    words: Callable[[], PlacedLine | None] = field(default=lambda: None, compare=False, repr=False)

    @property
    def said(self) -> PlacedLine | None:
        return self.words()

    def to_dict(self) -> dict[str, JSON]:
        """What the JSON API answers: the line written, with its words, and the version."""
        return {"entry": line_data(self.line, self.said), "version": self.version}


@dataclass(frozen=True)
class MatchSummary:
    """A match as the match lists show it. `result_status` says where its result stands with
    the coaches (`in-play` until there is one, then `unconfirmed`, awaiting the coaches in
    `awaiting`, `confirmed`, or `disputed` while a dispute is open); `open_disputes` counts
    the disputes no referee has ruled on yet, whether the match has a result or not."""

    id: str
    ruleset: str
    title: str
    status: str
    score: str
    entries: int
    created_at: str
    last_entry_at: str | None
    result_status: str
    awaiting: tuple[str, ...]
    open_disputes: int
    imported: Provenance | None = None


@dataclass(frozen=True)
class MatchView:
    """A match as the adapters show it: its setup, status, situation and log."""

    id: str
    version: int
    ruleset: str
    title: str
    setup: dict[str, JSON]
    labels: dict[str, str]
    created_by: str
    created_at: str
    status: str
    result: Result | None
    situation: dict[str, JSON]
    text: str
    expected: tuple[Expected, ...]
    result_status: ResultStatus
    log: list[LogLine] = field(default_factory=list)
    imported: Provenance | None = None
    # The league the match counts in; None for a friendly.
    league: str | None = None
    # Each side's name in the match report ("Toho"), beside its label ("Toho (Bob)").
    names: dict[str, str] = field(default_factory=dict)
    # What only the scorers see (Ruleset.scorers_view: a hand's cards); never in to_dict(),
    # which spectators read.
    scorers_situation: dict[str, JSON] = field(default_factory=dict)
    # The match and step a what-if branch starts from (domain.branching); None otherwise.
    branch: BranchOrigin | None = None

    @property
    def short_id(self) -> str:
        return self.id[:8]

    def report(self, latest: int | None = None) -> Report:
        """The log as a match report (domain/report.py): a sentence and marks per line, under
        a heading per stretch of play; `latest`, only the last lines."""
        return match_report(find_ruleset(self.ruleset), self.names, self.log, latest)

    def sentence(self, entry: Entry) -> str:
        """What an entry of this match says in words, as its line in the report reads."""
        return entry_sentence(find_ruleset(self.ruleset), entry, self.names)

    def cited(self, ruling: Ruling) -> list[tuple[str, str]]:
        """Each rule a ruling cites, with its text in the game's digest ('' if it has none)."""
        rules = find_ruleset(self.ruleset)
        from domain.rulebook import rule_text

        return [(rule, rule_text(rules, rule)) for rule in ruling.rules]

    def claimed(self, line: LogLine) -> bool:
        """Whether the line's `by` and `at` are what an imported file says."""
        return claimed(self.imported, line)

    def to_dict(self) -> dict[str, JSON]:
        placed = self.report().placed()
        return {
            "id": self.id,
            "version": self.version,
            "ruleset": self.ruleset,
            "title": self.title,
            "setup": self.setup,
            "labels": self.labels,
            "created_by": self.created_by,
            "created_at": self.created_at,
            "status": self.status,
            "result": None if self.result is None else self.result.to_dict(),
            "situation": self.situation,
            "expected": [e.to_dict() for e in self.expected],
            "result_status": status_to_dict(self.result_status),
            "log": [self.line_data(line, placed.get(line.number)) for line in self.log],
            "imported": None if self.imported is None else self.imported.to_data(),
            "branch": None if self.branch is None else branch_data(self.branch),
        }

    def line_data(self, line: LogLine, said: PlacedLine | None = None) -> dict[str, JSON]:
        """A log line as plain data (`domain.log.to_data`) with its words in the report
        (`said`); a ruling also carries the text of each rule it cites, as the game's digest
        words it."""
        data = line_data(line, said)
        if isinstance(line, Ruling):
            data["cited"] = [{"rule": rule, "text": text} for rule, text in self.cited(line)]
        return data


def branch_data(branch: BranchOrigin) -> dict[str, JSON]:
    """Where a branch starts, as the JSON API answers it (without the link it came through)."""
    return {
        "origin": branch.origin,
        "step": branch.step,
        "entry": branch.entry,
        "by": branch.started.by,
        "at": branch.started.at,
    }


def line_data(line: LogLine, said: PlacedLine | None) -> dict[str, JSON]:
    """A log line as the JSON API answers it: its stored data (`domain.log.to_data`) and,
    beside its notation, what the match report says of it: the sentence, its marks (each
    with the words a screen reader says), what followed from it, and the stretch of play."""
    data = to_data(line)
    if said is not None:
        data.update(said_data(said))
    return data


def said_data(said: PlacedLine) -> dict[str, JSON]:
    line = said.line
    return {
        "sentence": line.sentence,
        "notation": line.notation,
        "marks": [
            {"kind": mark.kind, "symbol": mark.symbol, "words": mark.words} for mark in line.marks
        ],
        "told": list(line.told),
        "period": said.period,
    }


def status_to_dict(status: ResultStatus) -> dict[str, JSON]:
    return {
        "state": status.state,
        "confirmed_by": list(status.confirmed_by),
        "awaiting": list(status.awaiting),
        "open_disputes": list(status.open_disputes),
    }


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


def claimed(imported: Provenance | None, line: LogLine) -> bool:
    return imported is not None and imported.claims(line.number)


def title_of(match: MatchRecord) -> str:
    return title_for(match.ruleset, match.made_setup())


def title_for(rules: Ruleset, setup: Any) -> str:
    """A match's title, from its ruleset and the setup value the ruleset made: the sides'
    labels (phrases: `Toho (Bob)`, `東邦（Bob）` in Japanese) joined, each translated alone."""
    return Joined(TITLE_SEPARATOR, rules.side_labels(setup).values())


TITLE_SEPARATOR: Final = " vs "


@cache
def _label() -> re.Pattern[str]:
    """A side's label as the three games word it, `{team} ({coach})`: compiled when a kept
    title is first read, not by every command that imports the views (a match shown)."""
    return re.compile(r"(?P<team>[^()]+) \((?P<coach>[^()]*)\)")


def stored_title(text: str) -> str:
    """A title kept as text (the summaries' column) as the phrases it was made of, so that it
    reads in the reader's language: each `Team (coach)` a label again, its team a value that
    is translated where it is a listed name (`Toho` → 東邦), its coach kept as typed. A title
    that does not read back to the very text kept (a label worded otherwise, a name with
    brackets of its own) is shown as it is."""
    labels = []
    for part in text.split(TITLE_SEPARATOR):
        found = _label().fullmatch(part)
        if found is None:
            return text
        labels.append(
            phrase("{team} ({coach})", team=found["team"], coach=as_typed(found["coach"]))
        )
    made = Joined(TITLE_SEPARATOR, labels)
    return made if made == text else text


def status_of(match: MatchRecord) -> str:
    """Where the match stands, as a word to be shown (its text is the machine value)."""
    if match.abandonment is not None:
        return status_word(ABANDONED)
    return status_word(FINISHED if match.result() is not None else IN_PROGRESS)


def match_view(match: MatchRecord) -> MatchView:
    rules = match.ruleset
    setup = match.made_setup()
    result = match.result()
    return MatchView(
        id=str(match.id),
        version=match.version,
        ruleset=match.ruleset_name,
        title=title_of(match),
        setup=match.setup,
        labels=dict(rules.side_labels(setup)),
        created_by=match.created_by,
        created_at=match.created_at,
        status=status_of(match),
        result=result,
        situation=rules.view(match.game),
        scorers_situation=rules.scorers_view(match.game),
        text=rules.render(match.game),
        expected=() if match.abandonment is not None else tuple(rules.expected(match.game)),
        result_status=match.result_status(),
        log=list(match.log),
        imported=match.provenance,
        league=match.league,
        names=names_of(rules, setup),
        branch=match.branch,
    )
