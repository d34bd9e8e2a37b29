"""What a process holds once it has started is frozen out of the collector's full sweeps
(service/frozen_heap.py): once, when the web app is made and when a command opens the
application, and never again in the same process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(probe: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_web_app_freezes_what_it_started_with_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'touchline.sqlite3'}"
    probe = (
        "import gc\n"
        "from web import create_app\n"
        "print(gc.get_freeze_count())\n"
        f"app = create_app({{'DATABASE_URL': {url!r}, 'SECRET_KEY': 'b' * 64}})\n"
        "print(gc.get_freeze_count())\n"
        "made = [[] for _ in range(1000)]\n"
        f"create_app({{'DATABASE_URL': {url!r}, 'SECRET_KEY': 'b' * 64}})\n"
        "print(gc.get_freeze_count())\n"
    )
    before, after, again = run(probe).split()
    assert before == "0"
    # The modules, the app and its blueprints: tens of thousands of objects.
    assert int(after) > 10_000
    # A second app (as each test makes one) freezes nothing more: what it made since is swept.
    assert again == after


def test_a_command_freezes_what_it_started_with_when_it_opens_the_application(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'touchline.sqlite3'}"
    probe = (
        "import gc\n"
        "from cli.context import Context\n"
        f"context = Context({url!r}, 'Ann')\n"
        "print(gc.get_freeze_count())\n"
        "context.app\n"
        "print(gc.get_freeze_count())\n"
        "context.close()\n"
    )
    before, after = run(probe).split()
    assert before == "0"
    assert int(after) > 10_000
