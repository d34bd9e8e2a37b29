"""Two scorers writing one match at once never lose or duplicate an entry."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import StaleMatch
from tests.opening import OPENING, SETUP


@pytest.fixture
def two_scorers(store_url: str) -> Any:
    first = Touchline(settings_for_url(store_url))
    second = Touchline(settings_for_url(store_url))
    yield first, second
    first.close()
    second.close()


def _opened(app: Touchline, author: Author, upto: int) -> str:
    match = app.create_match("card-game", SETUP, author)
    for line in OPENING[:upto]:
        app.record(match.id, parse_entry("card-game", line), author)
    return match.id


def test_a_writer_that_lost_the_race_retries_on_the_new_state(
    two_scorers: Any, alice: Author
) -> None:
    first, second = two_scorers
    match_id = _opened(first, alice, 9)  # both coaches are about to roll
    stale = second.load_record(match_id)
    first.record(match_id, parse_entry("card-game", "roll coach=toho value=5"), alice)

    loads = iter([stale])
    original = second._load
    second._load = lambda ref: next(loads, None) or original(ref)  # type: ignore[method-assign]
    second.record(match_id, parse_entry("card-game", "roll coach=nankatsu value=2"), alice)

    log = first.get_match(match_id).log
    assert [line.action["coach"] for line in log[-2:]] == ["toho", "nankatsu"]
    assert len(log) == 11


def test_a_stale_expected_version_is_refused_with_a_conflict(
    two_scorers: Any, alice: Author
) -> None:
    first, second = two_scorers
    match_id = _opened(first, alice, 9)
    seen = second.get_match(match_id).version
    first.record(match_id, parse_entry("card-game", "roll coach=toho value=5"), alice)
    with pytest.raises(StaleMatch):
        second.record(
            match_id,
            parse_entry("card-game", "roll coach=nankatsu value=2"),
            alice,
            expected_version=seen,
        )
    assert len(first.get_match(match_id).log) == 10


def test_simultaneous_writers_each_record_exactly_once(two_scorers: Any, alice: Author) -> None:
    first, second = two_scorers
    match_id = _opened(first, alice, 9)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def enter(app: Touchline, line: str, key: str) -> None:
        barrier.wait()
        try:
            for _ in range(2):  # a retried request carries the same key
                app.record(match_id, parse_entry("card-game", line), alice, key=key)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [
        threading.Thread(target=enter, args=(first, "roll coach=toho value=5", "a")),
        threading.Thread(target=enter, args=(second, "roll coach=nankatsu value=2", "b")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    log = first.get_match(match_id).log
    assert sorted(line.key for line in log if line.key) == ["a", "b"]
    assert len(log) == 11


def test_a_double_tap_that_collides_on_saving_gets_the_first_entry(
    two_scorers: Any, alice: Author
) -> None:
    first, second = two_scorers
    match_id = _opened(first, alice, 9)
    seen = second.get_match(match_id).version
    stale = second.load_record(match_id)
    roll = parse_entry("card-game", "roll coach=toho value=5")
    stored = first.record(match_id, roll, alice, key="tap", expected_version=seen)

    # The second tap loaded the match before the first was saved, so its save collides.
    loads = iter([stale])
    original = second._load
    second._load = lambda ref: next(loads, None) or original(ref)  # type: ignore[method-assign]
    again = second.record(match_id, roll, alice, key="tap", expected_version=seen)

    assert again.line == stored.line and again.repeat and not stored.repeat
    assert again.version == stored.version == 11
    assert len(first.get_match(match_id).log) == 10


def test_a_stale_page_that_collides_on_saving_is_told_the_version_now(
    two_scorers: Any, alice: Author
) -> None:
    first, second = two_scorers
    match_id = _opened(first, alice, 9)
    seen = second.get_match(match_id).version
    stale = second.load_record(match_id)
    first.record(match_id, parse_entry("card-game", "roll coach=toho value=5"), alice)

    loads = iter([stale])
    original = second._load
    second._load = lambda ref: next(loads, None) or original(ref)  # type: ignore[method-assign]
    with pytest.raises(StaleMatch) as refused:
        second.record(
            match_id,
            parse_entry("card-game", "roll coach=nankatsu value=2"),
            alice,
            expected_version=seen,
        )
    assert refused.value.current_version == seen + 1
    assert len(first.get_match(match_id).log) == 10
