"""Live-update streams on the ASGI app, served by uvicorn as `touchline serve` does."""

from __future__ import annotations

import http.client
import json
import resource
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest

from domain.match import Author
from service.app import Touchline
from tests.links import issue
from tests.live_server import serving
from tests.opening import OPENING, SETUP, record_text
from tests.streams import open_stream, read_until
from web import create_app
from web.asgi import (
    WANTED_FILES,
    LiveApp,
    create_asgi_app,
    raise_file_limit,
    store_connections,
)
from web.updates import HEARTBEAT

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
# Bounds that only keep a broken test from hanging; nothing is timed.
BOUND_SECONDS = 30.0
OPENING_TEXT = b'retry: 2000\n\nevent: version\ndata: {"version": 1}\n\n'


def live_app(url: str, **config: Any) -> LiveApp:
    settings = {
        "DATABASE_URL": url,
        "SECRET_KEY": "live-stream-test-key-" * 2,
        "POLL_SECONDS": 0.02,
    }
    return LiveApp(create_app({**settings, **config}), threads=2)


def _eventually(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + BOUND_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.02)


@pytest.fixture
def app(sqlite_url: str) -> LiveApp:
    return live_app(sqlite_url)


@pytest.fixture
def base_url(app: LiveApp) -> Iterator[str]:
    with serving(app) as url:
        yield url


@pytest.fixture
def service(app: LiveApp) -> Touchline:
    touchline: Touchline = app.flask_app.extensions["touchline"]
    return touchline


@pytest.fixture
def match_id(service: Touchline) -> str:
    return service.create_match("card-game", SETUP, ALICE).id


def _get(base_url: str, path: str) -> http.client.HTTPResponse:
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=BOUND_SECONDS)
    connection.request("GET", path)
    return connection.getresponse()


def test_more_open_streams_than_threads_still_leave_pages_answered(
    app: LiveApp, base_url: str, match_id: str
) -> None:
    streams = [open_stream(base_url, f"/matches/{match_id}/events") for _ in range(10)]
    try:
        for stream in streams:
            assert OPENING_TEXT in read_until(stream, OPENING_TEXT)
        _eventually(lambda: app.watcher.watching == 10)
        page = _get(base_url, f"/matches/{match_id}")
        assert page.status == 200
        assert b"Nankatsu" in page.read()
    finally:
        for stream in streams:
            stream.close()


# Issue 13's proof for "open live pages never block a scorer".
MANY_STREAMS = 200


def _post_json(base_url: str, path: str, body: Any, token: str) -> http.client.HTTPResponse:
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=BOUND_SECONDS)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    return connection.getresponse()


def test_two_hundred_open_streams_do_not_stop_a_scorers_entry(
    app: LiveApp, base_url: str, service: Touchline, match_id: str
) -> None:
    # A hundred times the request threads, spread over the scorer's match and ten others.
    others = [service.create_match("card-game", SETUP, ALICE).id for _ in range(10)]
    watched = [match_id if n % 10 == 0 else others[n % 10] for n in range(MANY_STREAMS)]
    streams = [open_stream(base_url, f"/matches/{watched_id}/events") for watched_id in watched]
    try:
        opened = [read_until(stream, OPENING_TEXT) for stream in streams]
        assert all(OPENING_TEXT in text for text in opened)
        _eventually(lambda: app.watcher.watching == MANY_STREAMS)
        token = issue(service, "scorer", match=match_id)
        entry = {"text": OPENING[0], "by": "alice"}
        answer = _post_json(base_url, f"/api/matches/{match_id}/entries", entry, token)
        assert answer.status == 201, answer.read()
        assert json.loads(answer.read())["version"] == 2
        # The streams were waiting all along, not cut: those on the scorer's match see it.
        for stream, text, watched_id in zip(streams, opened, watched, strict=True):
            if watched_id == match_id:
                assert b'data: {"version": 2}' in read_until(stream, b'data: {"version": 2}', text)
        assert app.watcher.watching == MANY_STREAMS
    finally:
        for stream in streams:
            stream.close()


def test_a_new_entry_reaches_every_open_stream(
    app: LiveApp, base_url: str, service: Touchline, match_id: str
) -> None:
    streams = [open_stream(base_url, f"/matches/{match_id}/events") for _ in range(5)]
    try:
        opened = [read_until(stream, OPENING_TEXT) for stream in streams]
        _eventually(lambda: app.watcher.watching == 5)
        record_text(service, match_id, OPENING[0], ALICE)
        for stream, text in zip(streams, opened, strict=True):
            assert b'data: {"version": 2}' in read_until(stream, b'data: {"version": 2}', text)
    finally:
        for stream in streams:
            stream.close()


def test_the_stream_keeps_the_pages_headers_and_its_wire_format(
    base_url: str, match_id: str
) -> None:
    answer = _get(base_url, f"/matches/{match_id}/events")
    assert answer.status == 200
    assert answer.getheader("Content-Type") == "text/event-stream; charset=utf-8"
    assert answer.getheader("Cache-Control") == "no-cache"
    assert answer.getheader("X-Content-Type-Options") == "nosniff"
    assert answer.getheader("Content-Length") is None
    assert answer.read1(len(OPENING_TEXT)) == OPENING_TEXT
    answer.close()


