"""A command run in a fresh interpreter behind a probe, a few lines of our own that watch it
(what it imports, compiles or makes) and print what they saw as JSON on the last line as the
command ends; and the store of one new match for it to work on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from tests.opening import SETUP

ROOT = Path(__file__).resolve().parents[2]


def probe_output(probe: str, url: str, *command: str, env: dict[str, str] | None = None) -> str:
    """What the command printed, behind `probe`, on the store at `url`."""
    done = subprocess.run(
        [sys.executable, "-c", probe, "--database", url, *command],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=ROOT,
    )
    return done.stdout


def probed(probe: str, url: str, *command: str, env: dict[str, str] | None = None) -> Any:
    """What `probe` saw of the command: the JSON of the last line printed."""
    return json.loads(probe_output(probe, url, *command, env=env).splitlines()[-1])


def card_match_in(tmp_path: Path) -> tuple[str, str]:
    """A store in `tmp_path` holding one card-game match with nothing recorded: its URL and
    the match."""
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    app = Touchline(settings_for_url(url))
    try:
        match = app.create_match("card-game", SETUP, Author("alice", "2026-12-01T10:00:00+00:00"))
    finally:
        app.close()
    return url, match.id
