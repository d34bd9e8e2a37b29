"""Glyphs on annotations: named by name or symbol, kept on the annotation, marked on the line
and its entry in the report, and absent from every annotation stored before they existed."""

from __future__ import annotations

import pytest

from domain.glyphs import GLYPHS, BadGlyph, glyph_named, symbol_of
from domain.log import Annotation, from_data, to_data
from domain.match import Author, BadAnnotation, MatchRecord
from domain.notation import line_notation
from domain.registry import find_ruleset
from domain.report import match_report, names_of
from tests.opening import SETUP

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")


def opened() -> MatchRecord:
    match = MatchRecord("card-game", SETUP, "alice", ALICE.at)
    match.record({"kind": "toss", "winner": "toho"}, ALICE)
    match.record({"kind": "kickoff", "coach": "toho"}, ALICE)
    return match


@pytest.mark.parametrize("glyph", GLYPHS)
def test_a_glyph_is_named_by_its_name_or_its_symbol(glyph: object) -> None:
    assert glyph_named(glyph.name) == glyph == glyph_named(f" {glyph.symbol} ")  # type: ignore[attr-defined]
    assert symbol_of(glyph.name) == glyph.symbol  # type: ignore[attr-defined]


def test_the_five_glyphs_and_no_glyph() -> None:
    assert [(g.name, g.symbol) for g in GLYPHS] == [
        ("good", "!"),
        ("mistake", "?"),
        ("blunder", "??"),
        ("interesting", "!?"),
        ("turning-point", "⇄"),
    ]
    assert glyph_named(None) is None and glyph_named("  ") is None and symbol_of(None) == ""
    with pytest.raises(BadGlyph, match="'brilliant' is not a glyph; the glyphs: good"):
        glyph_named("brilliant")


def test_an_annotation_keeps_its_glyph_by_name_and_the_report_marks_it() -> None:
    match = opened()
    note = match.annotate(2, "kicked off anyway", ALICE, glyph="??")
    assert isinstance(note, Annotation) and note.glyph == "blunder"
    assert from_data(to_data(note)) == note
    rules = find_ruleset("card-game")
    assert line_notation(rules.codec, note) == "note on 2 ??: kicked off anyway"
    report = match_report(rules, names_of(rules, match.made_setup()), match.log)
    placed = report.placed()
    assert placed[3].line.sentence == "Note on line 2 (?? a blunder): kicked off anyway"
    assert [m.kind for m in placed[2].line.marks][-1] == "glyph-blunder"
    assert "glyph-blunder" not in [m.kind for m in placed[1].line.marks]


def test_a_bad_glyph_is_refused_and_nothing_is_recorded() -> None:
    match = opened()
    with pytest.raises(BadAnnotation, match="not a glyph"):
        match.annotate(2, "hm", ALICE, glyph="!!!")
    assert len(match.log) == 2


def test_a_retried_annotation_with_another_glyph_is_another_request() -> None:
    match = opened()
    first = match.annotate(2, "bold", ALICE, key="k", glyph="interesting")
    assert match.annotate(2, "bold", ALICE, key="k", glyph="!?") is first
    with pytest.raises(ValueError, match="was used for line 3"):
        match.annotate(2, "bold", ALICE, key="k", glyph="good")


def test_an_annotation_stored_before_glyphs_loads_as_a_plain_remark() -> None:
    """`Annotated` version 2 carried no glyph: the upcaster gives it none; a snapshot's line
    without the field reads the same."""
    stored = {"on": 2, "text": "late", "by": "a", "at": ALICE.at, "device": None, "key": None}
    MatchRecord.Annotated.upcast_v2_v3(stored)
    assert stored["glyph"] is None
    line = to_data(opened().annotate(2, "late", ALICE))
    del line["glyph"]
    restored = from_data(line)
    assert isinstance(restored, Annotation) and restored.glyph is None
