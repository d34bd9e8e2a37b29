"""A match file keeps the physical die each table roll was made with (format version 4:
`die=` on the entry), so that an exported match imported elsewhere is judged die by die as it
was at home; a `die=` where no die was rolled, or a name the app would not record, is refused
by its line, storing nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.log import Entry
from domain.match import Author, checked_die_label
from domain.text import BadText
from schemas.match_import import import_match_file
from schemas.matchfile import dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.errors import BadInput
from tests.opening import OPENING, SETUP, record_text
from tests.schemas.files import EXPORTED_AT

ALICE = Author("alice", "2026-11-29T21:00:00+00:00")


@pytest.fixture
def app(sqlite_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(sqlite_url))
    yield application
    application.close()


def played(app: Touchline, dice: dict[str, str]) -> str:
    """The shared opening, each roll whose line starts with a key of `dice` made with the die
    named there."""
    match_id = app.create_match("card-game", SETUP, ALICE).id
    for line in OPENING:
        named = [name for start, name in dice.items() if line.startswith(start)]
        record_text(app, match_id, line, ALICE, die_label=named[0] if named else None)
    return match_id


def edited(text: str, old: str, new: str) -> str:
    """The file with `old` changed to `new`, its end line made `end:` alone, as a person who
    edits a file on purpose does (it then imports as unchecked)."""
    assert old in text
    changed = text.replace(old, new)
    return (
        "\n".join("end:" if line.startswith("end:") else line for line in changed.splitlines())
        + "\n"
    )


def die_names(app: Touchline, match_id: str) -> list[str | None]:
    return [line.die_label for line in app.load_record(match_id).log if isinstance(line, Entry)]


def test_an_exported_match_keeps_each_rolls_die_and_imports_with_them(app: Touchline) -> None:
    match_id = played(app, {"roll coach=toho": "red d6", "roll coach=nankatsu": "Bob's 'lucky' 🎲"})
    text = dumps(app.load_record(match_id), EXPORTED_AT)
    assert text.splitlines()[1] == "touchline-match: 4"
    rolls = [line for line in text.splitlines() if " roll " in line]
    assert len(rolls) == 2 and all(" die=" in line for line in rolls)
    assert sum(" die=" in line for line in text.splitlines()) == 2  # the rolls only
    imported = import_match_file(app, text, ALICE, verify=True)
    assert imported.checked
    assert die_names(app, imported.view.id) == die_names(app, match_id)
    assert die_names(app, imported.view.id)[-2:] == ["red d6", "Bob's 'lucky' 🎲"]


def test_a_die_named_on_a_line_that_rolled_none_is_refused_by_its_line(app: Touchline) -> None:
    match_id = played(app, {})
    app.undo(match_id, ALICE)
    text = dumps(app.load_record(match_id), EXPORTED_AT)
    undo = next(line for line in text.splitlines() if " undo " in line)
    changed = edited(text, undo, undo.replace(" undo ", " die=red undo "))
    number = text.splitlines().index(undo) + 1
    before = len(app.list_matches())
    with pytest.raises(BadInput, match=rf"line {number}: die= names the die of an entry"):
        import_match_file(app, changed, ALICE)
    assert len(app.list_matches()) == before


def test_a_die_name_the_app_would_not_record_is_refused_and_nothing_stored(
    app: Touchline,
) -> None:
    match_id = played(app, {"roll coach=toho": "red d6"})
    text = dumps(app.load_record(match_id), EXPORTED_AT)
    written = re.search(r"die=('[^']*'|\"[^\"]*\"|\S+)", text)
    assert written is not None
    too_long = edited(text, written.group(0), "die=" + "x" * 41)
    before = len(app.list_matches())
    with pytest.raises(BadInput, match="die's label holds at most 40 characters"):
        import_match_file(app, too_long, ALICE)
    assert len(app.list_matches()) == before


def acceptable(name: str) -> bool:
    try:
        return checked_die_label(name) == name
    except BadText:
        return False


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=40).filter(acceptable))
def test_any_die_name_round_trips_through_the_file(app: Touchline, name: str) -> None:
    match_id = played(app, {"roll coach=toho": name})
    text = dumps(app.load_record(match_id), EXPORTED_AT)
    read = loads(text)
    assert [line.die_label for _, line in read.lines if isinstance(line, Entry)][-2] == name


def test_a_corrected_roll_keeps_its_die_in_the_file_and_imports_with_it(app: Touchline) -> None:
    match_id = played(app, {"roll coach=toho": "red d6"})
    app.correct(match_id, 10, {"kind": "roll", "coach": "toho", "value": 1}, "misread", ALICE)
    text = dumps(app.load_record(match_id), EXPORTED_AT)
    (line,) = [line for line in text.splitlines() if " correct 10 " in line]
    assert " die='red d6' " in line
    imported = import_match_file(app, text, ALICE, verify=True)
    assert imported.checked
    assert die_names(app, imported.view.id) == die_names(app, match_id)
    assert die_names(app, imported.view.id)[-1] == "red d6"
    # A correction naming none is read as naming none, not as the replaced entry's die.
    unnamed = edited(text, " die='red d6' correct 10", " correct 10")
    again = import_match_file(app, unnamed, ALICE)
    assert die_names(app, again.view.id)[-1] is None


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=40).filter(acceptable))
def test_any_die_name_a_correction_gives_round_trips_through_the_file(
    app: Touchline, name: str
) -> None:
    match_id = played(app, {})
    app.correct(
        match_id,
        10,
        {"kind": "roll", "coach": "toho", "value": 1},
        "misread",
        ALICE,
        die_label=name,
    )
    text = dumps(app.load_record(match_id), EXPORTED_AT)
    read = loads(text)
    assert [line.die_label for _, line in read.lines if isinstance(line, Entry)][-1] == (
        checked_die_label(name)
    )
