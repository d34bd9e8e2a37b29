"""Annotations: plain-text remarks on entries in force, kept in the log like everything else."""

from __future__ import annotations

import pytest

from domain.log import Annotation, Entry, Retraction
from domain.match import ANNOTATION_LIMIT, Author, BadAnnotation, MatchRecord
from tests.opening import SETUP

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")


def opened() -> MatchRecord:
    match = MatchRecord("card-game", SETUP, "alice", ALICE.at)
    match.record({"kind": "toss", "winner": "toho"}, ALICE)
    match.record({"kind": "kickoff", "coach": "toho"}, ALICE)
    return match


def test_an_annotation_is_a_log_line_on_its_entry_and_changes_no_game_state() -> None:
    match = opened()
    before = match.game
    line = match.annotate(2, "  Toho chose to kick off  ", ALICE)
    assert isinstance(line, Annotation) and line.on == 2
    assert line.text == "Toho chose to kick off"
    assert match.game == before
    assert len(match.effective_entries()) == 2
    assert match.annotations() == [line]


def test_the_kick_off_itself_can_be_annotated() -> None:
    match = opened()
    assert match.annotate(0, "played on the kitchen table", ALICE).on == 0


@pytest.mark.parametrize(
    ("on", "text", "reason"),
    [
        (1, "   ", "needs some text"),
        (1, "x" * (ANNOTATION_LIMIT + 1), "at most"),
        (3, "no such entry", "no entry 3"),
        (-1, "before the start", "no entry -1"),
    ],
)
def test_a_bad_annotation_is_refused_and_nothing_is_recorded(
    on: int, text: str, reason: str
) -> None:
    match = opened()
    with pytest.raises(BadAnnotation, match=reason):
        match.annotate(on, text, ALICE)
    assert len(match.log) == 2


def test_an_annotation_on_an_entry_undone_later_is_kept_with_it() -> None:
    match = opened()
    note = match.annotate(2, "kick-off", ALICE)
    match.undo(ALICE)
    assert [type(line) for line in match.log] == [Entry, Entry, Annotation, Retraction]
    assert match.annotations() == [note]
    with pytest.raises(BadAnnotation, match="no entry 2 in force"):
        match.annotate(2, "again", ALICE)


def test_an_annotation_with_a_known_key_is_not_recorded_twice() -> None:
    match = opened()
    first = match.annotate(1, "toss by coin", ALICE, key="n1")
    assert match.annotate(1, "toss by coin", ALICE, key="n1") is first
    assert len(match.log) == 3


def test_an_abandoned_match_still_takes_annotations() -> None:
    match = opened()
    match.abandon(ALICE, "rain")
    assert isinstance(match.annotate(2, "the ruling on the kick-off stands", ALICE), Annotation)


def test_annotations_survive_replaying_the_stored_events() -> None:
    match = opened()
    match.annotate(1, "line one\nline two", ALICE)
    events = match.collect_events()
    replayed = None
    for stored in events:
        replayed = stored.mutate(replayed)
    assert replayed is not None and replayed.log == match.log
