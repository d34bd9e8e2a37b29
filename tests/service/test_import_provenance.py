"""An imported match records where it came from (one `Imported` event, right after its
creation, in the same save), and a league counts a match once: the same file, or the same
claimed match however edited, imported into it again stores nothing, however close the two
imports come. On both stores."""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.match import Author, MatchRecord
from domain.provenance import ClaimedImport
from schemas.match_import import import_match_file
from schemas.matchfile import dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import AlreadyImported, BadInput
from tests.opening import OPENING, SETUP
from tests.schemas.files import by_hand

V1_FILES = Path(__file__).parent.parent / "schemas" / "v1"
FULL_MATCH = V1_FILES / "card_game_full_match.touchline"
FULL_MATCH_SOURCE = "b2765ff5-2946-44e6-844e-969ad1c2d01f"
CAROL = Author("carol", "2026-11-30T10:00:00+00:00", "cli@club", "link-7")
DAVE = Author("dave", "2026-11-30T11:00:00+00:00", "api")


def cup(app: Touchline, name: str = "Cup") -> None:
    app.create_league(name, "card-game", Author("olga", "2026-11-30T09:00:00+00:00"))


def alice_row(app: Touchline, league: str = "Cup") -> tuple[int, int, int]:
    row = next(row for row in app.standings(league) if row.competitor == "Alice")
    return row.played, row.won, row.points


def test_the_import_is_recorded_right_after_the_creation(app: Touchline) -> None:
    data = FULL_MATCH.read_bytes()
    imported = import_match_file(app, data, CAROL)
    events = app.recorder.select_events(app.resolve(imported.view.id), limit=3)
    topics = [event.topic.rpartition(".")[2] for event in events]
    assert topics == ["Created", "Imported", "EntryRecorded"]

    provenance = app.load_record(imported.view.id).provenance
    assert provenance is not None
    assert provenance.importer == CAROL
    assert provenance.lines == 156 and provenance.claims(156) and not provenance.claims(157)
    file = provenance.file
    assert (file.sha256, file.format_version, file.checked) == (
        hashlib.sha256(data).hexdigest(),
        1,
        False,
    )
    assert (file.source, file.exported) == (FULL_MATCH_SOURCE, "2026-11-29T21:16:39+00:00")
    assert (file.created_by, file.created_at) == ("alice", "2026-11-29T21:00:00+00:00")
    assert file.imported_from is None and file.earlier_import is None
    assert imported.view.imported == provenance


def test_a_long_import_loads_its_provenance_from_a_snapshot(app: Touchline) -> None:
    match_id = import_match_file(app, FULL_MATCH.read_bytes(), CAROL).view.id
    assert app.snapshots is not None
    taken = list(app.snapshots.get(app.resolve(match_id)))
    # One save of 158 events passes three snapshot points: one snapshot, as the save ends.
    assert [snapshot.originator_version for snapshot in taken] == [158]
    app._forget_matches()
    record = app.load_record(match_id)
    assert record.version == 158  # the creation, the import, 156 lines
    assert record.provenance is not None and record.provenance.importer == CAROL


def test_an_imported_match_scored_on_answers_the_version_each_write_made(app: Touchline) -> None:
    match = app.create_match("card-game", SETUP, CAROL)
    for line in OPENING[:4]:
        app.record(match.id, parse_entry("card-game", line), CAROL)
    text = dumps(app.load_record(match.id), "2026-11-30T12:00:00+00:00")
    copy = import_match_file(app, text, DAVE).view
    assert copy.version == 6  # the creation, the import, four entries
    written = app.record(copy.id, parse_entry("card-game", OPENING[4]), DAVE, key="k5")
    assert written.version == app.get_match(copy.id).version == 7
    again = app.record(copy.id, parse_entry("card-game", OPENING[4]), DAVE, key="k5")
    assert again.repeat and again.version == 7
    view = app.get_match(copy.id)
    assert [view.claimed(line) for line in view.log] == [True] * 4 + [False]


def test_the_same_file_into_the_same_league_counts_once(app: Touchline) -> None:
    cup(app)
    data = FULL_MATCH.read_bytes()
    first = import_match_file(app, data, CAROL, league="Cup").view
    for league in ("Cup", " cup "):
        with pytest.raises(AlreadyImported) as refused:
            import_match_file(app, data, DAVE, league=league)
        assert refused.value.match_id == first.id
        assert "the same file was already imported into league 'Cup'" in str(refused.value)
    assert alice_row(app) == (1, 1, 3)
    assert [summary.id for summary in app.list_matches()] == [first.id]


def test_the_same_match_edited_into_the_same_league_counts_once(app: Touchline) -> None:
    cup(app)
    first = import_match_file(app, FULL_MATCH.read_bytes(), CAROL, league="Cup").view
    # Another file (a name changed, the source written in capitals): the same claimed match.
    edited = FULL_MATCH.read_text("utf-8").replace("by=alice", "by=bob")
    edited = edited.replace(FULL_MATCH_SOURCE, FULL_MATCH_SOURCE.upper())
    with pytest.raises(AlreadyImported, match="the same match was already imported") as refused:
        import_match_file(app, edited, DAVE, league="Cup")
    assert refused.value.match_id == first.id
    assert alice_row(app) == (1, 1, 3)


def test_a_file_from_a_match_the_league_counts_here_is_refused(app: Touchline) -> None:
    cup(app)
    match = app.create_match("card-game", SETUP, CAROL, league="Cup")
    text = dumps(app.load_record(match.id), "2026-11-30T12:00:00+00:00")
    with pytest.raises(AlreadyImported, match="exported from match") as refused:
        import_match_file(app, text, DAVE)  # into the file's league, Cup
    assert refused.value.match_id == match.id
    assert len(app.list_matches()) == 1


