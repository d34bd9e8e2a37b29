"""The match file: export → import gives the same match; a broken file names its line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.match import Author
from schemas.matchfile import MatchFileError, dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import BadInput
from tests.opening import OPENING, SETUP
from tests.schemas.files import by_hand, entry_lines

# CG-1.3: a Nankatsu card in Toho's hands; a table may still agree to let it stand.
YUZO_FOR_TOHO = 'play coach=toho card="Yuzo Morisaki" shot=0 pass=0 defense=3'
ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")


@pytest.fixture
def app(sqlite_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(sqlite_url))
    yield application
    application.close()


def recorded(app: Touchline, lines: list[str], undo_last: bool = False) -> str:
    match = app.create_match("card-game", SETUP, ALICE)
    for line in lines:
        app.record(match.id, parse_entry("card-game", line), ALICE)
    if undo_last:
        app.undo(match.id, ALICE)
    return match.id


def exported(app: Touchline, lines: list[str], undo_last: bool = False) -> str:
    match_id = recorded(app, lines, undo_last)
    return dumps(app.load_record(match_id), "2026-11-29T22:00:00+00:00")


def body(text: str) -> list[str]:
    """The entry lines without their chain values, which follow from the header too."""
    return entry_lines(text)


def test_export_then_import_reproduces_every_entry(app: Touchline) -> None:
    original = app.load_record(recorded(app, OPENING, undo_last=True))
    text = dumps(original, "2026-11-29T22:00:00+00:00")
    parsed = loads(text)
    view = app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE).view
    imported = app.load_record(view.id)
    assert imported.log == original.log
    assert imported.setup == original.setup
    assert body(dumps(imported, "2026-11-29T22:00:00+00:00")) == body(text)


def test_the_export_reads_like_a_match_report(app: Touchline) -> None:
    text = exported(app, OPENING)
    assert "touchline-match: 4" in text
    assert "title: 'Nankatsu (Alice) vs Toho (Bob)'" in text
    assert text.splitlines()[-1].startswith("end: entries=11 sha256=")
    assert any(line.startswith("#   →") and "GOAL" in line.upper() for line in text.splitlines())


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda t: t.replace("touchline-match: 4\n", ""), "not a Touchline match file"),
        (lambda t: t.replace("touchline-match: 4", "touchline-match: 9"), "format version 9"),
        (lambda t: t.replace("\n3 by=", "\n4 by="), "entry 4 where entry 3 was due"),
        (
            lambda t: t.replace(
                "\n1 by=alice at=2026-11-29T21:00:00+00:00", "\n1 by=alice at=yesterday"
            ),
            "ISO 8601",
        ),
        (lambda t: t.replace(" kickoff coach=toho", " kick coach=toho"), "unknown entry kind"),
        (lambda t: t.replace("setup: {", "setup: {{"), "not valid JSON"),
        (lambda t: t.replace("ruleset: card-game", "ruleset: chess"), "unknown ruleset"),
    ],
)
def test_an_unreadable_file_names_the_problem(app: Touchline, change, reason) -> None:  # type: ignore[no-untyped-def]
    text = change(by_hand(exported(app, OPENING)))
    with pytest.raises(MatchFileError, match=reason):
        loads(text)


def test_an_illegal_entry_stops_the_import_and_nothing_is_stored(app: Touchline) -> None:
    text = by_hand(exported(app, OPENING)).replace(
        "roll coach=toho value=5", "roll coach=toho value=0"
    )
    before = len(app.list_matches())
    parsed = loads(text)
    bad_line = next(n for n, line in enumerate(text.splitlines(), 1) if "value=0" in line)
    with pytest.raises(BadInput, match=f"line {bad_line}: CG-5.4"):
        app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE)
    assert len(app.list_matches()) == before


def test_an_undo_must_retract_the_latest_entry_in_force(app: Touchline) -> None:
    text = by_hand(exported(app, OPENING[:3], undo_last=True)).replace("undo 3", "undo 2")
    parsed = loads(text)
    with pytest.raises(BadInput, match="does not retract the latest entry"):
        app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE)


def test_an_overridden_entry_imports_with_its_reason(app: Touchline) -> None:
    match = app.create_match("card-game", SETUP, ALICE)
    for line in OPENING[:4]:
        app.record(match.id, parse_entry("card-game", line), ALICE)
    app.record(match.id, parse_entry("card-game", YUZO_FOR_TOHO), ALICE, override="house rule")
    text = dumps(app.load_record(match.id), "2026-11-29T22:00:00+00:00")
    assert "#   ! overridden" in text
    parsed = loads(text)
    view = app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE).view
    assert view.log[-1].override == "house rule"
    stripped = loads(by_hand(text).replace(" override='house rule'", ""))
    with pytest.raises(BadInput, match="line"):
        app.import_log(stripped.ruleset, stripped.setup, stripped.lines, stripped.facts(), ALICE)


def test_annotations_survive_export_and_import_with_their_line_breaks(app: Touchline) -> None:
    match_id = recorded(app, OPENING[:2])
    app.annotate(match_id, 2, "Toho kick off.\nBob asked for\\nothing special", ALICE)
    app.annotate(match_id, 0, "Table 3, 'home' side by the window", ALICE)
    original = app.load_record(match_id)
    text = dumps(original, "2026-11-29T22:00:00+00:00")
    assert "3 by=alice at=2026-11-29T21:00:00+00:00 device=test note 2 text=" in text
    assert len(body(text)) == 4  # the line break did not split the line
    parsed = loads(text)
    imported = app.load_record(
        app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE).view.id
    )
    assert imported.log == original.log


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("3 by=alice at=2026-11-29T21:00:00+00:00 note two text=x", "note N text=WHAT"),
        ("3 by=alice at=2026-11-29T21:00:00+00:00 note 2 x", "note N text=WHAT"),
        ("3 by=alice at=2026-11-29T21:00:00+00:00 note 9 text=x", "line .*: there is no entry 9"),
        ("3 by=alice at=2026-11-29T21:00:00+00:00 note 2 text=' '", "line .*: .*needs some text"),
    ],
)
def test_a_bad_annotation_line_stops_the_import(app: Touchline, line: str, reason: str) -> None:
    body, end = by_hand(exported(app, OPENING[:2])).rsplit("end:", 1)
    text = f"{body}{line}\nend:{end}"
    with pytest.raises((MatchFileError, BadInput), match=reason):
        parsed = loads(text)
        app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE)
    assert len(app.list_matches()) == 1
