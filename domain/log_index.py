"""What the later lines of a log say about each entry, found in one pass.

A log is written in order, so what befalls an entry comes after it: a note, a dispute and the
ruling on it, the undo, correction, withdrawal or replay that took it out of force, the
correction that kept it as an override. Readers of the log (the match page, the replay) show
all of it beside the entry it concerns, also once that entry no longer counts: a note or a
dispute is often the very reason it was undone or corrected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, assert_never

from domain.log import (
    Abandonment,
    Annotation,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
)

# How an entry stopped counting: undone (the latest entry, by a retraction), replaced by a
# correction, withdrawn by a correction that made it illegal, or taken out by a ruling to
# replay from an earlier entry.
UNDONE: Final = "undone"
CORRECTED: Final = "corrected"
WITHDRAWN: Final = "withdrawn"
REPLAYED: Final = "replayed"
How = Literal["undone", "corrected", "withdrawn", "replayed"]


@dataclass(frozen=True)
class OutOfForce:
    """Why an entry no longer counts: `how`, the line that did it and the reason it gave
    (empty for an undo, which gives none)."""

    how: How
    line: int
    reason: str


@dataclass(frozen=True)
class DisputeState:
    """A dispute and the ruling on it, None while it is open."""

    dispute: Dispute
    ruling: Ruling | None = None

    @property
    def is_open(self) -> bool:
        return self.ruling is None


@dataclass(frozen=True)
class LogIndex:
    """Per entry number: why it stopped counting, the correction that kept it as an override,
    its notes and its disputes; the disputes of the result under None; per dispute number,
    its ruling; per corrected entry, the correction that took its place."""

    out_of_force: Mapping[int, OutOfForce] = field(default_factory=dict)
    kept_by: Mapping[int, Correction] = field(default_factory=dict)
    notes: Mapping[int, tuple[Annotation, ...]] = field(default_factory=dict)
    disputes: Mapping[int | None, tuple[DisputeState, ...]] = field(default_factory=dict)
    rulings: Mapping[int, Ruling] = field(default_factory=dict)
    corrections: Mapping[int, Correction] = field(default_factory=dict)
    confirmations: tuple[Confirmation, ...] = ()

    @classmethod
    def of(cls, log: Iterable[LogLine]) -> LogIndex:
        out_of_force: dict[int, OutOfForce] = {}
        kept_by: dict[int, Correction] = {}
        notes: dict[int, list[Annotation]] = {}
        disputes: dict[int | None, list[Dispute]] = {}
        rulings: dict[int, Ruling] = {}
        corrections: dict[int, Correction] = {}
        confirmations: list[Confirmation] = []
        for line in log:
            match line:
                case Correction():
                    corrections[line.replaces] = line
                    out_of_force[line.replaces] = OutOfForce(CORRECTED, line.number, line.reason)
                    for number in line.withdrawn:
                        out_of_force[number] = OutOfForce(WITHDRAWN, line.number, line.reason)
                    for number in line.kept:
                        kept_by[number] = line
                case Entry():
                    pass
                case Retraction():
                    out_of_force[line.retracts] = OutOfForce(UNDONE, line.number, "")
                case Annotation():
                    notes.setdefault(line.on, []).append(line)
                case Dispute():
                    disputes.setdefault(line.on, []).append(line)
                case Ruling():
                    rulings[line.dispute] = line
                    for number in line.replayed:
                        out_of_force[number] = OutOfForce(REPLAYED, line.number, line.text)
                case Confirmation():
                    confirmations.append(line)
                case Abandonment():
                    pass
                case _:
                    assert_never(line)
        return cls(
            out_of_force=out_of_force,
            kept_by=kept_by,
            notes={number: tuple(found) for number, found in notes.items()},
            disputes={
                on: tuple(DisputeState(d, rulings.get(d.number)) for d in found)
                for on, found in disputes.items()
            },
            rulings=rulings,
            corrections=corrections,
            confirmations=tuple(confirmations),
        )

    def notes_on(self, number: int) -> tuple[Annotation, ...]:
        return self.notes.get(number, ())

    def disputes_on(self, number: int | None) -> tuple[DisputeState, ...]:
        """The disputes of entry `number` (None: of the result), in the order they were made."""
        return self.disputes.get(number, ())

    def ruling_on(self, dispute: int) -> Ruling | None:
        return self.rulings.get(dispute)

    def dispute_state(self, dispute: int) -> DisputeState | None:
        """Dispute line `dispute` and its ruling; None when that line is no dispute."""
        for states in self.disputes.values():
            for state in states:
                if state.dispute.number == dispute:
                    return state
        return None

    def open_disputes(self) -> tuple[Dispute, ...]:
        found = [state.dispute for states in self.disputes.values() for state in states]
        return tuple(
            sorted((d for d in found if d.number not in self.rulings), key=lambda d: d.number)
        )

    def replaced_by(self, number: int) -> Correction | None:
        """The correction that took entry `number`'s place, if one did."""
        return self.corrections.get(number)
