"""The log index: the replay's steps in the order of play, with what happened at each place,
and what every line says about the others."""

from __future__ import annotations

from domain.log import Entry
from domain.log_index import CORRECTED, REPLAYED, UNDONE, WITHDRAWN, LogIndex, OutOfForce
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.notation import parse_action
from domain.registry import find_ruleset
from tests.opening import OPENING, SETUP

AUTHOR = Author("alice", "2026-11-29T20:00:00+00:00")


def opened() -> MatchRecord:
    match = MatchRecord.start("card-game", SETUP, AUTHOR)
    for line in OPENING:
        match.record(entry(line), AUTHOR)
    return match


def entry(text: str) -> dict[str, object]:
    return dict(parse_action(find_ruleset("card-game").codec, text))


def numbers(index: LogIndex) -> list[int]:
    return [0 if s.placed is None else s.placed.entry.number for s in index.steps()]


def test_the_steps_are_the_entries_in_force_in_the_order_of_play() -> None:
    match = opened()
    match.correct(CorrectionRequest(10, entry("roll toho 1")), AUTHOR, "misread")  # line 12
    match.record(entry("draft toho deck"), AUTHOR)  # 13
    match.annotate(13, "the wrong deck", AUTHOR)  # 14
    match.undo(AUTHOR)  # 15, undoes 13
    index = LogIndex(match.log)
    # The correction counts at the place of entry 10.
    assert numbers(index) == [0, *range(1, 10), 12, 11]
    assert numbers(index)[1:] == [e.number for e in match.effective_entries()]
    steps = index.steps()
    corrected = steps[10].placed
    assert corrected is not None and [e.number for e in corrected.replaced] == [10]
    # The undone entry follows the step it was made after, with the note on it.
    assert [p.entry.number for p in steps[11].then_out] == [13]
    assert [n.text for n in index.notes_on(13)] == ["the wrong deck"]
    assert index.out_of_force(13) == OutOfForce(UNDONE, 15)
    assert index.out_of_force(10) == OutOfForce(CORRECTED, 12)
    assert index.out_of_force(11) is None


def test_a_correction_of_a_correction_replaces_both_at_the_same_place() -> None:
    match = opened()
    match.correct(CorrectionRequest(10, entry("roll toho 1")), AUTHOR, "misread")  # 12
    match.correct(CorrectionRequest(12, entry("roll toho 2")), AUTHOR, "misread again")  # 13
    step = LogIndex(match.log).steps()[10]
    assert step.placed is not None and step.placed.entry.number == 13
    assert [e.number for e in step.placed.replaced] == [10, 12]


def test_withdrawn_kept_and_replayed_entries_say_what_took_them_out() -> None:
    match = opened()
    decisions = {3: "keep", 5: "keep", 9: "withdraw", 10: "withdraw", 11: "withdraw"}
    match.correct(
        CorrectionRequest(2, entry("kickoff nankatsu"), decisions=decisions), AUTHOR, "misread"
    )  # 12
    index = LogIndex(match.log)
    assert index.out_of_force(9) == OutOfForce(WITHDRAWN, 12)
    kept = index.kept_by(3)
    assert kept is not None and kept.number == 12
    assert index.out_of_force(3) is None
    dispute = match.dispute(8, "Nankatsu never passed", AUTHOR)  # 13
    match.rule(dispute.number, "replay", ["CG-4.3"], "", AUTHOR)  # 14
    index = LogIndex(match.log)
    assert index.out_of_force(8) == OutOfForce(REPLAYED, 14)
    assert [d.number for d in index.disputes_on(8)] == [13]
    ruling = index.ruling_on(13)
    assert ruling is not None and ruling.replayed == (8,)
    # Steps run to entry 7; entries 8 to 11 follow it, out of force, in the order made.
    last = index.steps()[-1]
    assert last.placed is not None and last.placed.entry.number == 7
    assert [p.entry.number for p in last.then_out] == [8, 9, 10, 11]
    assert all(isinstance(p.entry, Entry) and not p.entry.in_force for p in last.then_out)
