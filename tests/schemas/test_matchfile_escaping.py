"""One escaping rule for every text in a match file: header values, who entered a line and
from where, reasons, notes and every text field of an entry stay whole on their line and
read back as they were written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.log import Entry
from domain.match import Author
from domain.ruleset import Consequence, Violation
from schemas.matchfile import MatchFileError, dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from tests.opening import OPENING, SETUP
from tests.schemas.files import (
    EXPORTED_AT,
    as_read,
    by_hand,
    change,
    change_action,
    entry_lines,
    opening,
    stored,
)

V1_FILES = Path(__file__).parent / "v1"
NOTE = "14 by=bob at=2026-11-29T21:10:00+00:00 note 10 text="


def test_a_line_break_in_an_entry_field_stays_on_its_line() -> None:
    # Recorded from the command line as `play nankatsu "$(printf 'Tsubasa\nOzora')" 1` by a
    # release that let it in: the file broke at the line break ("header line after the
    # first entry").
    record = stored(opening())
    change_action(record, 5, card="Tsubasa\nOzora")
    text = dumps(record, EXPORTED_AT)
    assert "6 by=alice at=2026-11-29T21:00:00+00:00 device='phone 1' play coach=nankatsu " \
        "card='Tsubasa\\u000aOzora' shot=3 pass=3 defense=1" in text  # fmt: skip
    parsed = loads(text)
    assert _entry(parsed.lines[5][1]).action["card"] == "Tsubasa\nOzora"
    assert len(entry_lines(text)) == len(record.log)


def test_every_header_value_stays_on_its_line() -> None:
    record = stored(opening())
    record.setup["home"]["coach"] = "Alice\u2028Smith"
    record.created_by = "alice\r\nsmith"
    record.league = "Spring\x85Cup 'quoted' \\ #1"
    change(record, 0, device="phone\x0b1")
    text = dumps(record, EXPORTED_AT)
    lines = text.splitlines()
    assert "league: 'Spring\\u0085Cup '\"'\"'quoted'\"'\"' \\\\ #1'" in lines
    assert "created: by='alice\\u000d\\u000asmith' at=2026-11-29T21:00:00+00:00" in lines
    assert any(line.startswith("setup: ") and "Alice\\u2028Smith" in line for line in lines)
    parsed = loads(text)
    assert (parsed.league, parsed.created_by) == (record.league, record.created_by)
    assert parsed.setup["home"]["coach"] == "Alice\u2028Smith"
    assert parsed.lines[0][1].device == "phone\x0b1"


def test_a_comma_in_a_listed_name_stays_inside_its_item() -> None:
    record = stored(opening())
    change(record, 0, action={"kind": "signings", "cards": ["Ishizaki, Ryo", "Taro Misaki"]})
    text = dumps(record, EXPORTED_AT)
    assert "signings cards='Ishizaki\\u002c Ryo,Taro Misaki'" in text
    assert _entry(loads(text).lines[0][1]).action["cards"] == ["Ishizaki, Ryo", "Taro Misaki"]


def test_overridden_rules_and_consequences_stay_comments() -> None:
    record = stored(opening())
    change(
        record,
        4,
        violations=(Violation("CG-1.3", "not\nyours"),),
        consequences=(Consequence("note", "Toho\u2029play\rit"),),
    )
    text = dumps(record, EXPORTED_AT)
    assert "#   ! overridden CG-1.3: not\\u000ayours" in text
    assert "#   → Toho\\u2029play\\u000dit" in text
    assert loads(text).checked


def test_every_text_reads_back_as_it_was() -> None:
    record = stored(opening())
    tricky = '  it\'s "quoted" \\ \\u000a # = , end: by=x \t\x00\x1b\u202e  '
    change_action(record, 4, card=tricky)
    change(record, 11, text=tricky)
    change(record, 12, key=tricky)
    parsed = loads(dumps(record, EXPORTED_AT))
    assert [line for _, line in parsed.lines] == [as_read("card-game", line) for line in record.log]


def test_a_version_2_line_may_not_hold_a_control_character_as_it_is() -> None:
    text = by_hand(dumps(opening(), EXPORTED_AT)).replace(
        "\nend:", f"\n{NOTE}'a bell \x07 rang'\nend:"
    )
    with pytest.raises(
        MatchFileError,
        match=r"^line 41, column 61: the character U\+0007 as it is \(a match file writes it "
        r"\\u0007\)",
    ):
        loads(text)


def test_a_backslash_in_a_version_1_entry_field_is_read_as_it_was_written() -> None:
    # Version 1 wrote an entry's fields without escapes: `\\u000a` there is six characters.
    parsed = loads((V1_FILES / "card_game_opening.touchline").read_bytes())
    assert _entry(parsed.lines[6][1]).action["card"] == r"Kojiro \\ Hyuga\u000a"
    # Its notes and details did escape line breaks and backslashes, as version 2 does.
    assert parsed.lines[13][1].text == "Toho kick off.\nBob asked for\\nothing special"


def _entry(line: object) -> Entry:
    assert isinstance(line, Entry)
    return line


@pytest.fixture
def app(sqlite_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(sqlite_url))
    yield application
    application.close()


def test_quotes_backslashes_and_hashes_survive_export_and_import(app: Touchline) -> None:
    alice = Author("alice", "2026-11-29T21:00:00+00:00", "phone 'one' \\ #1")
    match = app.create_match("card-game", SETUP, alice)
    app.record(match.id, parse_entry("card-game", OPENING[0]), alice, key="key = 'one' \\")
    for line in OPENING[1:4]:
        app.record(match.id, parse_entry("card-game", line), alice)
    name = 'Ken "SGGK" O\'Hara \\ #1 = best, \\u000a'
    card = {"kind": "play", "coach": "toho", "card": name, "shot": 0, "pass": 0, "defense": 0}
    app.record(match.id, card, alice, override="house rule: 'yes' \\ #2")
    app.annotate(match.id, 5, 'he said:\n\t"keep it" \\ # not a comment', alice)
    original = app.load_record(match.id)
    parsed = loads(dumps(original, EXPORTED_AT))
    imported = app.load_record(
        app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), alice).view.id
    )
    assert imported.log == original.log
