"""domain.seal.verify on its own: the chain of a match's events recomputed from their fields,
without any store. Every event a match makes verifies; each kind of break is named at the
first event it reaches; events written before sealing began may only lead the record."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.match import Author, MatchRecord
from domain.notation import parse_action
from domain.registry import find_ruleset
from domain.seal import DIGEST, MISSING, PREVIOUS, StoredFacts, verify
from tests.opening import OPENING, SETUP

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "phone 1")


def made() -> tuple[MatchRecord, list[StoredFacts]]:
    """A match's events as verification reads them: each one's own fields, as stored."""
    rules = find_ruleset("card-game")
    match = MatchRecord.start("card-game", rules.setup_to_dict(rules.make_setup(SETUP)), ALICE)
    for line in OPENING[:5]:
        match.record(parse_action(rules.codec, line), ALICE)
    match.annotate(2, "late kick-off", ALICE)
    match.undo(ALICE)
    events = match.collect_events()
    facts = [
        StoredFacts(
            event.originator_version,
            type(event).__name__,
            _stored(vars(event)),
            sealed=True,
        )
        for event in events
    ]
    return match, facts


def _stored(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if k not in {"originator_id", "originator_version"}}


def test_every_event_a_match_makes_verifies() -> None:
    match, facts = made()
    report = verify(match.id, facts)
    assert report.intact and report.seal == match.seal
    assert (report.events, report.sealed, report.unsealed) == (8, 8, 0)


def test_a_changed_field_is_named_at_its_event() -> None:
    match, facts = made()
    fields = dict(facts[3].fields or {})
    fields["by"] = "bob"
    facts[3] = replace(facts[3], fields=fields)
    broken = verify(match.id, facts).broken
    assert broken is not None
    assert (broken.version, broken.kind, broken.check, broken.line) == (4, "entry", DIGEST, 3)


def test_a_missing_event_and_a_reordering_are_named() -> None:
    match, facts = made()
    missing = verify(match.id, facts[:4] + facts[5:]).broken
    assert missing is not None and (missing.version, missing.check) == (5, MISSING)
    assert missing.describe() == (
        "event 5: an event is missing: no event is stored at version 5 (the next is 6)"
    )
    swapped = [*facts[:2], replace(facts[3], version=3), replace(facts[2], version=4), *facts[4:]]
    broken = verify(match.id, swapped).broken
    assert broken is not None and (broken.version, broken.check) == (3, PREVIOUS)


def test_unsealed_events_may_only_lead_the_record() -> None:
    match, facts = made()
    old = [StoredFacts(n, "EntryRecorded", {"digest": None}, sealed=False) for n in (1, 2)]
    # Sealing began after two unsealed events: the first sealed one links to nothing.
    report = verify(match.id, old)
    assert report.intact and (report.sealed, report.unsealed, report.seal) == (0, 2, None)
    assert report.describe().startswith("no event is sealed: all 2 events")

    stripped = [*facts[:5], replace(facts[5], sealed=False), *facts[6:]]
    broken = verify(match.id, stripped).broken
    assert broken is not None and (broken.version, broken.check) == (6, DIGEST)
    assert broken.detail == "it carries no seal, yet the events before it do"


def test_an_unknown_or_unreadable_event_is_broken_not_raised() -> None:
    match, facts = made()
    unknown = [*facts[:2], replace(facts[2], event="Deleted"), *facts[3:]]
    broken = verify(match.id, unknown).broken
    assert broken is not None and (broken.version, broken.kind) == (3, "Deleted")
    unreadable = [*facts[:2], replace(facts[2], fields=None), *facts[3:]]
    broken = verify(match.id, unreadable).broken
    assert broken is not None and broken.detail == "its stored content cannot be read"
