"""The sealed record verified from the stored rows (domain.seal, service.seal), on both stores:
an intact record gives its seal; a row edited, deleted, swapped or stripped of its seal directly
in the database is named as the first event that breaks the chain; a record written before
sealing began is reported unsealed, never broken."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from domain.match import Author
from domain.seal import DIGEST, MISSING, PREVIOUS, digest_of
from schemas.match_import import import_match_file
from service.app import Touchline
from service.config import settings_for_url
from service.errors import MatchNotFound
from tests.opening import OPENING, SETUP, record_text
from tests.tamper import StoredRows

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")
RELEASE_2026_11 = Path(__file__).parent.parent / "fixtures" / "release_2026_11"
V1_FULL_MATCH = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_full_match.touchline"
# The opening's tenth entry, `roll coach=toho value=5`: log line 10, the match's version 11.
ROLL_LINE, ROLL_VERSION = 10, 11


def opening(app: Touchline) -> str:
    match = app.create_match("card-game", SETUP, ALICE)
    for line in OPENING:
        record_text(app, match.id, line, ALICE)
    return match.id


def test_an_untouched_record_is_intact_with_its_seal(app: Touchline) -> None:
    match_id = opening(app)
    app.undo(match_id, ALICE)
    app.annotate(match_id, 1, "the toss was done twice", ALICE)
    report = app.verify_match(match_id[:8])
    record = app.load_record(match_id)
    assert report.intact and report.broken is None
    assert report.seal == record.seal and report.seal is not None
    assert (report.events, report.sealed, report.unsealed) == (record.version, record.version, 0)
    assert report.describe().startswith(f"record intact: 14 events sealed, seal {record.seal}")


def test_disputes_rulings_corrections_confirmations_and_imports_verify(app: Touchline) -> None:
    match_id = opening(app)
    app.dispute(match_id, 10, "the die showed a 4", ALICE)
    app.rule(match_id, 12, "stands", ["CG-5.4"], "the roll stands", ALICE)
    app.correct(match_id, 11, {"kind": "roll", "coach": "nankatsu", "value": 3}, "misread", ALICE)
    assert app.verify_match(match_id).intact
    imported = import_match_file(app, V1_FULL_MATCH.read_bytes(), ALICE).view.id
    report = app.verify_match(imported)
    assert report.intact and report.sealed == app.load_record(imported).version == 158


def test_a_die_changed_in_a_stored_row_is_named(app: Touchline) -> None:
    match_id = opening(app)
    rows = StoredRows(app, match_id)
    action = rows.fields(ROLL_VERSION)["action"]
    assert (action["kind"], action["coach"], action["value"]) == ("roll", "toho", 5)
    rows.replace(ROLL_VERSION, b'"toho","value":5,', b'"toho","value":6,')
    assert app.get_match(match_id).log[ROLL_LINE - 1].action["value"] == 6  # loads as stored

    report = app.verify_match(match_id)
    assert not report.intact and report.seal is None
    broken = report.broken
    assert broken is not None
    assert (broken.version, broken.kind, broken.check, broken.line) == (
        ROLL_VERSION,
        "entry",
        DIGEST,
        ROLL_LINE,
    )
    assert report.sealed == ROLL_VERSION - 1
    assert report.describe().startswith(
        f"record broken at event {ROLL_VERSION} (entry, log line {ROLL_LINE}): its digest does "
        "not match its content"
    )


def test_an_edit_whose_digest_was_worked_out_again_breaks_the_next_link(app: Touchline) -> None:
    """Someone who recomputes the edited event's digest still breaks the event after it."""
    match_id = opening(app)
    rows = StoredRows(app, match_id)
    fields = rows.fields(ROLL_VERSION)
    fields["action"]["value"] = 6
    unsealed = {k: v for k, v in fields.items() if k != "class_version"}
    fields["digest"] = digest_of("EntryRecorded", match_id, ROLL_VERSION, unsealed)
    rows.set_fields(ROLL_VERSION, fields)
    broken = app.verify_match(match_id).broken
    assert broken is not None
    assert (broken.version, broken.check, broken.line) == (
        ROLL_VERSION + 1,
        PREVIOUS,
        ROLL_LINE + 1,
    )


def test_a_deleted_row_is_named_as_missing(app: Touchline) -> None:
    match_id = opening(app)
    StoredRows(app, match_id).delete(5)
    report = app.verify_match(match_id)
    assert report.broken is not None
    assert (report.broken.version, report.broken.kind, report.broken.check) == (5, None, MISSING)
    assert "event 5: an event is missing: no event is stored at version 5" in report.describe()


