"""What-if branches (docs/branches.md): starting one from a step of a match, listing a
match's branches, and comparing a branch with its origin.

A branch is found by its `Branched` event: the store is scanned for those events once per
process and then only for the ones stored since, and a branch's origin never changes, so the
scan keeps what it found.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.branching import BadBranch, BranchOrigin, Variation
from domain.match import Author, MatchRecord, RuleBroken
from domain.phrase import phrase
from domain.text import BadText
from service.boundary import said
from service.errors import BadInput
from service.store import StoreApplication
from service.views import MatchView, match_view

# The values answered, and a side of a comparison, are imported by the use cases that make
# them: a command about one match never loads them (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.luck import MatchLuck
    from service.branch_views import BranchSummary as BranchSummary
    from service.branch_views import ComparedMatch as ComparedMatch
    from service.branch_views import Comparison as Comparison
    from service.branch_views import SideLuck as SideLuck

# The answers' values are in service/branch_views.py; they are still found here by the name
# they always had.
_VALUES = ("BranchSummary", "ComparedMatch", "Comparison", "SideLuck")


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from service import branch_views

        return getattr(branch_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class BranchUseCases(StoreApplication):
    _branches_lock = threading.Lock()
    # Branch id -> its origin, and the notification id the scan has read up to.
    _branches_found: dict[UUID, BranchOrigin]
    _branches_read_to: int

    if TYPE_CHECKING:
        # Declared for the type checker only: `service.app.Touchline` defines both.
        def _load(self, match_id: UUID) -> MatchRecord: ...

        def match_luck(self, ref: str) -> MatchLuck: ...

    def branch_match(self, ref: str, step: int, author: Author) -> MatchView:
        """A what-if branch of match `ref` from its `step` (0: the kick-off): a new match
        outside any league whose history is the origin's up to that step, to be scored on
        from there. Refused (BadInput) for a step the match does not have."""
        origin = self._load(self.resolve(ref))
        try:
            branch = MatchRecord.start_branch(origin, step, author)
        except (BadBranch, BadText) as error:
            raise BadInput(said(error)) from None
        except RuleBroken as error:
            raise BadInput(
                phrase(
                    "the origin's history up to step {step} no longer passes the rules "
                    "({problem}): it cannot be branched there",
                    step=step,
                    problem=said(error),
                )
            ) from None
        with self._storage():
            self.save(branch)
        return match_view(branch)

    def branches_of(self, ref: str, step: int | None = None) -> tuple[BranchSummary, ...]:
        """The branches of match `ref` (those started at `step`, when given), oldest first."""
        from service.branch_views import BranchSummary, score_line

        origin = str(self.resolve(ref))
        found = self._branch_origins()
        summaries = []
        for branch_id, where in found.items():
            if where.origin != origin or (step is not None and where.step != step):
                continue
            branch = self._load(branch_id)
            view = match_view(branch)
            summaries.append(
                BranchSummary(
                    id=str(branch_id),
                    step=where.step,
                    entry=where.entry,
                    started_by=where.started.by,
                    started_at=where.started.at,
                    score=score_line(view),
                    status=view.status,
                    entries=len(branch.entries_in_force()),
                )
            )
        return tuple(sorted(summaries, key=lambda s: (s.step, s.started_at, s.id)))

    def variations_of(self, ref: str) -> tuple[Variation, ...]:
        """The branches of match `ref` as its match file carries them: each one's own lines
        after the step it copied (docs/match-file.md#variations), oldest first."""
        origin = str(self.resolve(ref))
        found = [
            (where.step, where.started.at, str(branch_id), branch_id)
            for branch_id, where in self._branch_origins().items()
            if where.origin == origin
        ]
        variations = []
        for _, _, _, branch_id in sorted(found):
            branch = self._load(branch_id)
            where = branch.branch
            assert where is not None
            own = tuple((0, line) for line in branch.log if line.number > where.step)
            variations.append(Variation(where.step, where.started, str(branch_id), own))
        return tuple(variations)

    def compare_branch(self, ref: str) -> Comparison:
        """Branch `ref` beside its origin, from the step it started at."""
        from service.branch_views import Comparison, compared

        branch = self._load(self.resolve(ref))
        where = branch.branch
        if where is None:
            raise BadInput(
                phrase(
                    "match {match} is not a branch: it has no origin to compare with",
                    match=str(branch.id)[:8],
                )
            )
        origin = self._load(self.resolve(where.origin))
        return Comparison(
            step=where.step,
            entry=where.entry,
            shared=where.step,
            origin=compared(origin, where.entry, self.match_luck(str(origin.id)), where.step),
            branch=compared(branch, where.step, self.match_luck(str(branch.id)), where.step),
        )

    def _branch_origins(self) -> dict[UUID, BranchOrigin]:
        """Every branch in the store and its origin: what the last scan found, and the
        branches stored since."""
        topic = get_topic(MatchRecord.Branched)
        with self._branches_lock:
            if not hasattr(self, "_branches_found"):
                self._branches_found, self._branches_read_to = {}, 0
            found = dict(self._branches_found)
            start = self._branches_read_to + 1
        new: list[UUID] = []
        with self._storage():
            # Read up to the newest notification now, not to the newest branch: the next scan
            # then starts after it, however long ago the last branch was made.
            read_to = self.recorder.max_notification_id() or 0
            while start <= read_to:
                page = self.recorder.select_notifications(start, 500, stop=read_to, topics=[topic])
                new.extend(n.originator_id for n in page)  # type: ignore[misc]
                if len(page) < 500:
                    break
                start = page[-1].id + 1
        for branch_id in new:
            if branch_id not in found:
                where = self._load(branch_id).branch
                if where is not None:
                    found[branch_id] = where
        with self._branches_lock:
            self._branches_found.update(found)
            self._branches_read_to = max(self._branches_read_to, read_to)
        return found
