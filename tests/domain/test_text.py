"""What text a match takes in: control characters and over-long text are refused at the door,
naming where; any other text, in any script, is kept as written (trimmed)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.match import Author, BadAnnotation, MatchRecord
from domain.text import (
    NAME_LIMIT,
    NOTE_LIMIT,
    BadText,
    check_setup_text,
    checked_text,
)
from tests.opening import SETUP

WHEN = "2026-11-29T21:00:00+00:00"
ALICE = Author("alice", WHEN)


@pytest.mark.parametrize(
    "bad",
    [
        "A\x00",
        "Ken\x1b[2J",
        "Tsubasa\nOzora",
        "tab\there",
        "del\x7f",
        "c1\x85c1",
        "rtl\u202eevil",
        "\ud800",
    ],
)
def test_a_name_with_a_control_character_is_refused_naming_it(bad: str) -> None:
    with pytest.raises(BadText, match=r"home coach holds the control character U\+[0-9A-F]{4}"):
        checked_text(bad, "home coach", NAME_LIMIT)


def test_a_name_is_bounded_and_trimmed() -> None:
    assert checked_text("  Kojiro Hyuga ", "card", NAME_LIMIT) == "Kojiro Hyuga"
    assert checked_text("日向小次郎", "card", NAME_LIMIT) == "日向小次郎"
    with pytest.raises(BadText, match="at most 80 characters, not 100000"):
        checked_text("x" * 100_000, "home coach", NAME_LIMIT)
    with pytest.raises(BadText, match="empty"):
        checked_text(" \t ", "home coach", NAME_LIMIT)


def test_a_note_keeps_its_line_breaks_and_tabs_but_no_other_control() -> None:
    assert checked_text("line 1\r\n\tline 2", "note", NOTE_LIMIT, multiline=True) == (
        "line 1\n\tline 2"
    )
    with pytest.raises(BadText, match="U\\+0000"):
        checked_text("line 1\n\x00", "note", NOTE_LIMIT, multiline=True)


@given(st.text(max_size=120))
def test_any_text_is_either_refused_or_kept_printable_and_bounded(text: str) -> None:
    try:
        kept = checked_text(text, "name", NAME_LIMIT)
    except BadText:
        return
    assert kept == text.strip() and 0 < len(kept) <= NAME_LIMIT
    kept.encode("utf-8")  # every store can hold it
    assert "\x00" not in kept and "\n" not in kept


def test_settings_are_checked_however_deeply_nested() -> None:
    with pytest.raises(BadText, match=r"setup\.away\.coach holds the control character U\+0000"):
        check_setup_text({"home": {"coach": "Alice"}, "away": {"coach": "B\x00b"}})
    with pytest.raises(BadText, match=r"setup\.home\.team\.starters\[2\]\.name holds at most 80"):
        check_setup_text({"home": {"team": {"starters": [{"name": "a"}, {"name": "b" * 81}]}}})
    deep: object = "x"
    for _ in range(50):
        deep = [deep]
    with pytest.raises(BadText, match="nests deeper"):
        check_setup_text({"home": deep})


def test_a_new_match_refuses_a_control_character_in_any_name() -> None:
    with pytest.raises(BadText, match=r"setup\.home\.coach"):
        MatchRecord.start(
            "card-game", {**SETUP, "home": {"team": "Nankatsu", "coach": "A\x00"}}, ALICE
        )
    with pytest.raises(BadText, match="scorer's name"):
        MatchRecord.start("card-game", SETUP, Author("al\x00ice", WHEN))
    with pytest.raises(BadText, match="league's name"):
        MatchRecord.start("card-game", SETUP, ALICE, league="Cup\n2027")


def _match() -> MatchRecord:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    for action in (
        {"kind": "toss", "winner": "toho"},
        {"kind": "kickoff", "coach": "toho"},
        {"kind": "draft", "coach": "nankatsu", "source": "pitch"},
        {"kind": "draft", "coach": "toho", "source": "deck"},
    ):
        match.record(action, ALICE)
    return match


def test_an_entry_refuses_a_control_character_in_a_card_name_and_records_nothing() -> None:
    match = _match()
    before = len(match.log)
    for card in ("Kojiro\x00Hyuga", "Kojiro\nHyuga", "K" * (NAME_LIMIT + 1)):
        with pytest.raises(BadText, match="play: card"):
            match.record({"kind": "play", "coach": "toho", "card": card, "shot": 3}, ALICE)
    assert len(match.log) == before


def test_reasons_notes_keys_and_devices_are_checked() -> None:
    match = _match()
    refused_draft = {"kind": "draft", "coach": "toho", "source": "pitch"}
    with pytest.raises(BadText, match="override reason"):
        match.record(refused_draft, ALICE, override="ok\x00")
    with pytest.raises(BadText, match="idempotency key"):
        match.record({"kind": "pass", "coach": "toho"}, ALICE, key="k\x00")
    with pytest.raises(BadText, match="device"):
        match.undo(Author("alice", WHEN, "phone\x1b"))
    with pytest.raises(BadAnnotation, match="U\\+0007"):
        match.annotate(1, "bell\x07", ALICE)
    with pytest.raises(BadText, match="reason"):
        match.abandon(ALICE, "rain\x00")
    note = match.annotate(1, "two\r\nlines", ALICE)
    assert note.text == "two\nlines"