def test_a_copy_in_no_league_or_another_is_stored_and_names_the_earlier_ones(
    app: Touchline,
) -> None:
    cup(app)
    cup(app, "Plate")
    data = FULL_MATCH.read_bytes()
    first = import_match_file(app, data, CAROL, league="Cup")
    assert first.same == ()
    copy = import_match_file(app, data, DAVE, no_league=True)
    assert copy.view.id != first.view.id
    assert [(s.match_id, s.league, s.imported) for s in copy.same] == [(first.view.id, "Cup", True)]
    assert copy.notices[-1] == f"imported before as match {first.view.id} (counts in league 'Cup')"
    plate = import_match_file(app, data, DAVE, league="Plate")
    assert {s.match_id for s in plate.same} == {first.view.id, copy.view.id}
    assert alice_row(app) == alice_row(app, "Plate") == (1, 1, 3)


def test_an_exported_import_keeps_its_source_chain(app: Touchline, tmp_path: Path) -> None:
    first = import_match_file(app, FULL_MATCH.read_bytes(), CAROL).view
    exported = dumps(app.load_record(first.id), "2026-11-30T12:00:00+00:00")
    assert f"source: {first.id}\n" in exported
    assert f"imported-from: {FULL_MATCH_SOURCE}\n" in exported
    sha = hashlib.sha256(FULL_MATCH.read_bytes()).hexdigest()
    assert f"imported: by=carol at=2026-11-30T10:00:00+00:00 sha256={sha}\n" in exported

    elsewhere = Touchline(settings_for_url(f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"))
    try:
        cup(elsewhere)
        second = import_match_file(elsewhere, exported, DAVE, league="Cup").view
        assert second.imported is not None
        file = second.imported.file
        assert (file.source, file.imported_from, file.origin) == (
            first.id,
            FULL_MATCH_SOURCE,
            FULL_MATCH_SOURCE,
        )
        assert file.earlier_import == ClaimedImport("carol", "2026-11-30T10:00:00+00:00", sha)
        assert file.checked
        # The original file is the same match: its origin is the one the copy claims.
        with pytest.raises(AlreadyImported, match="the same match") as refused:
            import_match_file(elsewhere, FULL_MATCH.read_bytes(), DAVE, league="Cup")
        assert refused.value.match_id == second.id
        # Exported again, the file names this store's match and still the first origin.
        again = loads(dumps(elsewhere.load_record(second.id), "2026-11-30T13:00:00+00:00"))
        assert (again.source, again.imported_from) == (second.id, FULL_MATCH_SOURCE)
        assert again.earlier_import == ClaimedImport("dave", DAVE.at, file.sha256)
    finally:
        elsewhere.close()


@pytest.mark.parametrize(
    ("header", "problem"),
    [
        (
            "source: 'b2765ff5\\u0009x'",
            "header: the file's source holds the control character U+0009",
        ),
        ("imported: by=x at=2026-11-30T10:00:00+00:00 sha256=beef", "not 64 lower-case"),
        ("imported: by=x sha256=" + "0" * 64, "at: Missing data"),
        ("imported: by=x at=2026-11-30T10:00:00+00:00 sha256=" + "0" * 64 + " key=k", "write"),
        ("imported-from: ''", "imported-from: Shorter than minimum length 1"),
        ("exported: yesterday", "'yesterday' is not an ISO 8601 date and time"),
    ],
)
def test_claims_are_checked_at_the_door(app: Touchline, header: str, problem: str) -> None:
    match = app.create_match("card-game", SETUP, CAROL)
    app.record(match.id, parse_entry("card-game", OPENING[0]), CAROL)
    text = by_hand(dumps(app.load_record(match.id), "2026-11-30T12:00:00+00:00"))
    lines = [line for line in text.splitlines() if not line.startswith(("source:", "exported:"))]
    lines.insert(2, header)
    with pytest.raises(BadInput, match=re.escape(problem)) as refused:
        import_match_file(app, "\n".join(lines) + "\n", DAVE, no_league=True)
    assert "nothing was imported" in str(refused.value)
    assert len(app.list_matches()) == 1


@pytest.fixture
def two_importers(store_url: str) -> Iterator[tuple[Touchline, Touchline]]:
    first = Touchline(settings_for_url(store_url))
    second = Touchline(settings_for_url(store_url))
    yield first, second
    first.close()
    second.close()


def test_two_imports_of_one_file_at_once_count_once(
    two_importers: tuple[Touchline, Touchline],
) -> None:
    first, second = two_importers
    cup(first)
    data = FULL_MATCH.read_bytes()
    # Both have checked that the league does not count the match yet; then both save.
    barrier = threading.Barrier(2, timeout=30)
    answers: list[Any] = []

    def importer(app: Touchline, author: Author) -> None:
        save = app.save

        def save_together(*aggregates: Any, **options: Any) -> Any:
            if any(isinstance(a, MatchRecord) for a in aggregates):
                barrier.wait()
            return save(*aggregates, **options)

        app.save = save_together  # type: ignore[method-assign]
        try:
            answers.append(import_match_file(app, data, author, league="Cup"))
        except AlreadyImported as error:
            answers.append(error)

    threads = [
        threading.Thread(target=importer, args=(first, CAROL)),
        threading.Thread(target=importer, args=(second, DAVE)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = [a for a in answers if not isinstance(a, AlreadyImported)]
    refused = [a for a in answers if isinstance(a, AlreadyImported)]
    assert len(stored) == 1 and len(refused) == 1, answers
    assert refused[0].match_id == stored[0].view.id
    assert [summary.id for summary in first.list_matches()] == [stored[0].view.id]
    assert alice_row(first) == (1, 1, 3)
