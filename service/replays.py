"""Matches being replayed, kept between steps.

Stepping through a replay asks for one step after another of the same match: loading the
match and folding it from the kick-off for each of them made walking a 1,000-entry match cost
~700 loads. A replayed match is kept here with its timeline at the version it was loaded at,
and its `Stepper` (domain/stepping.py) keeps the states already folded; what each step changed
in the situation is kept too, for the runs of changes the steps API answers. Each step asks the
store only for the match's newest version (one indexed row): a match that moved on since is
loaded again, so a replay never shows a stale log. Kept matches are only ever read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from uuid import UUID

from domain.luck import MatchLuck, read_rolls
from domain.match import MatchRecord
from domain.phrase import phrase
from domain.report import PlacedLine, match_report, names_of
from domain.routing import action_decoder
from domain.ruleset import JSON
from domain.situation_changes import Change, changes
from service.errors import BadInput
from service.replay_views import ReplayView, StepChange, StepChangeRun, StepRun
from service.timeline import Timeline, timeline_of
from service.views import title_of

# Matches being replayed at once in one process: each holds its log, ~3% of its states as
# checkpoints and the states of the stretches it stepped through last (below).
REPLAY_CACHE_SIZE = 64
# The stretches of 32 states (domain/stepping.py) a replayed match keeps, the ones used last:
# every state of a 1,000-entry match, so that a walk back from its end, a reader's or the
# steps API's runs, folds each entry once rather than about twice. Measured: 1.28 MB for the
# 1,001 states of a 1,000-entry card-game match (the states share what did not change), so
# at most about 1.3 MB for each kept replay, 84 MB for 64 of them.
KEPT_STRETCHES = 32
# The most steps one run holds (`Replayed.steps`): a reader fetches a long match in runs.
MOST_STEPS = 200


@dataclass(frozen=True, slots=True)
class ToldStep:
    """What one step changed in the situation (none at the kick-off), and its text."""

    changes: tuple[Change, ...]
    text: str


@dataclass
class Replayed:
    """A match at one version, to be stepped through, with its timeline worked out on first
    use. Walking it steps without asking the store again (`match replay --step` walks the match
    as it stood when the walk began)."""

    record: MatchRecord
    _timeline: Timeline | None = field(default=None, repr=False)
    # What each step changed, and its text, from the kick-off to the furthest step asked for:
    # worked out in one pass forward, so that runs asked for in any order (a walk back from
    # the end) fold each entry once between them, besides each run's whole first situation.
    _told_steps: list[ToldStep] = field(default_factory=list, repr=False)
    _last_situation: dict[str, JSON] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    # The log as the match report words it, by line number: worked out on first use.
    _said: dict[int, PlacedLine] | None = field(default=None, repr=False)
    # The rolls with their odds and luck (domain/luck.py): worked out on first use.
    _luck: tuple[MatchLuck | None] | None = field(default=None, repr=False)
    _title: str | None = field(default=None, repr=False)

    @property
    def luck(self) -> MatchLuck | None:
        """Every roll of the match with its exact odds and the luck it brought each side;
        None for a game that declares no odds."""
        if self._luck is None:
            record = self.record
            rules = record.ruleset
            declared = rules.odds
            found = None
            if declared is not None:
                # Decoded as the fold decodes them, so each entry's action is decoded once.
                decode = action_decoder(rules)
                actions = [entry.decoded(decode) for entry in record.entries_in_force()]
                found = read_rolls(declared, record.sides(), actions, record.state_at)
            self._luck = (found,)
        return self._luck[0]

    @property
    def said(self) -> dict[int, PlacedLine]:
        """Every log line as the match report words it, by its number."""
        if self._said is None:
            record = self.record
            rules = record.ruleset
            names = names_of(rules, record.made_setup())
            self._said = match_report(rules, names, record.log).placed()
        return self._said

    @property
    def total(self) -> int:
        """The number of entries in force: steps run from 0 to `total`."""
        return len(self.record.entries_in_force())

    @property
    def title(self) -> str:
        """The match's title, worked out once: every step's view carries it."""
        if self._title is None:
            self._title = title_of(self.record)
        return self._title

    def view_at(self, step: int | None = None) -> ReplayView:
        """The match after its first `step` entries in force (all of them when None)."""
        total = self.total
        if step is not None and not 0 <= step <= total:
            raise BadInput(
                phrase(
                    "step {step} is out of range: this match has steps 0 to {total}",
                    step=step,
                    total=total,
                )
            )
        step = total if step is None else step
        return ReplayView.of(self.record, step, _ReportOnFirstUse(self), self.title)

    def steps(self, first: int = 0, last: int | None = None) -> StepRun:
        """Steps `first` to `last` (both included; `last` defaults to as many as one run
        holds, up to the end). BadInput names the bound that is out of range."""
        first, last = self._bounds(first, last)
        return StepRun.of(self.record, first, last, self.said, self.luck)

    def step_changes(self, first: int = 0, last: int | None = None) -> StepChangeRun:
        """Steps `first` to `last` as `steps` bounds them: the whole situation at `first`, then
        each step as what changed from the step before."""
        first, last = self._bounds(first, last)
        told, situation = self._told(first, last)
        record = self.record
        entries = record.entries_in_force()
        said = self.said
        luck = self.luck
        steps = tuple(
            StepChange(
                step,
                entries[step - 1] if step else None,
                () if step == first else told[step].changes,
                told[step].text,
                said.get(entries[step - 1].number) if step else None,
                None if luck is None else luck.at(step),
            )
            for step in range(first, last + 1)
        )
        return StepChangeRun(
            match_id=str(record.id),
            ruleset=record.ruleset_name,
            title=self.title,
            total=len(entries),
            first=first,
            last=last,
            situation=situation,
            steps=steps,
            imported=record.provenance,
        )

    def _told(self, first: int, last: int) -> tuple[list[ToldStep], dict[str, JSON]]:
        """What each step up to `last` changed, and its text (extending what is kept), and
        the whole situation at `first`: seen on the way when the steps are new, else folded
        from the checkpoint before it."""
        record, rules = self.record, self.record.ruleset
        at_first: dict[str, JSON] | None = None
        with self._lock:
            told = self._told_steps
            for step in range(len(told), last + 1):
                state = record.state_at(step)
                situation = rules.view(state)
                changed = () if step == 0 else tuple(changes(self._last_situation, situation))
                told.append(ToldStep(changed, rules.render(state)))
                self._last_situation = situation
                if step == first:
                    at_first = situation
        if at_first is None:
            at_first = rules.view(record.state_at(first))
        return told, at_first

    def _bounds(self, first: int, last: int | None) -> tuple[int, int]:
        """A run's bounds, `last` filled in; BadInput names the one out of range."""
        total = self.total
        if not 0 <= first <= total:
            raise BadInput(
                phrase(
                    "from={first} is out of range: this match has steps 0 to {total}",
                    first=first,
                    total=total,
                )
            )
        if last is None:
            last = min(first + MOST_STEPS - 1, total)
        if not first <= last <= total:
            raise BadInput(
                phrase(
                    "to={last} is out of range: from={first}, and this match has steps "
                    "0 to {total}",
                    last=last,
                    first=first,
                    total=total,
                )
            )
        if last - first + 1 > MOST_STEPS:
            raise BadInput(
                phrase(
                    "to={last}: one run holds at most {most} steps from from={first}",
                    last=last,
                    most=MOST_STEPS,
                    first=first,
                )
            )
        return first, last

    @property
    def timeline(self) -> Timeline:
        if self._timeline is None:
            self._timeline = timeline_of(self.record)
        return self._timeline


class _ReportOnFirstUse(Mapping[int, PlacedLine]):
    """A replayed match's `said`, worked out when a step's words are first read: `match
    replay --step` words each step from the report it printed already, and the match report
    of the whole log was about a third of its walk."""

    def __init__(self, replayed: Replayed) -> None:
        self._replayed = replayed

    def __getitem__(self, number: int) -> PlacedLine:
        return self._replayed.said[number]

    def __iter__(self) -> Iterator[int]:
        return iter(self._replayed.said)

    def __len__(self) -> int:
        return len(self._replayed.said)


class ReplayCache:
    def __init__(self, size: int = REPLAY_CACHE_SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[UUID, Replayed] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match_id: UUID, version: int) -> Replayed | None:
        with self._lock:
            found = self._kept.get(match_id)
            if found is None or found.record.version != version:
                return None
            self._kept.move_to_end(match_id)
            return found

    def keep(self, record: MatchRecord) -> Replayed:
        replayed = Replayed(record.for_replay(KEPT_STRETCHES))
        with self._lock:
            self._kept[record.id] = replayed
            self._kept.move_to_end(record.id)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return replayed
