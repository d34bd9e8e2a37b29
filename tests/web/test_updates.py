"""The event stream: the version on opening, each new version, heartbeats, and closing."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text
from web.updates import HAND_OFF_KEY, HEARTBEAT_SECONDS, HandOff, version_stream

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


def versions(chunks: list[str]) -> list[int]:
    return [
        json.loads(chunk.split("data: ", 1)[1])["version"]
        for chunk in chunks
        if chunk.startswith("event: version")
    ]


def test_the_stream_opens_with_retry_and_the_version_and_closes_in_time(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    app.config.update(STREAM_SECONDS=0.2, POLL_SECONDS=0.05)
    response = client.get(f"/matches/{match_id}/events")
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    body = response.get_data(as_text=True)
    assert body.startswith('retry: 2000\n\nevent: version\ndata: {"version": 1}\n\n')


def test_a_new_entry_is_announced_on_an_open_stream(
    app: Flask, client: FlaskClient, service: Touchline, match_id: str
) -> None:
    app.config.update(STREAM_SECONDS=2, POLL_SECONDS=0.02)
    response = client.get(f"/matches/{match_id}/events", buffered=False)
    chunks: Iterator[bytes] = iter(response.response)
    seen = [next(chunks).decode(), next(chunks).decode()]
    assert versions(seen) == [1]
    record_text(service, match_id, OPENING[0], ALICE)
    seen.append(next(chunks).decode())
    assert versions(seen) == [1, 2]
    response.close()


def test_an_unknown_match_is_404_before_streaming(client: FlaskClient) -> None:
    response = client.get("/matches/00000000-0000-0000-0000-000000000000/events")
    assert response.status_code == 404
    assert response.mimetype != "text/event-stream"


def test_on_the_asgi_server_the_view_answers_the_opening_and_hands_the_stream_over(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    app.config.update(STREAM_SECONDS=42)
    hand_off = HandOff()
    response = client.get(
        f"/matches/{match_id}/events", environ_base={"asgi.scope": {HAND_OFF_KEY: hand_off}}
    )
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert "Content-Length" not in response.headers  # the event loop goes on writing
    assert (
        response.get_data(as_text=True) == 'retry: 2000\n\nevent: version\ndata: {"version": 1}\n\n'
    )
    assert hand_off == HandOff(match_id=match_id, version=1, lasting=42.0, taken=True)


def test_an_unknown_match_hands_nothing_over(client: FlaskClient) -> None:
    hand_off = HandOff()
    response = client.get(
        "/matches/00000000-0000-0000-0000-000000000000/events",
        environ_base={"asgi.scope": {HAND_OFF_KEY: hand_off}},
    )
    assert response.status_code == 404
    assert not hand_off.taken


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_a_quiet_stream_sends_heartbeats_and_ends_after_its_time() -> None:
    time = FakeTime()
    chunks = list(version_stream(lambda: 4, 4, 40.0, 1.0, time.clock, time.sleep))
    assert versions(chunks) == [4]
    assert chunks.count(": still here\n\n") == int(40 // HEARTBEAT_SECONDS)
    assert time.now == pytest.approx(40.0)


def test_each_change_is_sent_once() -> None:
    time = FakeTime()
    seen = iter([1, 1, 2, 2, 3])
    chunks = list(version_stream(lambda: next(seen, 3), 1, 5.0, 1.0, time.clock, time.sleep))
    assert versions(chunks) == [1, 2, 3]
