"""Issue 13: a finished command ends without the interpreter taking every module apart
(cli/quick_exit.py), yet with the status, the output and the `atexit` functions of a normal
exit; a command that leaves another thread running exits the normal way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli.quick_exit import exit_status
from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from tests.opening import SETUP

# Runs one command as `touchline` does, with an atexit function, an object whose finaliser
# runs only when the interpreter is taken apart, and, if asked, a thread still running.
PROBE = """
import atexit, os, sys, threading, time, types
class Finalised:
    def __del__(self, write=os.write):
        write(2, b"taken apart\\n")
kept = sys.modules["kept_until_teardown"] = types.ModuleType("kept_until_teardown")
kept.value = Finalised()
del kept
atexit.register(lambda: print("atexit ran", file=sys.stderr))
if sys.argv[1] == "thread":
    import cli.quick_exit
    ending = threading.Event()
    quick_exit = cli.quick_exit.quick_exit
    def ends(code):
        ending.set()
        quick_exit(code)
    cli.quick_exit.quick_exit = ends
    def late():  # still running when the command has finished
        ending.wait()
        time.sleep(0.2)
        print("thread ended", file=sys.stderr)
    threading.Thread(target=late).start()
from cli.main import main
sys.argv = ["touchline", *sys.argv[2:]]
main()
"""


def run(url: str, *command: str, thread: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PROBE, "thread" if thread else "-", "--database", url, *command],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )


@pytest.fixture
def match(tmp_path: Path) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    app = Touchline(settings_for_url(url))
    match_id = app.create_match("card-game", SETUP, Author("alice", "2026-12-01T10:00:00+00:00")).id
    app.close()
    return url, match_id


def test_a_finished_command_ends_without_teardown_but_as_a_normal_exit(
    match: tuple[str, str],
) -> None:
    url, match_id = match
    shown = run(url, "match", "show", match_id)
    assert shown.returncode == 0, shown.stderr
    assert "Nankatsu (Alice) vs Toho (Bob)" in shown.stdout
    assert "atexit ran" in shown.stderr
    assert "taken apart" not in shown.stderr
    recorded = run(url, "match", "record", match_id, "toss", "winner=toho")
    assert recorded.returncode == 0, recorded.stderr
    again = Touchline(settings_for_url(url))
    assert [line.number for line in again.get_match(match_id).log] == [1]
    again.close()


def test_a_refused_command_keeps_its_status_and_message(match: tuple[str, str]) -> None:
    url, _ = match
    refused = run(url, "match", "show", "no-such-match")
    assert refused.returncode == 1
    assert "no match with id 'no-such-match'" in refused.stderr
    assert "atexit ran" in refused.stderr
    usage = run(url, "match", "show")
    assert usage.returncode == 2
    assert "Missing argument" in usage.stderr


def test_a_command_leaving_a_thread_running_exits_the_normal_way(
    match: tuple[str, str],
) -> None:
    url, match_id = match
    shown = run(url, "match", "show", match_id, thread=True)
    assert shown.returncode == 0, shown.stderr
    assert "thread ended" in shown.stderr
    assert "taken apart" in shown.stderr


@pytest.mark.parametrize(("code", "status"), [(None, 0), (0, 0), (2, 2), (256 + 3, 3)])
def test_the_status_is_read_as_python_reads_it(code: object, status: int) -> None:
    assert exit_status(code) == status


def test_a_message_ends_with_1_and_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status("stopped") == 1
    assert capsys.readouterr().err == "stopped\n"
