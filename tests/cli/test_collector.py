"""A command runs with the collector's youngest generation collected less often
(cli/collector.py): the objects a command's start makes live until it ends. The collector still
runs and frees cycles, and Python's thresholds are back once the command is done."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from cli.collector import YOUNGEST_THRESHOLD, collector_paced_for_a_command


class Node:
    def __init__(self) -> None:
        self.itself = self


def test_a_command_collects_its_youngest_generation_less_often_and_puts_it_back() -> None:
    before = gc.get_threshold()
    with collector_paced_for_a_command():
        assert gc.get_threshold() == (YOUNGEST_THRESHOLD, *before[1:])
        assert gc.isenabled()
    assert gc.get_threshold() == before
    with pytest.raises(KeyError), collector_paced_for_a_command():
        raise KeyError("a command that fails")
    assert gc.get_threshold() == before


def test_the_collector_still_frees_cycles_during_a_command() -> None:
    with collector_paced_for_a_command():
        first = Node()
        freed = weakref.ref(first)
        del first
        # More objects than the threshold, each a cycle that only the collector frees.
        for _ in range(2 * YOUNGEST_THRESHOLD):
            Node()
        assert freed() is None


def test_touchline_runs_its_command_with_the_threshold() -> None:
    probe = (
        "import gc, sys\n"
        "import cli.context\n"
        "made = cli.context.Context.__init__\n"
        "def noted(self, *args):\n"
        "    print('threshold', gc.get_threshold()[0])\n"
        "    made(self, *args)\n"
        "cli.context.Context.__init__ = noted\n"
        "from cli.main import main\n"
        "sys.argv = ['touchline', 'rules', 'card-game']\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.splitlines()[0] == f"threshold {YOUNGEST_THRESHOLD}"
