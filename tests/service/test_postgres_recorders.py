"""The PostgreSQL recorders: the library's statements composed once, not per entry, and an insert
in one call that takes the same lock and sends the same notification as the library's four."""

from __future__ import annotations

import itertools
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent
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
    postgres_app.get_match(match.id)  # and a read of it asks for its newer events
    composed: list[Composable] = []
    # Every kind of piece renders itself; a statement sent as bytes renders none of them.
    for kind in (Composable, *Composable.__subclasses__()):
        monkeypatch.setattr(kind, "as_bytes", _counting(composed, kind.as_bytes))
    for text in OPENING[1:4]:
        _record(postgres_app, match.id, text, alice)
    assert composed == []
    assert postgres_app.version_of(match.id) == 5


def test_an_entry_in_a_kept_match_runs_one_statement_the_insert(
    postgres_app: Touchline, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = postgres_app.create_match("card-game", SETUP, alice)
    _record(postgres_app, match.id, OPENING[0], alice)  # the match is kept from here on
    action, _ = action_from_text(postgres_app.get_match(match.id).ruleset, OPENING[1])
    sent = _sent(monkeypatch)
    postgres_app.record(match.id, action, alice)
    assert len(sent) == 1
    assert b"touchline_insert_event_uuid" in sent[0][0]


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
    # An insert is one call, of a function made when the store was opened: one event's
    # columns as plain values, several events as an array of rows.
    del sent[:]
    event = StoredEvent(uuid.uuid4(), 1, "tests:Nothing", b"{}")
    (notification_id,) = ours.insert_events([event]) or []
    assert [query.split(b"(")[0] for query, _ in sent] == [
        b'SELECT * FROM "public"."touchline_insert_event_uuid"'
    ]
    assert ours.select_events(event.originator_id) == [event]
    assert ours.max_notification_id() == notification_id
    del sent[:]
    other = uuid.uuid4()
    events = [
        StoredEvent(other, 1, "tests:Nothing", b'{"n": 1}'),
        StoredEvent(other, 2, "tests:Nothing", bytes(range(256))),
    ]
    assert ours.insert_events(events) == [notification_id + 1, notification_id + 2]
    assert [query.split(b"(")[0] for query, _ in sent] == [
        b'SELECT * FROM "public"."touchline_insert_events_uuid"'
    ]
    assert ours.select_events(other) == events


@pytest.mark.parametrize("count", [1, 2])
def test_an_insert_refuses_a_version_already_stored_and_stores_nothing_of_it(
    postgres_app: Touchline, count: int
) -> None:
    ours = postgres_app.recorder
    assert isinstance(ours, ApplicationRecorder)
    taken = uuid.uuid4()
    ours.insert_events([StoredEvent(taken, 1, "tests:Nothing", b"{}")])
    newest = ours.max_notification_id()
    clashing = [StoredEvent(taken, 1, "tests:Other", b"[]")]
    if count == 2:
        clashing.insert(0, StoredEvent(uuid.uuid4(), 1, "tests:Nothing", b"{}"))
    with pytest.raises(IntegrityError):
        ours.insert_events(clashing)
    assert ours.select_events(taken) == [StoredEvent(taken, 1, "tests:Nothing", b"{}")]
    assert ours.max_notification_id() == newest


@pytest.mark.parametrize("count", [1, 2])
def test_an_insert_takes_the_event_tables_exclusive_lock_and_notifies(
    postgres_app: Touchline, postgres_url: str, alice: Author, count: int
) -> None:
    postgres_app.create_match("card-game", SETUP, alice)
    ours = postgres_app.recorder
    assert isinstance(ours, ApplicationRecorder)
    table = f"public.{ours.events_table_name}"
    with (
        psycopg.connect(postgres_url, autocommit=True) as listener,
        psycopg.connect(postgres_url) as holder,
    ):
        listener.execute(f"LISTEN {ours.channel_name}")
        holder.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
        inserted: list[Sequence[int] | None] = []
        originator = uuid.uuid4()
        events = [StoredEvent(originator, n, "tests:Nothing", b"{}") for n in range(1, count + 1)]
        writer = threading.Thread(target=lambda: inserted.append(ours.insert_events(events)))
        writer.start()
        waiting: list[str] = []
        for _ in range(200):  # bounded: the lock timeout would end the wait after 3 s
            waiting = [
                row[0]
                for row in listener.execute(
                    "SELECT mode FROM pg_locks WHERE relation = %s::regclass AND NOT granted",
                    (table,),
                )
            ]
            if waiting:
                break
            time.sleep(0.01)
        # The insert waits for the lock the notification log's order needs, not just for
        # the row lock every INSERT takes.
        assert waiting == ["ExclusiveLock"]
        holder.rollback()
        writer.join(timeout=10)
        assert inserted and len(inserted[0] or []) == count
        notices = list(listener.notifies(timeout=5, stop_after=1))
        assert [notice.channel for notice in notices] == [ours.channel_name]
