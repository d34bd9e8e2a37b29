"""The PostgreSQL recorders send the library's own statements, composed once, not per entry."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import Cursor
from psycopg.sql import Composable

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entry_text import action_from_text
from service.postgres_recorders import ApplicationRecorder
from tests.opening import OPENING, SETUP

pytestmark = pytest.mark.postgres


@pytest.fixture
def postgres_app(postgres_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(postgres_url))
    yield application
    application.close()


def _sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bytes, Any]]:
    """Every statement executed from here on, as the bytes that reached the server."""
    sent: list[tuple[bytes, Any]] = []
    execute = Cursor.execute

    def recording(self: Cursor[Any], query: Any, params: Any = None, **kwargs: Any) -> Any:
        text = query.as_bytes(self.connection) if isinstance(query, Composable) else query
        sent.append((text if isinstance(text, bytes) else text.encode(), params))
        return execute(self, query, params, **kwargs)

    monkeypatch.setattr(Cursor, "execute", recording)
    return sent


def _record(app: Touchline, match_id: str, text: str, alice: Author) -> None:
    action, _ = action_from_text(app.get_match(match_id).ruleset, text)
    app.record(match_id, action, alice)


def _counting(composed: list[Composable], as_bytes: Any) -> Any:
    def counting(self: Composable, *args: Any, **kwargs: Any) -> bytes:
        composed.append(self)
        rendered: bytes = as_bytes(self, *args, **kwargs)
        return rendered

    return counting


def test_an_entry_composes_no_sql(
    postgres_app: Touchline, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = postgres_app.create_match("card-game", SETUP, alice)
    _record(postgres_app, match.id, OPENING[0], alice)  # the match is kept from here on
    composed: list[Composable] = []
    # Every kind of piece renders itself; a statement sent as bytes renders none of them.
    for kind in (Composable, *Composable.__subclasses__()):
        monkeypatch.setattr(kind, "as_bytes", _counting(composed, kind.as_bytes))
    for text in OPENING[1:4]:
        _record(postgres_app, match.id, text, alice)
    assert composed == []
    assert postgres_app.version_of(match.id) == 5


def test_every_statement_is_the_librarys_byte_for_byte(
    postgres_app: Touchline, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = postgres_app.create_match("card-game", SETUP, alice)
    for text in OPENING[:3]:
        _record(postgres_app, match.id, text, alice)
    ours = postgres_app.recorder
    assert isinstance(ours, ApplicationRecorder)
    library = PostgresApplicationRecorder(ours.datastore, events_table_name=ours.events_table_name)
    sent = _sent(monkeypatch)

    def both(call: Any) -> None:
        del sent[:]
        from_library = call(library)
        by_library = list(sent)
        del sent[:]
        assert call(ours) == from_library
        assert sent == by_library

    for gt, lte, desc, limit in itertools.product((None, 1), (None, 3), (False, True), (None, 2)):
        options = {"gt": gt, "lte": lte, "desc": desc, "limit": limit}
        both(lambda r, options=options: r.select_events(match.id, **options))
    both(lambda r: r.max_notification_id())
    # An insert: the table lock, NOTIFY and the insert itself, each of another aggregate.
    queries = []
    for recorder in (library, ours):
        del sent[:]
        event = StoredEvent(uuid.uuid4(), 1, "tests:Nothing", b"{}")
        assert len(recorder.insert_events([event]) or []) == 1
        queries.append([query for query, _ in sent])
    assert queries[0] == queries[1]
    assert [query.split()[0] for query in queries[1]] == [b"SET", b"LOCK", b"NOTIFY", b"INSERT"]
