"""The audit's CSV, JSON and text forms: every text kept exactly through CSV and JSON, no cell
a spreadsheet would run as a formula, and one terminal line per item."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.audit import KINDS, AuditFilter, AuditItem
from schemas.audit import COLUMNS, AuditItemSchema, to_csv, to_json, to_text
from schemas.spreadsheet_cells import FORMULA_STARTS, cell, uncell
from service.audit import LEAGUE, MATCH, AuditTrail

# Any text a person could send: everything but lone surrogates, which no store can hold.
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
OPTIONAL = st.none() | st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=20)

ITEMS = st.builds(
    AuditItem,
    match=st.uuids().map(str),
    title=TEXT,
    line=st.integers(1, 10_000),
    kind=st.sampled_from(KINDS),
    by=TEXT,
    at=TEXT,
    device=OPTIONAL,
    link=OPTIONAL,
    entries=st.lists(st.integers(1, 10_000), max_size=4).map(tuple),
    rules=st.lists(st.sampled_from(["CG-4.2", "CG-13.1", "KP-5.4", "TCG-7.5"])).map(tuple),
    reason=TEXT,
    detail=TEXT,
)


def trail(items: list[AuditItem], scope: str = MATCH, name: str = "m") -> AuditTrail:
    return AuditTrail(scope, name, "Nankatsu (Alice) vs Toho (Bob)", AuditFilter(), 1, tuple(items))


def read_csv(text: str) -> list[AuditItem]:
    """What a program that reads the download gets back, taking each cell's text mark off."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert tuple(rows[0]) == COLUMNS
    items = []
    for row in rows[1:]:
        cells = dict(zip(COLUMNS, (uncell(value) for value in row), strict=True))
        items.append(
            AuditItem(
                match=cells["match"],
                title=cells["title"],
                line=int(cells["line"]),
                kind=cells["kind"],
                by=cells["by"],
                at=cells["at"],
                device=cells["device"] or None,
                link=cells["link"] or None,
                entries=tuple(int(n) for n in cells["entries"].split()),
                rules=tuple(cells["rules"].split()),
                reason=cells["reason"],
                detail=cells["detail"],
            )
        )
    return items


def read_json(text: str) -> list[AuditItem]:
    loaded: list[dict[str, Any]] = AuditItemSchema(many=True).load(json.loads(text)["items"])
    return [
        AuditItem(**{**item, "entries": tuple(item["entries"]), "rules": tuple(item["rules"])})
        for item in loaded
    ]


@settings(max_examples=100, deadline=None)
@given(st.lists(ITEMS, max_size=4))
def test_arbitrary_text_comes_back_from_the_csv_exactly(items: list[AuditItem]) -> None:
    assert read_csv(to_csv(trail(items))) == items


@settings(max_examples=100, deadline=None)
@given(st.lists(ITEMS, max_size=4))
def test_arbitrary_text_comes_back_from_the_json_exactly(items: list[AuditItem]) -> None:
    assert read_json(to_json(trail(items))) == items


@settings(max_examples=100, deadline=None)
@given(ITEMS)
def test_no_csv_cell_starts_like_a_formula(item: AuditItem) -> None:
    rows = list(csv.reader(io.StringIO(to_csv(trail([item])), newline="")))
    for value in rows[1]:
        assert not value.startswith(FORMULA_STARTS)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        (
            '=HYPERLINK("http://evil.example","click")',
            '\'=HYPERLINK("http://evil.example","click")',
        ),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1", "'\t=1"),
        ("'quoted", "''quoted"),
        ("a = b", "a = b"),
        ("", ""),
    ],
)
def test_a_cell_that_would_run_is_marked_as_text(text: str, written: str) -> None:
    assert cell(text) == written
    assert uncell(written) == text


def test_a_reason_that_is_a_formula_stays_text_in_the_csv() -> None:
    item = AuditItem(
        "m", "t", 3, "override", "=cmd|' /C calc'!A0", "2026-11-30T21:00:00+00:00", None, None,
        reason="=1+1", detail="-entry 3",
    )  # fmt: skip
    written = to_csv(trail([item])).splitlines()[1]
    assert ",'=cmd|' /C calc'!A0," in written and ",'=1+1,'-entry 3" in written


def test_the_csv_header_and_a_row() -> None:
    item = AuditItem(
        "5f0d1c2e", "A vs B", 12, "retraction", "rita", "2026-11-30T21:30:00+00:00", "web",
        "L-rita", (9, 10, 11), ("CG-5.2",), "line one\nline two", "entries 9, 10, 11 …",
    )  # fmt: skip
    assert to_csv(trail([item])) == (
        "match,title,line,kind,by,at,device,link,entries,rules,reason,detail\r\n"
        "5f0d1c2e,A vs B,12,retraction,rita,2026-11-30T21:30:00+00:00,web,L-rita,9 10 11,CG-5.2,"
        '"line one\nline two","entries 9, 10, 11 …"\r\n'
    )


def test_the_json_names_its_scope_and_filter() -> None:
    wanted = AuditFilter.parsed(["override"], "rita", "2026-11-30", None)
    data = json.loads(to_json(AuditTrail(LEAGUE, "Cup", "Cup", wanted, 3, ())))
    assert data == {
        "scope": "league",
        "match": None,
        "league": "Cup",
        "title": "Cup",
        "filter": {
            "kinds": ["override"],
            "by": "rita",
            "since": "2026-11-30T00:00:00+00:00",
            "until": None,
        },
        "matches": 3,
        "count": 0,
        "items": [],
    }


def test_the_text_form_is_one_line_per_item_with_nothing_a_terminal_acts_on() -> None:
    item = AuditItem(
        "5f0d1c2e-aaaa", "A vs B", 12, "dispute", "bob\x1b[2J", "2026-11-30T21:40:00+00:00",
        None, "L-bob", (10,), (), "the die\nrolled\toff", "disputes entry 10 (open)",
    )  # fmt: skip
    text = to_text(trail([item], MATCH, "5f0d1c2e-aaaa"))
    head, line = text.splitlines()
    assert head == "audit of match Nankatsu (Alice) vs Toho (Bob): 1 item"
    assert line == (
        "2026-11-30T21:40:00+00:00  5f0d1c2e   12  dispute       bob [2J (link L-bob)  "
        "disputes entry 10 (open)  reason: the die rolled off"
    )
    assert "\x1b" not in text
