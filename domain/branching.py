"""What-if branches: an unofficial match that starts from a step of another (docs/branches.md).

A branch is a match of its own, linked to its origin by one event right after its creation
(`MatchRecord.Branched`): the origin's id, the step it starts from and the origin's entry at
that step. Its first `step` lines are the origin's entries in force up to that step, recorded
again through the rules as they were entered (their `by`, `at` and device kept); everything
after them is the branch's own, checked as any entry is. A branch is never in a league and
counts in no statistics, standings or history: the read models pass it by.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.log import Author, LogLine
from domain.phrase import phrase


class BadBranch(ValueError):
    """A branch from a step the origin does not have."""


@dataclass(frozen=True)
class BranchOrigin:
    """Where a branch comes from: the origin match, the step (entries in force copied), the
    origin's entry number at that step (0: the kick-off) and who started it."""

    origin: str
    step: int
    entry: int
    started: Author

    def to_data(self) -> dict[str, object]:
        return {
            "origin": self.origin,
            "step": self.step,
            "entry": self.entry,
            "by": self.started.by,
            "at": self.started.at,
            "device": self.started.device,
            "link": self.started.link,
        }

    @classmethod
    def from_data(cls, data: dict[str, object]) -> BranchOrigin:
        def text(name: str) -> str | None:
            value = data.get(name)
            return None if value is None else str(value)

        return cls(
            origin=str(data["origin"]),
            step=int(str(data["step"])),
            entry=int(str(data["entry"])),
            started=Author(str(data["by"]), str(data["at"]), text("device"), text("link")),
        )


def checked_step(step: int, steps: int) -> int:
    """A step of a match with `steps` entries in force, 0 (the kick-off) to `steps`."""
    if not 0 <= step <= steps:
        raise BadBranch(
            phrase(
                "step {step} is not a step of this match: branch from a step 0 to {steps}",
                step=step,
                steps=steps,
            )
        )
    return step


@dataclass(frozen=True)
class Variation:
    """A branch as its origin's match file carries it (docs/match-file.md#variations): the
    step it starts from, who started it and when, the branch's id (None when unknown), and
    the branch's own lines after the `step` it copied, each with the number of the file's
    line it was read from (0 for one written here). `at_line` is the file's line that starts
    it (0 when written here)."""

    step: int
    started: Author
    source: str | None
    lines: tuple[tuple[int, LogLine], ...]
    at_line: int = 0
