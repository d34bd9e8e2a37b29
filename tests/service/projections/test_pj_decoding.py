"""The read side decodes stored events itself (`EventDecoder`, service/projections/
decoding.py): every event must come out as the library's mapper makes it, whether the
decoder reads the payload itself or hands it to the mapper. Checked for every event of the
store an earlier release wrote (older event versions, upcast by the mapper), for golden
matches of each game saved today on both stores (which the decoder must read itself), and
for payloads holding arbitrary values (any text, keys that spell the library's own
`_type_`, numbers orjson refuses)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from eventsourcing.persistence import StoredEvent
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from domain.match import Author, MatchRecord
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.projections.decoding import EventDecoder
from tests.service.projections.pj_driver import SETUP
from tests.service.test_golden_matches import CASES, golden_lines

RELEASE_2026_11 = Path(__file__).parent.parent.parent / "fixtures" / "release_2026_11"
SCORER = Author("scorer", "2026-11-30T21:00:00+00:00", "test")


def notifications(app: Touchline) -> Iterator[Any]:
    start = 1
    while notes := app.recorder.select_notifications(start, 300):
        yield from notes
        start = notes[-1].id + 1


def assert_decoded_alike(decoded: Any, expected: Any) -> None:
    assert type(decoded) is type(expected)
    # repr: a NaN is equal to no NaN, but prints as one.
    assert repr(vars(decoded)) == repr(vars(expected))
    assert list(vars(decoded)) == list(vars(expected))


def test_every_event_an_earlier_release_stored_decodes_as_the_mapper_decodes_it(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "touchline.sqlite3"
    shutil.copyfile(RELEASE_2026_11 / "touchline.sqlite3", copy)
    app = Touchline(settings_for_url(f"sqlite:///{copy}"))
    try:
        decode = EventDecoder(app.mapper)
        seen = 0
        for note in notifications(app):
            assert_decoded_alike(decode(note), app.mapper.to_domain_event(note))
            seen += 1
        assert seen > 100
    finally:
        app.close()


def test_every_event_saved_today_is_decoded_without_the_mapper(app: Touchline) -> None:
    """Golden matches of each game, with a dispute, a ruling, a confirmation and a note: all
    of today's payloads are read by the decoder itself, to what the mapper makes of them."""
    for ruleset, name, setup, *_ in CASES:
        match = MatchRecord.start(ruleset, setup, SCORER)
        for line in golden_lines(name):
            match.record(parse_entry(ruleset, line), SCORER)
        first = match.effective_entries()[0].number
        match.dispute(first, "the toss was not seen", SCORER)
        match.confirm(match.sides()[0], SCORER)
        match.annotate(first, "a remark", SCORER)
        match.undo(SCORER)
        app.save(match)
    app.create_league("A league", "card-game", SCORER)
    decode = EventDecoder(app.mapper)
    notes = list(notifications(app))
    expected = [app.mapper.to_domain_event(n) for n in notes]
    with patch.object(app.mapper, "to_domain_event", side_effect=AssertionError("mapper")):
        decoded = [decode(n) for n in notes]
    for found, made in zip(decoded, expected, strict=True):
        assert_decoded_alike(found, made)
    assert {type(e).__name__ for e in decoded} >= {"Created", "EntryRecorded", "Confirmed"}


# Keys of any text, and those the library's transcodings are written under.
KEYS = st.sampled_from(["_type_", "_data_"]) | st.text(max_size=8)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats()
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=8,
)
# What the library's own transcodings would read a `_type_` object as.
TRANSCODED = st.fixed_dictionaries(
    {"_type_": st.sampled_from(["datetime_iso", "uuid_hex", "decimal_str"]), "_data_": st.text()}
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(by=st.text(), action=JSON_VALUES | TRANSCODED, extra=JSON_VALUES)
def test_a_payload_of_any_values_decodes_as_the_mapper_decodes_it(
    sqlite_app: Touchline, by: str, action: Any, extra: Any
) -> None:
    match = MatchRecord.start("card-game", SETUP, SCORER)
    template = match.collect_events()[0]
    state = {**vars(template), "by": by, "setup": action, "league": extra}
    event = object.__new__(type(template))
    object.__setattr__(event, "__dict__", state)
    mapper = sqlite_app.mapper
    try:
        stored = mapper.to_stored_event(event)
    except (UnicodeEncodeError, ValueError, TypeError):
        assume(False)  # the library cannot store it either (a lone surrogate, a bare object)
    stored = StoredEvent(str(stored.originator_id), 1, stored.topic, stored.state)
    try:
        expected = mapper.to_domain_event(stored)
    except Exception as error:  # the mapper refuses it (a `_type_` it cannot read back)
        with pytest.raises(type(error)):
            EventDecoder(mapper)(stored)
        return
    assert_decoded_alike(EventDecoder(mapper)(stored), expected)


@pytest.fixture(scope="module")
def sqlite_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Touchline]:
    folder = tmp_path_factory.mktemp("decoding")
    application = Touchline(settings_for_url(f"sqlite:///{folder / 'store.sqlite3'}"))
    yield application
    application.close()
