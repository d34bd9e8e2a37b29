"""The commands around the web app: serve, scorer links and annotations."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from service.app import Touchline
from service.config import settings_for_url
from tests.cli.conftest import Run


def test_annotate_adds_a_note_shown_in_the_log(run: Run, new_match: str) -> None:
    assert run("match", "record", new_match, "toss", "winner=toho").exit_code == 0
    result = run("match", "annotate", new_match, "1", "coin landed on the rug")
    assert result.exit_code == 0, result.output
    assert "note 2 on entry 1: coin landed on the rug" in result.output
    shown = run("match", "show", new_match, "--log").output
    assert "    2  Note on line 1: coin landed on the rug  ✎ note   [" in shown


def test_annotate_refuses_an_entry_that_is_not_in_force(run: Run, new_match: str) -> None:
    result = run("match", "annotate", new_match, "5", "nothing here")
    assert result.exit_code == 1
    assert "there is no entry 5 in force" in result.output


def test_scorer_link_issues_a_new_scorer_link_the_owner_can_list(
    run: Run, new_match: str, store_url: str
) -> None:
    result = run("match", "scorer-link", new_match, "--base-url", "https://club.example/")
    assert result.exit_code == 0, result.output
    link = result.output.strip()
    assert link.startswith("https://club.example/in/")
    token = link.rsplit("/", 1)[1]
    app = Touchline(settings_for_url(store_url))
    try:
        grant = app.grant_of(token)
    finally:
        app.close()
    assert grant is not None and grant.role.value == "scorer"
    assert grant.match is not None and grant.match.startswith(new_match)
    listed = run("link", "list", "--match", new_match).output
    assert grant.link[:8] in listed and "scorer" in listed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_answers_on_the_chosen_port(tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "TOUCHLINE_SECRET_KEY": "s" * 32}
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    command = [sys.executable, "-m", "cli.main", "--database", url, "serve", "--port", str(port)]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as answer:
                    assert answer.status == 200
                    assert b'"status":"ok"' in answer.read()
                    break
            except OSError:
                assert server.poll() is None, "the server stopped"
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert f"Touchline on http://127.0.0.1:{port}/" in output


def test_serve_on_port_0_takes_a_free_port_and_names_it_once_listening(tmp_path: Path) -> None:
    env = {**os.environ, "TOUCHLINE_SECRET_KEY": "s" * 32}
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    command = [sys.executable, "-m", "cli.main", "--database", url, "serve", "--port", "0"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        named = re.search(r"Touchline on http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        assert named is not None and named.group(1) != "0"
        # Named only once it listens: it answers at once, with no wait for it to start.
        with urllib.request.urlopen(f"http://127.0.0.1:{named.group(1)}/healthz") as answer:
            assert answer.status == 200
    finally:
        server.terminate()
        server.communicate(timeout=10)