def test_two_swapped_rows_are_named_at_the_first(app: Touchline) -> None:
    match_id = opening(app)
    StoredRows(app, match_id).swap(6, 7)
    broken = app.verify_match(match_id).broken
    assert broken is not None
    assert (broken.version, broken.kind, broken.line) == (6, "entry", 5)
    assert broken.check in {PREVIOUS, DIGEST}


def test_a_seal_stripped_from_a_row_is_named(app: Touchline) -> None:
    """An event stored by a sealing release without its digest is not taken as unsealed."""
    match_id = opening(app)
    rows = StoredRows(app, match_id)
    fields = rows.fields(4)
    fields["digest"] = None
    rows.set_fields(4, fields)
    broken = app.verify_match(match_id).broken
    assert broken is not None and (broken.version, broken.check) == (4, DIGEST)
    assert broken.detail == "it carries no digest"


def test_unreadable_bytes_are_named_not_raised(app: Touchline) -> None:
    match_id = opening(app)
    StoredRows(app, match_id).set_state(3, b"\xff{not json")
    broken = app.verify_match(match_id).broken
    assert broken is not None and (broken.version, broken.check) == (3, DIGEST)
    assert "cannot be read" in broken.detail


def test_an_unknown_match_is_not_found(app: Touchline) -> None:
    with pytest.raises(MatchNotFound):
        app.verify_match("00000000-0000-0000-0000-000000000000")


@pytest.fixture
def release_app(tmp_path: Path) -> Touchline:
    copy = tmp_path / "touchline.sqlite3"
    shutil.copyfile(RELEASE_2026_11 / "touchline.sqlite3", copy)
    return Touchline(settings_for_url(f"sqlite:///{copy}"))


def test_matches_written_before_sealing_are_unsealed_never_broken(release_app: Touchline) -> None:
    matches = json.loads((RELEASE_2026_11 / "expected" / "matches.json").read_text())
    for name, match in matches.items():
        report = release_app.verify_match(match["id"])
        assert report.intact, name
        assert (report.sealed, report.unsealed, report.seal) == (0, match["version"], None)
        assert report.describe().startswith("no event is sealed"), name
    release_app.close()


def test_a_match_written_on_after_sealing_began_is_unsealed_before_it(
    release_app: Touchline,
) -> None:
    matches = json.loads((RELEASE_2026_11 / "expected" / "matches.json").read_text())
    match = matches["tcg-in-progress"]
    release_app.annotate(match["id"], 0, "carried on after the upgrade", ALICE)
    release_app.annotate(match["id"], 0, "and once more", ALICE)
    report = release_app.verify_match(match["id"])
    assert report.intact and (report.sealed, report.unsealed) == (2, match["version"])
    assert report.seal == release_app.load_record(match["id"]).seal
    assert f"events 1-{match['version']} were written by an earlier release" in report.describe()

    rows = StoredRows(release_app, match["id"])
    rows.replace(match["version"] + 1, b"carried on", b"carried ON")
    broken = release_app.verify_match(match["id"]).broken
    assert broken is not None and (broken.version, broken.check) == (match["version"] + 1, DIGEST)
    release_app.close()


def test_an_import_stored_before_chains_loads_and_verifies(app: Touchline) -> None:
    """An `Imported` event as the release before format 3 stored it (class version 1, no
    chain, no claimed seal, its digest over those fields) loads with neither and verifies:
    the digest covers the fields as stored, not as upcast."""
    opening_file = V1_FULL_MATCH.with_name("card_game_opening.touchline")
    match_id = import_match_file(app, opening_file.read_bytes(), ALICE).view.id
    assert not list(app.snapshots.get(app.resolve(match_id)))  # type: ignore[union-attr]
    rows = StoredRows(app, match_id)
    fields = rows.fields(2)
    assert fields["class_version"] == 2 and fields["chain"] is None
    for name in ("chain", "chain_break", "seal", "class_version"):
        del fields[name]
    fields["digest"] = digest_of("Imported", match_id, 2, fields)
    rows.set_fields(2, fields)
    # Every later event was written after that one: its link and digest follow from it.
    previous = fields["digest"]
    for version in range(3, app.load_record(match_id).version + 1):
        later = rows.fields(version)
        later["previous"] = previous
        unsealed = {k: v for k, v in later.items() if k != "class_version"}
        later["digest"] = previous = digest_of(rows.event(version), match_id, version, unsealed)
        rows.set_fields(version, later)

    provenance = app.load_record(match_id).provenance
    assert provenance is not None and provenance.file.format_version == 1
    assert (provenance.file.chain, provenance.file.chain_break, provenance.file.seal) == (
        None,
        None,
        None,
    )
    assert app.verify_match(match_id).intact
