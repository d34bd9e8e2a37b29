"""A serving web app collects its youngest generation at a command's pace
(service/collector_pace.py), and its collector still frees cycles."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

from service.collector_pace import YOUNGEST_THRESHOLD, pace_the_youngest_generation

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_app_collects_its_youngest_generation_after_so_many_objects(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'touchline.sqlite3'}"
    probe = (
        "import gc\n"
        "from web import create_app\n"
        "print(*gc.get_threshold())\n"
        f"create_app({{'DATABASE_URL': {url!r}, 'SECRET_KEY': 'b' * 64}})\n"
        "print(*gc.get_threshold())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    before, after = (line.split() for line in done.stdout.splitlines())
    assert before[0] == "700"
    assert after == [str(YOUNGEST_THRESHOLD), *before[1:]]


def test_a_process_that_chose_a_slower_pace_keeps_it() -> None:
    thresholds = gc.get_threshold()
    try:
        gc.set_threshold(2 * YOUNGEST_THRESHOLD, 5, 5)
        pace_the_youngest_generation()
        assert gc.get_threshold() == (2 * YOUNGEST_THRESHOLD, 5, 5)
    finally:
        gc.set_threshold(*thresholds)


class Node:
    def __init__(self) -> None:
        self.itself = self


def test_cycles_are_still_freed_at_that_pace() -> None:
    thresholds = gc.get_threshold()
    try:
        pace_the_youngest_generation()
        first = Node()
        freed = weakref.ref(first)
        del first
        # More objects than the threshold, each a cycle only the collector frees.
        for _ in range(2 * YOUNGEST_THRESHOLD):
            Node()
        assert freed() is None
    finally:
        gc.set_threshold(*thresholds)
