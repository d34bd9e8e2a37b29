"""Plain values the service returns: what a match looks like to a reader.

An imported match carries its provenance (`imported`, domain.provenance); its log lines that
came from the file keep the file's `by` and `at`, which readers show as claimed
(`claimed(line)`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from domain.log import Entry, LogLine, Ruling, to_data
from domain.match import MatchRecord, ResultStatus
from domain.phrase import Joined, as_typed, phrase
from domain.registry import find_ruleset
from domain.report import PlacedLine, Report, entry_sentence, match_report, names_of
from domain.ruleset import JSON, Expected, Result, Ruleset
from domain.statuses import ABANDONED, FINISHED, IN_PROGRESS, status_word

# An imported match's provenance is loaded with the match that has one (domain.match).
if TYPE_CHECKING:
    from domain.branching import BranchOrigin
    from domain.provenance import Provenance
    from service.replay_views import FoldedSteps as FoldedSteps
    from service.replay_views import ReplayView as ReplayView
    from service.replay_views import StepChange as StepChange
    from service.replay_views import StepChangeRun as StepChangeRun
    from service.replay_views import StepRun as StepRun
    from service.replay_views import StepView as StepView

# A replay's values are in service/replay_views.py, imported by the replays (service/replays.py):
# a command at the table, which replays nothing, does not make their classes
# (tests/cli/test_start_up.py). They are still found here by the name they always had.
_REPLAY_VALUES = ("FoldedSteps", "ReplayView", "StepChange", "StepChangeRun", "StepRun", "StepView")


def __getattr__(name: str) -> object:
    if name in _REPLAY_VALUES:
        from service import replay_views

        return getattr(replay_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
