"""Issue 13: the match's events apply themselves (`Sealed.applied_by`) instead of through the
library's `@event` methods. Each is applied exactly as `@event` applied it: its method is given
every field the event stores but the library's own and the hash chain, and the event's topic
(the name it is stored under) is the one earlier releases stored."""

from __future__ import annotations

import dataclasses
import inspect

from domain.match import MatchRecord

LIBRARY = {"originator_id", "originator_version", "timestamp"}
CHAIN = {"previous", "digest"}

APPLIED = {
    "Imported": "_imported",
    "Branched": "_branched",
    "Abandoned": "_abandon",
    "Annotated": "_annotate",
    "EntryRecorded": "_record_entry",
    "EntryRetracted": "_retract",
    "Disputed": "_dispute",
    "Ruled": "_rule",
    "Corrected": "_correct",
    "Confirmed": "_confirm",
}


def test_each_event_names_the_method_that_applies_it() -> None:
    events = {
        name: value
        for name, value in vars(MatchRecord).items()
        if isinstance(value, type) and issubclass(value, MatchRecord.Sealed)
    }
    assert {name: event.applied_by for name, event in events.items()} == {
        "Sealed": None,
        **APPLIED,
    }


def test_each_method_takes_exactly_the_fields_its_event_stores() -> None:
    for name, method in APPLIED.items():
        event = getattr(MatchRecord, name)
        fields = {f.name for f in dataclasses.fields(event)} - LIBRARY - CHAIN
        params = set(inspect.signature(getattr(MatchRecord, method)).parameters) - {"self"}
        assert fields == params, name
        assert event.__qualname__ == f"MatchRecord.{name}"
        assert event.__module__ == "domain.match"
