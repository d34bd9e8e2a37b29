"""`touchline serve` keeps answering scorers while many live pages are open.

Each open match page holds a live-update stream. Served from a pool of threads, each stream
held one of them for minutes, and as many open pages as threads froze the whole server. Here
the real command runs with few threads and ten times as many open streams.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.opening import SETUP
from tests.streams import open_stream, read_until

THREADS = 4
STREAMS = 40
# Generous bounds that only keep a broken server from hanging the run; nothing is timed.
ANSWER_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "TOUCHLINE_SECRET_KEY": "s" * 32}
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    command = [sys.executable, "-m", "cli.main", "--database", url, "serve"]
    command += ["--port", str(port), "--threads", str(THREADS)]
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=ANSWER_SECONDS):
                    break
            except OSError:
                assert server.poll() is None, "the server stopped"
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=ANSWER_SECONDS)


def _call(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=ANSWER_SECONDS) as answer:
        return answer.status, answer.read()


def test_open_streams_beyond_the_threads_leave_pages_and_writes_answered(served: str) -> None:
    status, created = _call(
        served, "/api/matches", {"ruleset": "card-game", "setup": SETUP, "by": "scorer"}
    )
    assert status == 201
    match_id = json.loads(created)["match"]["id"]
    token = json.loads(created)["scorer_token"]
    streams = [open_stream(served, f"/matches/{match_id}/events") for _ in range(STREAMS)]
    try:
        opened = [read_until(stream, b'data: {"version": 1}\n\n') for stream in streams]
        assert all(b"event: version" in text for text in opened)

        status, page = _call(served, f"/matches/{match_id}")
        assert status == 200 and b"Nankatsu" in page
        entry = {"action": {"kind": "toss", "winner": "toho"}, "by": "scorer"}
        status, _ = _call(served, f"/api/matches/{match_id}/entries", entry, token)
        assert status == 201

        # Every open page hears of the entry.
        for stream, text in zip(streams, opened, strict=True):
            assert b'data: {"version": 2}' in read_until(stream, b'data: {"version": 2}', text)
    finally:
        for stream in streams:
            stream.close()
