"""A match file's lines and the ability checks that came after earlier releases wrote files:
CG-13.1 (a card out of play uses no ability) and CG-1.3 (at most two Optional Abilities a
card, the same two all match).

An import judges them as it judges a card's printed values (docs/card-list.md): on a line that
says the table overrode a rule, in full, so that the override keeps what it overrode; on a line
that does not, as its table recorded it. The file's format version does not decide: a file of
the current format also carries lines recorded before the checks (a match recorded by an
earlier release, exported now), which no override marks either.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from domain.log import Entry
from domain.match import Author
from schemas.match_import import import_match_file
from schemas.matchfile import PLAIN_VERSION, VERSION, dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import EntryRefused

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")
SETUP = {"home": {"team": "Nankatsu", "coach": "Alice"}, "away": {"team": "Toho", "coach": "Bob"}}
RYO = '"Ryo Ishizaki"'
LUCAS = '"Lucas Milton"'
# Each ends with the line that breaks the rule. Lucas Milton removes itself from the match,
# then gains: CG-13.1. Ryo Ishizaki gains, gains again, then books: a third ability, CG-1.3.
CASES = {
    "CG-13.1": [
        "toss toho",
        "kickoff toho",
        "draft nankatsu deck",
        "draft toho deck",
        f"play toho {LUCAS} 1 1 1",
        f"eliminate toho {LUCAS} {LUCAS}",
        f"gain toho {LUCAS} shot",
    ],
    "CG-1.3": [
        "toss nankatsu",
        "kickoff nankatsu",
        "draft toho deck",
        "draft nankatsu deck",
        f"play nankatsu {RYO} 1 1 1",
        f"gain nankatsu {RYO} shot",
        f"gain nankatsu {RYO} pass,defense",
        f"book nankatsu {RYO} toho -1 -1 -1",
    ],
}
EARLIER = list(range(1, VERSION))
REASON = "the table let it stand"


@pytest.fixture
def app(sqlite_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(sqlite_url))
    yield application
    application.close()


def written(version: int, lines: list[str], override: str | None = None) -> str:
    """A file as a person or an earlier release writes it, the last line overridden if
    `override`; from version 2 it ends with `end:` (a file written by hand, unchecked)."""
    header = [
        "# Touchline match file: one entry per numbered line; see docs/match-file.md",
        f"touchline-match: {version}",
        "ruleset: card-game",
        f"setup: {json.dumps(SETUP, sort_keys=True)}",
        "created: by=alice at=2026-11-29T21:00:00+00:00",
        "",
    ]
    entries = []
    for number, line in enumerate(lines, 1):
        details = f"by=alice at=2026-11-29T21:{number:02d}:00+00:00"
        if override is not None and number == len(lines):
            details += f" override='{override}'"
        entries.append(f"{number} {details} {line}")
    end = [] if version == 1 else ["end:"]
    return "\n".join([*header, *entries, *end]) + "\n"


def last_entry(app: Touchline, match_id: str) -> Entry:
    line = app.load_record(match_id).log[-1]
    assert isinstance(line, Entry)
    return line


@pytest.mark.parametrize("version", [*EARLIER, VERSION])
@pytest.mark.parametrize("rule", CASES)
def test_a_line_no_override_marks_imports_as_its_table_recorded_it(
    app: Touchline, rule: str, version: int
) -> None:
    lines = CASES[rule]
    imported = import_match_file(app, written(version, lines), ALICE)
    assert imported.version == version
    entry = last_entry(app, imported.view.id)
    assert entry.number == len(lines)
    assert (entry.override, entry.violations) == (None, ())


@pytest.mark.parametrize("version", [*EARLIER, VERSION])
@pytest.mark.parametrize("rule", CASES)
def test_a_line_the_table_overrode_is_judged_in_full_and_recorded_as_overridden(
    app: Touchline, rule: str, version: int
) -> None:
    imported = import_match_file(app, written(version, CASES[rule], REASON), ALICE)
    entry = last_entry(app, imported.view.id)
    assert entry.override == REASON
    assert [v.rule for v in entry.violations] == [rule]


@pytest.mark.parametrize("rule", CASES)
def test_the_table_records_the_entry_only_by_overriding_and_the_file_keeps_it(
    app: Touchline, rule: str
) -> None:
    *legal, breaking = CASES[rule]
    match = app.create_match("card-game", SETUP, ALICE)
    for line in legal:
        app.record(match.id, parse_entry("card-game", line), ALICE)
    with pytest.raises(EntryRefused) as refused:
        app.record(match.id, parse_entry("card-game", breaking), ALICE)
    assert [v.rule for v in refused.value.violations] == [rule]
    app.record(match.id, parse_entry("card-game", breaking), ALICE, override=REASON)

    text = dumps(app.load_record(match.id), "2026-11-29T22:00:00+00:00")
    # A match without glyphs or branches is written as the version earlier releases read.
    assert text.splitlines()[1] == f"touchline-match: {PLAIN_VERSION}"
    assert f"#   ! overridden {rule}: " in text
    imported = import_match_file(app, text, ALICE, verify=True)
    assert imported.checked
    assert app.load_record(imported.view.id).log == app.load_record(match.id).log
    parsed = loads(text)
    assert parsed.version == PLAIN_VERSION
