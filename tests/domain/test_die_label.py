"""A scorer may name the physical die a table roll was made with ("red d6"): it is kept with
the entry, checked at the door, and entries stored before it existed load unnamed."""

from __future__ import annotations

from typing import Any

import pytest
from eventsourcing.application import Application
from hypothesis import given
from hypothesis import strategies as st

from domain.log import Entry, from_data, to_data
from domain.match import Author, BadDispute, CorrectionRequest, MatchRecord
from domain.rejudge import DecisionsNeeded
from domain.text import DIE_LABEL_LIMIT, BadText

SETUP = {"home": {"team": "Nankatsu", "coach": "Alice"}, "away": {"team": "Toho", "coach": "Bob"}}
ALICE = Author("alice", "2026-11-30T10:00:00+00:00")
TOSS = {"kind": "toss", "winner": "toho"}


@pytest.fixture
def store() -> Application[Any]:
    return Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def test_a_named_die_is_kept_with_its_entry_through_the_store(store: Application[Any]) -> None:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    match.record(TOSS, ALICE, die_label="  red d6 ")
    store.save(match)
    (entry,) = store.repository.get(match.id).effective_entries()
    assert entry.die_label == "red d6"


def test_an_unnamed_or_blank_die_is_none() -> None:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    assert match.record(TOSS, ALICE, die_label="   ").die_label is None


@pytest.mark.parametrize(
    ("label", "says"),
    [
        ("x" * (DIE_LABEL_LIMIT + 1), f"the die's label holds at most {DIE_LABEL_LIMIT}"),
        ("red\nd6", "the die's label"),
        ("red\x1b[2Jd6", "the die's label"),
        ("\u202ered d6", "the die's label"),
    ],
)
def test_a_bad_label_is_refused_by_name_and_stores_nothing(label: str, says: str) -> None:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    with pytest.raises(BadText, match=says):
        match.record(TOSS, ALICE, die_label=label)
    assert match.log.stored() == [] and match.version == 1


def test_an_entry_stored_before_dice_were_named_loads_unnamed() -> None:
    """Version 3 of `EntryRecorded` had no `die_label`; its upcaster says none was named."""
    state: dict[str, Any] = {"action": dict(TOSS), "by": "alice"}
    MatchRecord.EntryRecorded.upcast_v3_v4(state)
    assert state["die_label"] is None
    # A snapshot's line written before the field existed.
    line = {"number": 1, "type": "entry", "by": "a", "at": ALICE.at, "action": dict(TOSS)}
    loaded = from_data(line)
    assert isinstance(loaded, Entry) and loaded.die_label is None


@given(st.text(min_size=1, max_size=DIE_LABEL_LIMIT))
def test_a_label_round_trips_as_line_data_or_is_refused(label: str) -> None:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    try:
        entry = match.record(TOSS, ALICE, die_label=label)
    except BadText:
        return
    assert entry.die_label in (None, label.strip())
    assert from_data(to_data(entry)) == entry


# -- through a correction ---------------------------------------------------------------------

ROLLS = [
    {"kind": "toss", "winner": "toho"},
    {"kind": "kickoff", "coach": "toho"},
]


def _rolled(die: str | None = "red d6") -> MatchRecord:
    """The toss (a table roll of the Possession token is no die, but the entry may name one)
    named with `die`, then the kick-off."""
    match = MatchRecord.start("card-game", SETUP, ALICE)
    match.record(ROLLS[0], ALICE, die_label=die)
    match.record(ROLLS[1], ALICE)
    return match


def _correct_toss(match: MatchRecord, die: str | None = None) -> Entry:
    request = CorrectionRequest(1, {"kind": "toss", "winner": "nankatsu"}, die_label=die)
    decisions: dict[int, str] = {}
    try:
        return match.correct(request, ALICE, "the other side won the toss")
    except DecisionsNeeded as needed:
        decisions = {i.number: "withdraw" for i in needed.illegal}
    return match.correct(
        CorrectionRequest(1, dict(request.action), None, decisions, die), ALICE, "toss"
    )


def test_a_correction_keeps_the_die_its_entry_named(store: Application[Any]) -> None:
    match = _rolled()
    correction = _correct_toss(match)
    assert correction.die_label == "red d6"
    store.save(match)
    loaded = store.repository.get(match.id)
    assert loaded.log[-1].die_label == "red d6"  # from the events
    assert MatchRecord.Snapshot.take(match).mutate(None).log[-1].die_label == "red d6"
    assert from_data(to_data(correction)) == correction


def test_a_correction_may_name_another_die_or_none(store: Application[Any]) -> None:
    match = _rolled()
    assert _correct_toss(match, " blue d6 ").die_label == "blue d6"
    other = _rolled()
    assert _correct_toss(other, "").die_label is None
    unnamed = _rolled(None)
    assert _correct_toss(unnamed).die_label is None
    with pytest.raises(BadText, match="the die's label"):
        _correct_toss(_rolled(), "red\nd6")


def test_naming_another_die_alone_is_a_correction() -> None:
    match = _rolled()
    request = CorrectionRequest(1, dict(ROLLS[0]), die_label="blue d6")
    assert match.correct(request, ALICE, "it was the blue die").die_label == "blue d6"
    with pytest.raises(BadDispute, match="already records exactly this"):
        match.correct(CorrectionRequest(3, dict(ROLLS[0])), ALICE, "again")


def test_a_correction_stored_before_it_kept_a_die_loads_unnamed() -> None:
    """Version 1 of `Corrected` had no `die_label`: its dice were read unnamed, and still are."""
    state: dict[str, Any] = {"replaces": 1, "by": "alice"}
    MatchRecord.Corrected.upcast_v1_v2(state)
    assert state["die_label"] is None