def test_a_head_request_answers_the_headers_and_holds_nothing(
    app: LiveApp, base_url: str, match_id: str
) -> None:
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=BOUND_SECONDS)
    for _ in range(app.threads + 1):  # more than the threads: none may stay held
        connection.request("HEAD", f"/matches/{match_id}/events")
        answer = connection.getresponse()
        assert answer.status == 200
        assert answer.read() == b""
    assert app.watcher.watching == 0


def test_a_stream_closes_after_its_lifetime(sqlite_url: str) -> None:
    app = live_app(sqlite_url, STREAM_SECONDS=0.3)
    service: Touchline = app.flask_app.extensions["touchline"]
    match_id = service.create_match("card-game", SETUP, ALICE).id
    with serving(app) as base_url:
        answer = _get(base_url, f"/matches/{match_id}/events")
        text = answer.read()  # read() returns at the stream's end
        # The first heartbeat comes at a random moment, now and then within the short life.
        assert text.startswith(OPENING_TEXT)
        assert text.removeprefix(OPENING_TEXT).replace(HEARTBEAT.encode(), b"") == b""
        _eventually(lambda: app.watcher.watching == 0)


def test_an_unknown_match_is_404_before_streaming(base_url: str) -> None:
    answer = _get(base_url, "/matches/00000000-0000-0000-0000-000000000000/events")
    assert answer.status == 404
    assert answer.getheader("Content-Type", "").startswith("text/html")
    answer.read()


def test_a_page_that_leaves_stops_being_watched(app: LiveApp, base_url: str, match_id: str) -> None:
    stream = open_stream(base_url, f"/matches/{match_id}/events")
    read_until(stream, OPENING_TEXT)
    _eventually(lambda: app.watcher.watching == 1)
    stream.close()
    _eventually(lambda: app.watcher.watching == 0)


def test_stopping_the_server_ends_the_open_streams(app: LiveApp, match_id: str) -> None:
    with serving(app) as base_url:
        answer = _get(base_url, f"/matches/{match_id}/events")
        assert answer.read1(len(OPENING_TEXT)) == OPENING_TEXT
        _eventually(lambda: app.watcher.watching == 1)
    # The server has stopped within its bound: the stream ended cleanly, not by a time-out.
    assert answer.read() == b""


def _post_chunked(base_url: str, path: str, body: bytes) -> http.client.HTTPResponse:
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=BOUND_SECONDS)
    connection.request(
        "POST",
        path,
        body=iter([body]),
        headers={"Content-Type": "application/json"},
        encode_chunked=True,
    )
    return connection.getresponse()


def test_a_request_body_sent_in_chunks_is_read_whole_and_still_bounded(base_url: str) -> None:
    created = json.dumps({"ruleset": "card-game", "setup": SETUP, "by": "bob"}).encode()
    answer = _post_chunked(base_url, "/api/matches", created)
    assert answer.status == 201, answer.read()
    answer.read()
    too_long = b'{"by": "' + b"x" * (3 * 1024 * 1024) + b'"}'
    answer = _post_chunked(base_url, "/api/matches", too_long)
    # Refused once MAX_CONTENT_LENGTH is read (the API reports the cut body as bad JSON).
    assert answer.status in (400, 413)


@pytest.mark.postgres
def test_the_store_going_away_ends_the_streams(postgres_url: str) -> None:
    app = live_app(postgres_url)
    service: Touchline = app.flask_app.extensions["touchline"]
    match_id = service.create_match("card-game", SETUP, ALICE).id
    with serving(app) as base_url:
        streams = [_get(base_url, f"/matches/{match_id}/events") for _ in range(3)]
        for answer in streams:
            assert answer.read1(len(OPENING_TEXT)) == OPENING_TEXT
        _eventually(lambda: app.watcher.watching == 3)
        dbname = postgres_url.rsplit("/", 1)[1]
        admin_url = postgres_url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{dbname}" WITH (FORCE)')
        for answer in streams:
            assert answer.read() == b""  # each stream ends; the browser retries on its own


@pytest.mark.postgres
def test_every_thread_of_the_server_may_hold_a_connection_at_once(postgres_url: str) -> None:
    # More threads than the library's default pool (5, and 10 more when needed) would serve.
    threads = 20
    app = create_asgi_app(
        {"DATABASE_URL": postgres_url, "SECRET_KEY": "pool-test-key-" * 3}, threads
    )
    service: Touchline = app.flask_app.extensions["touchline"]
    try:
        service.list_matches()  # opens the store
        datastore = service.recorder.datastore  # type: ignore[attr-defined]
        users = store_connections(threads)
        all_holding = threading.Barrier(users, timeout=BOUND_SECONDS)
        failures: list[BaseException] = []

        def hold_one() -> None:
            try:
                with datastore.get_connection():
                    all_holding.wait()
            except BaseException as failure:
                failures.append(failure)
                all_holding.abort()

        holders = [threading.Thread(target=hold_one) for _ in range(users)]
        for holder in holders:
            holder.start()
        for holder in holders:
            holder.join(BOUND_SECONDS)
        assert not failures
    finally:
        service.close()


def test_a_server_raises_a_low_file_limit_for_its_open_pages_and_never_lowers_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    reachable = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, reachable), hard))
        assert raise_file_limit() == reachable
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == reachable
        assert raise_file_limit(wanted=64) == reachable
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == reachable
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
