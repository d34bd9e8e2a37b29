"""Matches kept in memory between writes (service/game_cache.py): a kept match is always one
the store holds, whatever a write does, and every process sees every other's entries."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import IntegrityError, OperationalError

from domain.log import to_data
from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import DatabaseUnavailable, EntryRefused, StaleMatch
from tests.opening import OPENING, SETUP


def opened(app: Touchline, author: Author, upto: int = len(OPENING)) -> str:
    match_id = app.create_match("card-game", SETUP, author).id
    for line in OPENING[:upto]:
        app.record(match_id, parse_entry("card-game", line), author)
    return match_id


def as_stored(store_url: str, match_id: str) -> tuple[int, list[Any], Any]:
    """The match as a new process reads it from the store, its game folded afresh."""
    fresh = Touchline(settings_for_url(store_url))
    try:
        match = fresh.load_record(match_id)
        return match.version, [to_data(line) for line in match.log], match.state_at(None)
    finally:
        fresh.close()


def as_kept(app: Touchline, match_id: str) -> tuple[int, list[Any], Any]:
    match = app.load_record(match_id)
    return match.version, [to_data(line) for line in match.log], match.game


@pytest.fixture
def other(store_url: str) -> Iterator[Touchline]:
    """A second process on the same store, with matches kept of its own."""
    second = Touchline(settings_for_url(store_url))
    yield second
    second.close()


def test_an_entry_the_rules_refuse_leaves_the_kept_match_as_stored(
    app: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice, upto=9)
    before = as_kept(app, match_id)
    with pytest.raises(EntryRefused):
        app.record(match_id, parse_entry("card-game", "kickoff coach=toho"), alice)
    assert as_kept(app, match_id) == before == as_stored(store_url, match_id)


@pytest.mark.parametrize(
    ("failure", "refusal"),
    [(IntegrityError, StaleMatch), (OperationalError, DatabaseUnavailable)],
)
def test_a_write_whose_save_fails_leaves_the_kept_match_as_stored(
    app: Touchline,
    store_url: str,
    alice: Author,
    monkeypatch: pytest.MonkeyPatch,
    failure: type[Exception],
    refusal: type[Exception],
) -> None:
    match_id = opened(app, alice, upto=9)
    before = as_kept(app, match_id)
    reader = app.load_record(match_id)  # a page being drawn from the kept match meanwhile

    def failing(*_: Any, **__: Any) -> None:
        raise failure("the save failed")

    monkeypatch.setattr(app, "save", failing)
    with pytest.raises(refusal):
        app.record(match_id, parse_entry("card-game", OPENING[9]), alice)
    assert as_kept(app, match_id) == before == as_stored(store_url, match_id)
    assert len(reader.log) == 9 and reader.version == before[0]

    monkeypatch.undo()
    written = app.record(match_id, parse_entry("card-game", OPENING[9]), alice)
    assert written.version == before[0] + 1
    assert as_kept(app, match_id) == as_stored(store_url, match_id)


def test_a_write_that_loses_a_race_is_stored_after_the_winner_s_and_kept_as_stored(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice, upto=9)
    other.load_record(match_id)  # kept there at version 10
    app.record(match_id, parse_entry("card-game", "roll coach=toho value=5"), alice)

    # The other process writes from its kept copy, a version behind: its save of version 11
    # fails, and it writes again after the winner's entry.
    saves = _counting_saves(other)
    written = other.record(match_id, parse_entry("card-game", "roll coach=nankatsu value=2"), alice)
    assert saves == [IntegrityError, None]
    assert written.version == 12
    assert as_kept(other, match_id) == as_stored(store_url, match_id) == as_kept(app, match_id)
    assert [line.action["coach"] for line in other.get_match(match_id).log[-2:]] == [
        "toho",
        "nankatsu",
    ]


def _counting_saves(app: Touchline) -> list[type[Exception] | None]:
    """What each save of `app` ended with from here on: None, or the error it raised."""
    outcomes: list[type[Exception] | None] = []
    save = app.save

    def counted(*args: Any, **kwargs: Any) -> Any:
        try:
            saved = save(*args, **kwargs)
        except Exception as error:
            outcomes.append(type(error))
            raise
        outcomes.append(None)
        return saved

    app.save = counted  # type: ignore[method-assign]
    return outcomes


def test_two_processes_writing_in_turn_each_see_the_other_s_entries(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    match_id = app.create_match("card-game", SETUP, alice).id
    writers = [app, other]
    for number, line in enumerate(OPENING, start=1):
        writer, reader = writers[number % 2], writers[(number + 1) % 2]
        written = writer.record(match_id, parse_entry("card-game", line), alice)
        assert written.version == 1 + number == writer.version_of(match_id)
        seen = reader.get_match(match_id)
        assert (seen.version, len(seen.log)) == (1 + number, number)
        assert seen.log[-1] == written.line
    stored = as_stored(store_url, match_id)
    assert as_kept(app, match_id) == stored == as_kept(other, match_id)
    assert app.get_match(match_id).situation["score"]["toho"] == 1


def test_a_match_read_while_it_is_written_stays_as_it_was_read(
    app: Touchline, alice: Author
) -> None:
    match_id = opened(app, alice, upto=9)
    reading = app.load_record(match_id)
    lines, state = [to_data(line) for line in reading.log], reading.game
    app.record(match_id, parse_entry("card-game", OPENING[9]), alice)
    app.undo(match_id, alice)
    assert [to_data(line) for line in reading.log] == lines and reading.game == state
    assert reading.version == 10 and app.load_record(match_id).version == 12


def test_an_undo_and_a_remark_made_elsewhere_bring_the_kept_match_to_a_fresh_fold(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice)
    assert app.get_match(match_id).situation["score"]["toho"] == 1
    other.undo(match_id, alice)
    other.annotate(match_id, 3, "the roll was replayed", alice)
    seen = app.get_match(match_id)
    assert seen.situation["score"] == {"nankatsu": 0, "toho": 0}
    assert as_kept(app, match_id) == as_stored(store_url, match_id) == as_kept(other, match_id)


def test_two_threads_of_one_process_writing_at_once_each_record_exactly_once(
    app: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice, upto=9)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def enter(line: str, key: str) -> None:
        barrier.wait()
        try:
            app.record(match_id, parse_entry("card-game", line), alice, key=key)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [
        threading.Thread(target=enter, args=("roll coach=toho value=5", "a")),
        threading.Thread(target=enter, args=("roll coach=nankatsu value=2", "b")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(line.key for line in app.get_match(match_id).log if line.key) == ["a", "b"]
    assert as_kept(app, match_id) == as_stored(store_url, match_id)


def test_an_entry_in_a_kept_match_asks_the_store_for_no_newer_events(
    app: Touchline, store_url: str, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = opened(app, alice, upto=9)
    asked: list[Any] = []
    get = app.events.get
    monkeypatch.setattr(app.events, "get", lambda *a, **k: asked.append(a) or get(*a, **k))
    written = app.record(match_id, parse_entry("card-game", OPENING[9]), alice)
    assert asked == []
    assert written.version == 11
    assert as_kept(app, match_id) == as_stored(store_url, match_id)


def test_an_entry_refused_on_a_kept_copy_behind_the_store_is_judged_on_the_stored_match(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    # Kept here with no entry: an undo would be refused (nothing to undo) by the kept copy.
    match_id = app.create_match("card-game", SETUP, alice).id
    app.load_record(match_id)
    other.record(match_id, parse_entry("card-game", OPENING[0]), alice)
    written = app.undo(match_id, alice)
    assert written.version == 3 and written.line.retracts == 1
    assert as_kept(app, match_id) == as_stored(store_url, match_id) == as_kept(other, match_id)


def test_the_version_seen_elsewhere_is_accepted_by_a_kept_copy_behind_the_store(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice, upto=8)  # kept here at version 9
    seen = other.record(match_id, parse_entry("card-game", OPENING[8]), alice).version
    written = app.record(
        match_id, parse_entry("card-game", OPENING[9]), alice, expected_version=seen
    )
    assert written.version == seen + 1 == 11
    with pytest.raises(StaleMatch):
        app.record(match_id, parse_entry("card-game", OPENING[10]), alice, expected_version=seen)
    assert as_kept(app, match_id) == as_stored(store_url, match_id)


def test_a_retry_of_an_entry_stored_elsewhere_is_answered_from_it_by_a_kept_copy_behind(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice, upto=9)  # kept here at version 10
    first = other.record(match_id, parse_entry("card-game", OPENING[9]), alice, key="tap")
    again = app.record(match_id, parse_entry("card-game", OPENING[9]), alice, key="tap")
    assert again.repeat and again.version == first.version == 11
    assert again.line == first.line
    assert as_stored(store_url, match_id)[0] == 11
    assert as_kept(app, match_id) == as_stored(store_url, match_id)


def test_a_kept_match_seen_behind_the_store_is_brought_up_to_date_before_a_write(
    app: Touchline, other: Touchline, store_url: str, alice: Author
) -> None:
    match_id = opened(app, alice, upto=9)  # kept here at version 10
    other.record(match_id, parse_entry("card-game", "roll coach=toho value=5"), alice)
    # The live pages' watcher asks for the newest versions and sees version 11.
    assert app.newest_versions([UUID(match_id)]) == {UUID(match_id): 11}
    saves = _counting_saves(app)
    # An entry the kept copy would take too: without the watcher's word, its save of
    # version 11 would fail first (the race test above).
    written = app.record(match_id, parse_entry("card-game", "roll coach=nankatsu value=2"), alice)
    assert saves == [None]
    assert written.version == 12
    assert as_kept(app, match_id) == as_stored(store_url, match_id)
    # Up to date again: the next write goes ahead on the kept match.
    asked: list[Any] = []
    get = app.events.get
    app.events.get = lambda *a, **k: asked.append(a) or get(*a, **k)  # type: ignore[method-assign]
    assert app.annotate(match_id, 1, "a fine kick-off", alice).version == 13
    assert asked == [] and saves == [None, None]
