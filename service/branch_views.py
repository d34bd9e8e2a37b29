"""The values the branch use cases answer (service/branches.py), and a match's side of a
comparison, imported by the use cases that make them: a command at the table, which lists no
branch, does not make their classes (tests/cli/test_start_up.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from domain.match import MatchRecord
from domain.report import PlacedLine, match_report
from service.views import MatchView, match_view

if TYPE_CHECKING:
    from domain.luck import MatchLuck, Roll


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


def score_line(view: MatchView) -> str:
    """The score line: the first line of the game's rendering (DEVELOPERS.md)."""
    return view.text.splitlines()[0] if view.text else ""


def compared(match: MatchRecord, after: int, luck: MatchLuck, shared: int) -> ComparedMatch:
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
        score=score_line(view),
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
