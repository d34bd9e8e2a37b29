"""Matches being replayed, kept between steps.

Stepping through a replay asks for one step after another of the same match: loading the
match and folding it from the kick-off for each of them made walking a 1,000-entry match cost
~700 loads. A replayed match is kept here with its timeline at the version it was loaded at,
and its `Stepper` (domain/stepping.py) keeps the states already folded. Each step asks the
store only for the match's newest version (one indexed row): a match that moved on since is
loaded again, so a replay never shows a stale log. Kept matches are only ever read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from uuid import UUID

from domain.match import MatchRecord
from service.errors import BadInput
from service.timeline import Timeline, timeline_of
from service.views import ReplayView, StepRun

# Matches being replayed at once in one process: each holds its log and ~3% of its states.
REPLAY_CACHE_SIZE = 64
# The most steps one run holds (`Replayed.steps`): a reader fetches a long match in runs.
MOST_STEPS = 200


@dataclass
class Replayed:
    """A match at one version, to be stepped through, with its timeline worked out on first
    use. Walking it steps without asking the store again (`match replay --step` walks the match
    as it stood when the walk began)."""

    record: MatchRecord
    _timeline: Timeline | None = field(default=None, repr=False)

    @property
    def total(self) -> int:
        """The number of entries in force: steps run from 0 to `total`."""
        return len(self.record.entries_in_force())

    def view_at(self, step: int | None = None) -> ReplayView:
        """The match after its first `step` entries in force (all of them when None)."""
        total = self.total
        if step is not None and not 0 <= step <= total:
            raise BadInput(f"step {step} is out of range: this match has steps 0 to {total}")
        return ReplayView.of(self.record, total if step is None else step)

    def steps(self, first: int = 0, last: int | None = None) -> StepRun:
        """Steps `first` to `last` (both included; `last` defaults to as many as one run
        holds, up to the end). BadInput names the bound that is out of range."""
        total = self.total
        if not 0 <= first <= total:
            raise BadInput(f"from={first} is out of range: this match has steps 0 to {total}")
        if last is None:
            last = min(first + MOST_STEPS - 1, total)
        if not first <= last <= total:
            raise BadInput(
                f"to={last} is out of range: from={first}, and this match has steps 0 to {total}"
            )
        if last - first + 1 > MOST_STEPS:
            raise BadInput(f"to={last}: one run holds at most {MOST_STEPS} steps from from={first}")
        return StepRun.of(self.record, first, last)

    @property
    def timeline(self) -> Timeline:
        if self._timeline is None:
            self._timeline = timeline_of(self.record)
        return self._timeline


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
        replayed = Replayed(record)
        with self._lock:
            self._kept[record.id] = replayed
            self._kept.move_to_end(record.id)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return replayed
