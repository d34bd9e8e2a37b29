"""The newest versions of many matches, in one query, on both stores."""

from __future__ import annotations

from uuid import UUID, uuid4

import psycopg
import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.errors import DatabaseUnavailable
from tests.opening import OPENING, SETUP, record_text

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


def test_each_match_has_its_newest_version_and_unknown_ids_are_left_out(store_url: str) -> None:
    touchline = Touchline(settings_for_url(store_url))
    played = touchline.create_match("card-game", SETUP, ALICE).id
    fresh = touchline.create_match("card-game", SETUP, ALICE).id
    for line in OPENING[:3]:
        record_text(touchline, played, line, ALICE)
    touchline.undo(played, ALICE)
    unknown = uuid4()
    found = touchline.newest_versions([UUID(played), UUID(fresh), unknown])
    assert found == {UUID(played): touchline.version_of(played), UUID(fresh): 1}
    assert found[UUID(played)] == 5
    assert touchline.newest_versions([]) == {}


def test_many_matches_are_asked_about_at_once(store_url: str) -> None:
    touchline = Touchline(settings_for_url(store_url))
    ids = [UUID(touchline.create_match("card-game", SETUP, ALICE).id) for _ in range(3)]
    # More ids than SQLite's oldest limit on a statement's variables.
    asked = ids + [uuid4() for _ in range(1200)]
    assert touchline.newest_versions(asked) == dict.fromkeys(ids, 1)


@pytest.mark.postgres
def test_a_store_that_went_away_is_unavailable(postgres_url: str) -> None:
    touchline = Touchline(settings_for_url(postgres_url))
    match_id = UUID(touchline.create_match("card-game", SETUP, ALICE).id)
    dbname = postgres_url.rsplit("/", 1)[1]
    with psycopg.connect(postgres_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{dbname}" WITH (FORCE)')
    with pytest.raises(DatabaseUnavailable, match="cannot use the database"):
        touchline.newest_versions([match_id])
