"""The folded game state is kept between loads, and never used for any other version."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain.match import Author, MatchRecord
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from tests.calls import calls_to
from tests.opening import OPENING, SETUP


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every time a match works its game state out from the log."""
    return calls_to(monkeypatch, MatchRecord, "state_at")


def opened(app: Touchline, author: Author) -> str:
    match_id = app.create_match("card-game", SETUP, author).id
    for line in OPENING:
        app.record(match_id, parse_entry("card-game", line), author)
    return match_id


def test_reading_a_match_again_does_not_replay_its_entries(
    app: Touchline, alice: Author, folds: list[tuple[Any, ...]]
) -> None:
    match_id = opened(app, alice)
    folds.clear()
    first = app.get_match(match_id)
    again = app.get_match(match_id)
    assert folds == []
    assert first.situation == again.situation and first.situation["score"]["toho"] == 1


def test_an_undo_works_the_state_out_again(app: Touchline, alice: Author) -> None:
    match_id = opened(app, alice)
    app.undo(match_id, alice)
    assert app.get_match(match_id).situation["score"] == {"nankatsu": 0, "toho": 0}
    assert app.get_match(match_id).situation == app.replay(match_id, len(OPENING) - 1).situation


@pytest.fixture
def second_worker(store_url: str) -> Iterator[Touchline]:
    """Another process on the same store, with a cache of its own."""
    other = Touchline(settings_for_url(store_url))
    yield other
    other.close()


def test_an_entry_made_by_another_worker_is_never_hidden_by_the_cache(
    app: Touchline, second_worker: Touchline, alice: Author
) -> None:
    match_id = app.create_match("card-game", SETUP, alice).id
    for line in OPENING[:-1]:
        app.record(match_id, parse_entry("card-game", line), alice)
    assert app.get_match(match_id).situation["score"]["toho"] == 0
    second_worker.record(match_id, parse_entry("card-game", OPENING[-1]), alice)
    seen = app.get_match(match_id)
    assert seen.version == 1 + len(OPENING)
    assert seen.situation["score"]["toho"] == 1
    fresh = MatchRecord.state_at(app.load_record(match_id), None)
    assert app.load_record(match_id).game == fresh
