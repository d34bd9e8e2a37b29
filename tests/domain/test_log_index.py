"""What the later lines of a log say about each entry: why it stopped counting, the correction
that kept it as an override, its notes and its disputes with their rulings."""

from __future__ import annotations

from domain.log_index import CORRECTED, REPLAYED, UNDONE, WITHDRAWN, LogIndex, OutOfForce
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.rejudge import KEEP, WITHDRAW
from service.entries import parse_entry
from tests.opening import OPENING, SETUP
from tests.service.projections.pj_driver import finished_match

ALICE = Author("alice", "2026-11-30T21:00:00+00:00")
RITA = Author("rita", "2026-11-30T21:10:00+00:00")


def opening() -> MatchRecord:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    for line in OPENING:
        match.record(parse_entry("card-game", line), ALICE)
    return match


def entry(text: str) -> dict[str, object]:
    return parse_entry("card-game", text)


def test_an_undone_entry_keeps_its_notes_and_disputes() -> None:
    match = opening()
    note = match.annotate(11, "was that a 2?", ALICE)
    dispute = match.dispute(11, "Nankatsu rolled a 3", ALICE)
    undo = match.undo(ALICE)
    index = LogIndex.of(match.log)
    assert index.out_of_force == {11: OutOfForce(UNDONE, undo.number, "")}
    assert index.notes_on(11) == (note,)
    (state,) = index.disputes_on(11)
    assert state.dispute == dispute and state.is_open
    assert index.open_disputes() == (dispute,)


def test_a_ruling_that_corrects_names_the_correction_and_closes_the_dispute() -> None:
    match = opening()
    dispute = match.dispute(10, "the die rolled off the table", ALICE)
    ruling = match.rule(
        dispute.number,
        "corrected",
        ["CG-5.4"],
        "rolled again",
        RITA,
        correction=CorrectionRequest(10, entry("roll coach=toho value=1")),
    )
    index = LogIndex.of(match.log)
    assert ruling.correction is not None
    assert index.out_of_force[10] == OutOfForce(CORRECTED, ruling.correction, "rolled again")
    assert index.replaced_by(10) == match.log[ruling.correction - 1]
    state = index.dispute_state(dispute.number)
    assert state is not None and state.ruling == ruling and not state.is_open
    assert index.open_disputes() == ()
    assert index.dispute_state(ruling.number) is None  # a ruling is no dispute


def test_a_correction_keeps_and_withdraws_the_entries_it_made_illegal() -> None:
    match = opening()
    # Toho passes instead of playing Hyuga: their later pass (7) and Shot (9) break rules.
    kept = match.correct(
        CorrectionRequest(5, entry("pass coach=toho"), decisions={7: KEEP}), ALICE, "no card"
    )
    assert kept.kept == (7,)
    index = LogIndex.of(match.log)
    assert index.kept_by == {7: kept}
    assert index.out_of_force[5] == OutOfForce(CORRECTED, kept.number, "no card")
    again = opening()
    withdrawn = again.correct(
        CorrectionRequest(5, entry("pass coach=toho"), decisions={7: WITHDRAW}), ALICE, "no card"
    )
    assert LogIndex.of(again.log).out_of_force[7] == OutOfForce(
        WITHDRAWN, withdrawn.number, "no card"
    )


def test_a_ruling_to_replay_takes_out_every_entry_from_there() -> None:
    match = opening()
    dispute = match.dispute(9, "Toho declared a Pass", ALICE)
    ruling = match.rule(dispute.number, "replay", ["CG-5.1"], "play it again", RITA)
    index = LogIndex.of(match.log)
    assert ruling.replayed == (9, 10, 11)
    assert {n: index.out_of_force[n] for n in (9, 10, 11)} == {
        n: OutOfForce(REPLAYED, ruling.number, "play it again") for n in (9, 10, 11)
    }


def test_the_result_has_its_own_disputes_and_confirmations() -> None:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    for action in finished_match(1, 0):
        match.record(action, ALICE)
    assert LogIndex.of(match.log).disputes_on(None) == ()
    confirmed = match.confirm("nankatsu", ALICE)
    disputed = match.dispute(None, "Toho's last roll was a 6", ALICE)
    index = LogIndex.of(match.log)
    assert index.confirmations == (confirmed,)
    assert [state.dispute for state in index.disputes_on(None)] == [disputed]
    assert index.open_disputes() == (disputed,)
