"""What-if branches (docs/branches.md): starting one from a step of a match, listing a
match's branches, and comparing a branch with its origin.

A branch is found by its `Branched` event: the store is scanned for those events once per
process and then only for the ones stored since, and a branch's origin never changes, so the
scan keeps what it found.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.branching import BadBranch, BranchOrigin, Variation
from domain.luck import MatchLuck, Roll
from domain.match import Author, MatchRecord, RuleBroken
from domain.phrase import phrase
from domain.report import PlacedLine, match_report
from domain.text import BadText
from service.boundary import said
from service.errors import BadInput
from service.store import StoreApplication
from service.views import MatchView, match_view


@dataclass(frozen=True)
class BranchSummary:
    """One branch of a match, as its origin's replay lists it at its step."""

    id: str
    step: int
    entry: int
    started_by: str
    started_at: str
    score: str
    status: str
    entries: int

    @property
    def short_id(self) -> str:
        return self.id[:8]

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "step": self.step,
            "entry": self.entry,
            "started_by": self.started_by,
            "started_at": self.started_at,
            "score": self.score,
            "status": self.status,
            "entries": self.entries,
        }


@dataclass(frozen=True)
class SideLuck:
    """One side's luck over a match: what the dice brought it less what was expected, in the
    game's unit (docs/analysis.md)."""

    side: str
    label: str  # 'Toho (Bob)'
    luck: Fraction

    @property
    def signed(self) -> str:
        return _signed(self.luck)


def _signed(amount: Fraction) -> str:
    return "0.00" if amount == 0 else f"{float(amount):+.2f}"


def _roll_data(roll: Roll) -> dict[str, object]:
    return {
        "step": roll.step,
        "roll": roll.odds.roll,
        "certain": roll.odds.certain,
        "chances": [
            {
                "outcome": chance.outcome,
                "probability": str(chance.probability),
                "value": float(chance.probability),
            }
            for chance in roll.odds.chances
        ],
        "luck": {side: float(amount) for side, amount in roll.luck.items()},
    }


@dataclass(frozen=True)
class ComparedMatch:
    """One side of a comparison: a match's score and status now, and its report's lines
    from the branching step on (the lines after the entries both share); each side's luck
    over the match (the replay's, `match_luck`) in the game's `unit`, and, when the first
    entry after the shared ones is a roll, that roll with its odds and the luck it brought.
    A game whose rules declare no odds has no unit, no luck and no roll."""

    id: str
    title: str
    score: str
    status: str
    entries: int
    lines: tuple[PlacedLine, ...]
    unit: str = ""
    luck: tuple[SideLuck, ...] = ()
    roll: Roll | None = None

    @property
    def roll_luck(self) -> tuple[tuple[str, str], ...]:
        """The luck the roll brought each side, as (label, "+0.17"), in seating order."""
        if self.roll is None:
            return ()
        return tuple(
            (s.label, _signed(self.roll.luck[s.side]))
            for s in self.luck
            if s.side in self.roll.luck
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "title": self.title,
            "score": self.score,
            "status": self.status,
            "entries": self.entries,
            "lines": [
                {
                    "number": placed.line.number,
                    "sentence": placed.line.sentence,
                    "notation": placed.line.notation,
                    "period": placed.period,
                }
                for placed in self.lines
            ],
            "unit": self.unit,
            "luck": [
                {"side": s.side, "label": s.label, "luck": float(s.luck), "exact": str(s.luck)}
                for s in self.luck
            ],
            "roll": None if self.roll is None else _roll_data(self.roll),
        }


@dataclass(frozen=True)
class Comparison:
    """A branch beside its origin from the step it branched at. A small value to grow: each
    side is a `ComparedMatch`, and a figure both sides have is one more field of it."""

    step: int
    entry: int
    origin: ComparedMatch
    branch: ComparedMatch
    shared: int = field(default=0)

    def to_dict(self) -> dict[str, object]:
        return {
            "step": self.step,
            "entry": self.entry,
            "shared": self.shared,
            "origin": self.origin.to_dict(),
            "branch": self.branch.to_dict(),
        }


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
                    score=_score(view),
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
            origin=_compared(origin, where.entry, self.match_luck(str(origin.id)), where.step),
            branch=_compared(branch, where.step, self.match_luck(str(branch.id)), where.step),
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


def _score(view: MatchView) -> str:
    """The score line: the first line of the game's rendering (DEVELOPERS.md)."""
    return view.text.splitlines()[0] if view.text else ""


def _compared(match: MatchRecord, after: int, luck: MatchLuck, shared: int) -> ComparedMatch:
    """A match's side of a comparison: its report's lines after line `after`, its luck, and
    the roll of its first entry after the `shared` ones, if that entry is one."""
    view = match_view(match)
    report = match_report(match.ruleset, view.names, view.log)
    placed = report.placed()
    lines: Sequence[PlacedLine] = [placed[n] for n in sorted(placed) if n > after]
    totals = luck.total()
    labels = match.ruleset.side_labels(match.made_setup())
    return ComparedMatch(
        id=view.id,
        title=view.title,
        score=_score(view),
        status=view.status,
        entries=len(match.entries_in_force()),
        lines=tuple(lines),
        unit=luck.unit,
        luck=(
            tuple(SideLuck(side, labels.get(side, side), totals[side]) for side in luck.sides)
            if luck.unit
            else ()
        ),
        roll=luck.at(shared + 1),
    )
